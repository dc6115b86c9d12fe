import { expect, test } from '@playwright/test';
import { serveEngine, type ServedEngine } from './engine';

let engine: ServedEngine;
test.beforeAll(async () => {
  engine = await serveEngine();
});
test.afterAll(async () => engine.stop());

test('the headless engine serves the app, which reaches the engine', async ({ page }) => {
  await page.goto(engine.hostUrl + '/');
  await expect(page).toHaveTitle(/Coffer/);
  await expect(page.getByTestId('engine-status')).toContainText('running');
  await page.screenshot({ path: 'e2e/screenshots/smoke.png', fullPage: true });
});

test('a deep link is answered with the app (client-side routing)', async ({ page }) => {
  const res = await page.goto(engine.hostUrl + '/connections/42');
  expect(res?.status()).toBe(200);
  await expect(page).toHaveTitle(/Coffer/);
});
