import { expect, test } from '@playwright/test';
import { addTestBank, nav, shot } from './app/helpers';
import { useSignedInApp } from './app/session';

const app = useSignedInApp();

test('100 000 transactions (user_big): loaded in the background, virtualized, searched and filtered quickly', async () => {
  test.setTimeout(300_000);
  const { page } = app;
  await addTestBank(page, 'user_big');
  await expect(page.getByTestId('connection-status').locator('[data-status="SUCCESS"]')).toBeVisible({
    timeout: 180_000,
  });

  await nav(page, 'History');
  // Rows show while the later pages are still loading.
  await expect(page.getByTestId('tx-row').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('history-count')).toHaveText(/^100,000 transactions$/, { timeout: 180_000 });

  // Never more than ~60 rows in the page, however far it scrolls.
  expect(await page.getByTestId('tx-row').count()).toBeLessThanOrEqual(60);
  await page.getByTestId('history-scroll').focus();
  await page.keyboard.press('End');
  await expect(page.locator('[aria-rowindex="100001"]')).toBeVisible();
  expect(await page.getByTestId('tx-row').count()).toBeLessThanOrEqual(60);
  await shot(page, 'app-big-history-1-end');

  // The middle of the list shows its own rows once scrolled to (how smooth that is: `npm run bench -- ui`).
  await page.getByTestId('history-scroll').evaluate((el) => {
    el.scrollTop = el.scrollHeight / 2;
  });
  await expect
    .poll(async () => Number(await page.getByTestId('tx-row').first().getAttribute('aria-rowindex')))
    .toBeGreaterThan(40_000);
  expect(await page.getByTestId('tx-row').count()).toBeLessThanOrEqual(60);

  // A search over 100 000 rows filters them all (client side, precomputed lower-case text).
  await page.getByTestId('history-search').fill('zzzz-nothing-matches');
  await expect(page.getByTestId('history-count')).toContainText('0 transactions of 100,000');
  await page.getByTestId('history-search').fill('');
  await page.getByTestId('sort-amount').click();
  await expect(page.getByTestId('tx-row').first()).toBeVisible();
  await shot(page, 'app-big-history-2-sorted');
});
