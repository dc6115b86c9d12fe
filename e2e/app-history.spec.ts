import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { addTestBank, nav, shot } from './app/helpers';
import { useSignedInApp } from './app/session';

const app = useSignedInApp();

/** The first number of "1,234 transactions" or "12 transactions of 1,234". */
const countOf = async () =>
  Number(/[\d,]+/.exec((await app.page.getByTestId('history-count').textContent()) ?? '')![0].replace(/,/g, ''));

test('history: search, filters, sorting, detail, CSV export and saved filters', async () => {
  test.setTimeout(150_000);
  const { page } = app;
  await addTestBank(page, 'user_ok');
  await expect(page.getByTestId('connection-status').locator('[data-status="SUCCESS"]')).toBeVisible({
    timeout: 60_000,
  });
  await nav(page, 'History');
  await expect(page.getByTestId('tx-row').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('history-count')).not.toContainText('Loading', { timeout: 30_000 });
  const total = await countOf();
  expect(total).toBeGreaterThan(500);
  // Virtualized: only the visible rows (and a few around) are in the page.
  expect(await page.getByTestId('tx-row').count()).toBeLessThanOrEqual(60);

  // Free-text search over the loaded rows.
  await page.getByTestId('history-search').fill('monoprix');
  await expect(async () => {
    const labels = await page.getByTestId('tx-label').allTextContents();
    expect(labels.length).toBeGreaterThan(0);
    for (const l of labels) expect(l.toLowerCase()).toContain('monoprix');
  }).toPass();
  const found = await countOf();
  expect(found).toBeLessThan(total);
  await shot(page, 'app-history-1-search');

  // Amount range (inclusive), by size, money out only.
  await page.getByTestId('history-search').fill('');
  await page.getByTestId('filter-direction').selectOption('out');
  await page.getByTestId('filter-min').fill('10');
  await page.getByTestId('filter-max').fill('20');
  await expect(async () => {
    const amounts = await page.getByTestId('tx-amount').allTextContents();
    expect(amounts.length).toBeGreaterThan(0);
    for (const a of amounts) {
      const v = -Number(a.replace(/[^\d.]/g, ''));
      expect(v).toBeGreaterThanOrEqual(-20);
      expect(v).toBeLessThanOrEqual(-10);
    }
  }).toPass();

  // Sorting by amount, ascending: the smallest (most negative) first.
  await page.getByTestId('sort-amount').click();
  await page.getByTestId('sort-amount').click();
  await expect(async () => {
    const values = (await page.getByTestId('tx-amount').allTextContents()).map(
      (a) => -Number(a.replace(/[^\d.]/g, '')),
    );
    expect(values.slice(0, 5)).toEqual([...values.slice(0, 5)].sort((x, y) => x - y));
  }).toPass();

  // Statuses (included_statuses): only pending rows.
  await page.getByTestId('filter-min').fill('');
  await page.getByTestId('filter-max').fill('');
  await page.getByTestId('filter-direction').selectOption('');
  await page.getByRole('button', { name: 'Statuses' }).click();
  await page.getByRole('group', { name: 'Statuses' }).getByLabel('Pending').check();
  await page.keyboard.press('Escape');
  await expect(async () => {
    const n = await countOf();
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThan(total);
  }).toPass();
  await expect(page.getByTestId('tx-row').first()).toContainText('Pending');

  // Account type.
  await page.getByTestId('filter-account-type').selectOption('CREDIT_CARD');
  await expect(page.getByTestId('tx-row').first()).toContainText('Carte Visa');
  await shot(page, 'app-history-2-filtered');

  // Saved filters (IndexedDB): save, clear, apply again.
  await page.getByRole('button', { name: 'Save filters' }).click();
  await page.getByLabel('Name of these filters').fill('Pending card');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  const filtered = await countOf();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(async () => expect(await countOf()).toBe(total)).toPass();
  await page.getByRole('button', { name: 'Saved filters' }).click();
  await page.getByRole('menuitem', { name: 'Pending card' }).click();
  await expect(async () => expect(await countOf()).toBe(filtered)).toPass();

  // Detail panel: raw bank text, dates, status, category.
  await page.getByTestId('tx-row').first().click();
  const detail = page.getByTestId('tx-detail');
  await expect(detail).toBeVisible();
  await expect(detail).toContainText('Pending');
  await expect(detail).toContainText('Category');
  await shot(page, 'app-history-3-detail');
  // Keyboard: Escape closes the panel from the table.
  await page.getByTestId('history-scroll').focus();
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  // CSV export of exactly what is shown.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const lines = readFileSync(file, 'utf8').trim().split('\n');
  expect(lines.length - 1).toBe(filtered);
  expect(lines[0]).toContain('Date');
});

test('the table stays usable by keyboard and scrolls through every row', async () => {
  const { page } = app;
  await page.getByRole('button', { name: 'Clear filters' }).click();
  const total = await countOf();
  const scroller = page.getByTestId('history-scroll');
  await scroller.focus();
  await page.keyboard.press('End');
  await expect(page.locator(`[aria-rowindex="${total + 1}"]`)).toBeVisible();
  await page.keyboard.press('Home');
  await expect(page.locator('[aria-rowindex="2"]')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('tx-detail')).toBeVisible();
});
