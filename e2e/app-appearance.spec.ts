import { expect, test } from '@playwright/test';
import { addTestBank, nav, shot } from './app/helpers';
import { useSignedInApp } from './app/session';

const app = useSignedInApp({ colorScheme: 'dark' });

test('dark mode follows the system, and the layout holds on a narrow window', async () => {
  test.setTimeout(120_000);
  const { page } = app;
  await addTestBank(page, 'user_ok');
  await expect(page.getByTestId('connection-status').locator('[data-status="SUCCESS"]')).toBeVisible({
    timeout: 60_000,
  });
  await nav(page, 'Dashboard');
  await expect(page.getByRole('figure', { name: 'Balance over time' })).toBeVisible({ timeout: 30_000 });
  const background = await page
    .locator('body')
    .evaluate((body) => body.ownerDocument.defaultView!.getComputedStyle(body).backgroundColor);
  expect(background).toBe('rgb(18, 22, 20)');
  await shot(page, 'app-appearance-1-dashboard-dark');
  await nav(page, 'History');
  await expect(page.getByTestId('tx-row').first()).toBeVisible();
  await page.getByTestId('tx-row').first().click();
  await shot(page, 'app-appearance-2-history-dark');

  await page.setViewportSize({ width: 420, height: 860 });
  await nav(page, 'Dashboard');
  await expect(page.getByTestId('net-worth')).toBeVisible();
  // Nothing wider than the window.
  const overflow = await page.locator('html').evaluate((html) => html.scrollWidth - html.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, 'app-appearance-3-narrow');
  await nav(page, 'History');
  await expect(page.getByTestId('tx-row').first()).toBeVisible();
  await shot(page, 'app-appearance-4-narrow-history');
});

test('keyboard only: focus moves into a dialog, stays there, and Escape closes it and returns it', async () => {
  const { page } = app;
  await page.setViewportSize({ width: 1280, height: 860 });
  await nav(page, 'Connections');
  await page.getByTestId('connection-card').getByRole('link').first().click();
  await page.getByRole('button', { name: 'Rename' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Name')).toBeFocused();
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(d.ownerDocument.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Rename' })).toBeFocused();
});
