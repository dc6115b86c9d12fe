import { expect, type Page } from '@playwright/test';
import { test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { addTestBank, nav } from './app/helpers';
import { useSignedInApp } from './app/session';

const app = useSignedInApp();

/** Screenshots of this journey, looked at by hand (en + fr, light + dark, wide + 800×600). */
const SHOTS = '/tmp/shots-history';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false, animations: 'disabled' });

/**
 * The cells of the visible rows whose text does not fit (the browser cuts it with an ellipsis) and that give
 * no other way to read it (no title with the full text).
 */
async function unreadableCells(page: Page, testId: string) {
  return page.getByTestId(testId).evaluateAll((cells) =>
    cells
      .filter((c) => (c as HTMLElement).offsetParent !== null)
      .filter(
        (c) =>
          (c.scrollWidth > c.clientWidth + 1 || c.scrollHeight > c.clientHeight + 1) &&
          !(c.getAttribute('title') ?? '').startsWith(c.textContent ?? ''),
      )
      .map((c) => `${c.textContent} (${c.scrollWidth}>${c.clientWidth})`),
  );
}

/** The cells of the visible rows whose text is cut at all. */
async function cutCells(page: Page, testId: string) {
  return page.getByTestId(testId).evaluateAll((cells) =>
    cells
      .filter((c) => (c as HTMLElement).offsetParent !== null)
      .filter((c) => c.scrollWidth > c.clientWidth + 1 || c.scrollHeight > c.clientHeight + 1)
      .map((c) => `${c.textContent} (${c.scrollWidth}>${c.clientWidth})`),
  );
}

/** The amounts of the visible rows that something else (the details panel) lies on top of. */
async function coveredAmounts(page: Page) {
  return page.getByTestId('tx-amount').evaluateAll((cells) =>
    cells
      .filter((c) => (c as HTMLElement).offsetParent !== null)
      .filter((c) => {
        const r = c.getBoundingClientRect();
        const y = r.top + r.height / 2;
        if (y < 0 || y > window.innerHeight) return false;
        const hit = document.elementFromPoint(r.right - 4, y);
        return !!hit && !c.contains(hit);
      })
      .map((c) => c.textContent),
  );
}

async function visibleCount(page: Page, testId: string) {
  return page
    .getByTestId(testId)
    .evaluateAll((cells) => cells.filter((c) => (c as HTMLElement).offsetParent !== null).length);
}

test('defect 9: account, category and the amount of the details stay readable, wide and at 800×600', async () => {
  test.setTimeout(150_000);
  const { page } = app;
  await addTestBank(page, 'user_ok');
  await expect(page.getByTestId('connection-status').locator('[data-status="SUCCESS"]')).toBeVisible({
    timeout: 60_000,
  });
  await nav(page, 'History');
  await expect(page.getByTestId('tx-row').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('history-count')).not.toContainText('Loading', { timeout: 30_000 });

  // A wide window: every account and category name is shown whole.
  await page.setViewportSize({ width: 1320, height: 900 });
  await expect(async () => {
    expect(await visibleCount(page, 'tx-account')).toBeGreaterThan(5);
    expect(await cutCells(page, 'tx-account')).toEqual([]);
    expect(await cutCells(page, 'tx-category')).toEqual([]);
  }).toPass({ timeout: 10_000 });

  // The details open beside the table: the amount fits its panel, the table still names account and category.
  await page.getByTestId('tx-row').first().click();
  const detail = page.getByTestId('tx-detail');
  await expect(detail).toBeVisible();
  const amount = detail.getByTestId('tx-detail-amount');
  const clipped = () =>
    amount.evaluate((el) => {
      const panel = el.closest('[data-testid="tx-detail"]')!.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      return el.scrollWidth > el.clientWidth + 1 || box.right > panel.right + 0.5;
    });
  expect(await clipped()).toBe(false);
  expect(await visibleCount(page, 'tx-category')).toBeGreaterThan(5);
  expect(await unreadableCells(page, 'tx-account')).toEqual([]);
  expect(await unreadableCells(page, 'tx-category')).toEqual([]);
  // The account column gave way to the panel: the account is named under each label instead.
  if ((await visibleCount(page, 'tx-account')) === 0) {
    expect(await visibleCount(page, 'tx-account-sub')).toBeGreaterThan(5);
    expect(await unreadableCells(page, 'tx-account-sub')).toEqual([]);
  }
  await shot(page, 'd9-wide-detail');

  // The largest amount (a salary of several thousands, with its currency) in the panel at 800×600.
  await detail.getByRole('button', { name: 'Close' }).click();
  await page.setViewportSize({ width: 800, height: 600 });
  await page.getByTestId('sort-amount').click();
  await page.getByTestId('tx-row').first().click();
  await expect(detail).toBeVisible();
  expect(await clipped()).toBe(false);
  // Nor does the panel cover the amounts of the table (it used to float over the Amount column).
  expect(await coveredAmounts(page)).toEqual([]);
  await shot(page, 'd9-800-detail');
  await detail.getByRole('button', { name: 'Close' }).click();

  // 800×600: the category is still in the table, and any name cut short can be read whole (title).
  await expect(async () => {
    expect(await visibleCount(page, 'tx-category')).toBeGreaterThan(3);
    expect((await visibleCount(page, 'tx-account')) + (await visibleCount(page, 'tx-account-sub'))).toBeGreaterThan(3);
    expect(await unreadableCells(page, 'tx-account')).toEqual([]);
    expect(await unreadableCells(page, 'tx-account-sub')).toEqual([]);
    expect(await unreadableCells(page, 'tx-category')).toEqual([]);
  }).toPass({ timeout: 10_000 });
  await shot(page, 'd9-800-table');
});
