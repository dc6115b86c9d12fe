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

test('the first Tab shows "Skip to content" over the page without moving the layout, and it moves the focus to the page', async () => {
  const { page } = app;
  for (const size of [
    { width: 1280, height: 860 },
    { width: 800, height: 600 },
  ]) {
    await page.setViewportSize(size);
    await nav(page, 'Dashboard');
    await expect(page.getByTestId('net-worth')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('net-worth')).toBeVisible();
    const main = page.locator('main#main');
    const sidebar = page.locator('aside.sidebar');
    const before = { main: await main.boundingBox(), sidebar: await sidebar.boundingBox() };

    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    const box = await skip.boundingBox();
    expect(box && box.width > 20 && box.height > 10 && box.x >= 0 && box.y >= 0).toBe(true);
    expect(await main.boundingBox()).toEqual(before.main);
    expect(await sidebar.boundingBox()).toEqual(before.sidebar);
    if (size.width === 800) await shot(page, 'app-appearance-5-skip-link');

    await page.keyboard.press('Enter');
    expect(await main.evaluate((m) => m === m.ownerDocument.activeElement)).toBe(true);
    await expect(skip).not.toBeInViewport();
    // The next Tab goes on inside the page, not back to the navigation.
    await page.keyboard.press('Tab');
    expect(
      await main.evaluate((m) => m.contains(m.ownerDocument.activeElement) && m !== m.ownerDocument.activeElement),
    ).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/');
  }
});
