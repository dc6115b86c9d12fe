import { expect, test, type Page } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import { addTestBank, nav } from './app/helpers';
import { useSignedInApp } from './app/session';

const app = useSignedInApp();

/** Screenshots of the Reports page, looked at by hand (en + fr, light and dark). */
const SHOTS = '/tmp/shots-reports';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true, animations: 'disabled' });
const card = (page: Page, kind: string) => page.getByTestId(`report-${kind}`);
/** The viewport with a card's top at its top (the page scrolls inside its main area). */
const cardShot = async (page: Page, kind: string, suffix: string) => {
  await card(page, kind).evaluate((e) => e.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: `${SHOTS}/card-${kind}-${suffix}.png`, animations: 'disabled' });
};
const KINDS = ['income_expense', 'spending_by_category', 'net_worth', 'cash_flow', 'spending_by_tag', 'top_payees'];

test('the six reports of a synchronized bank, each drilling down to the history it counts', async () => {
  test.setTimeout(120_000);
  const { page } = app;
  await addTestBank(page, 'user_ok');
  await expect(page.getByTestId('connection-status').locator('[data-status="SUCCESS"]')).toBeVisible({
    timeout: 60_000,
  });
  await nav(page, 'Reports');
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  for (const kind of KINDS) await expect(card(page, kind)).toBeVisible();
  // Twelve months by default: one row per month.
  await expect(card(page, 'income_expense').locator('tbody tr')).toHaveCount(12);
  await expect(card(page, 'spending_by_category').locator('tbody tr').first()).toBeVisible();
  await expect(card(page, 'spending_by_category').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await shot(page, 'reports-en');
  // The net worth's table gives each account's balance beside the total.
  expect(await card(page, 'net_worth').locator('thead th').count()).toBeGreaterThan(2);
  // The Test Bank's history has neither tags nor payees: the two reports say how to get them.
  await expect(card(page, 'spending_by_tag').getByTestId('report-empty')).toHaveText(
    /Give tags to transactions in the History/,
  );
  for (const kind of KINDS) await cardShot(page, kind, 'en');

  // A category's row opens the history filtered on it, booked rows of the period.
  const row = card(page, 'spending_by_category').locator('tbody tr').first().getByRole('link');
  await row.click();
  await expect(page).toHaveURL(/\/history\?.*categories=[A-Z_]+.*statuses=BOOKED/);
  await page.goBack();
  await expect(card(page, 'income_expense')).toBeVisible();

  // Keyboard: Tab from the card's last button reaches the chart, the arrows move its cursor, Enter opens that month.
  await card(page, 'income_expense').getByRole('button', { name: 'Save as PNG picture' }).focus();
  await page.keyboard.press('Tab');
  const cursor = card(page, 'income_expense').getByTestId('chart-cursor');
  await expect(cursor).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(cursor).toContainText('Income');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/history\?from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-01&statuses=BOOKED$/);
  await page.goBack();

  // Exports: a CSV of the rows shown and a PNG picture of the chart.
  const csvDownload = page.waitForEvent('download');
  await card(page, 'income_expense').getByRole('button', { name: 'Export CSV' }).click();
  const csv = readFileSync(await (await csvDownload).path(), 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('Id,Month,Income,Expense,Net');
  expect(lines).toHaveLength(13);
  const pngDownload = page.waitForEvent('download');
  await card(page, 'spending_by_category').getByRole('button', { name: 'Save as PNG picture' }).click();
  const png = await pngDownload;
  expect(png.suggestedFilename()).toMatch(/^spending_by_category-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.png$/);
  const bytes = readFileSync(await png.path());
  expect([...bytes.subarray(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
  mkdirSync(`${SHOTS}/png`, { recursive: true });
  await png.saveAs(`${SHOTS}/png/spending_by_category.png`);
  // The whole chart at twice its size (a legend's tiny icon, once picked by mistake, made a 170-byte file).
  expect(bytes.readUInt32BE(16)).toBeGreaterThan(800);
  expect(bytes.length).toBeGreaterThan(5_000);
});

test('in French and dark the page reads whole', async () => {
  const { page } = app;
  await nav(page, 'Settings');
  await page.getByTestId('language-select').selectOption('fr');
  await nav(page, 'Rapports');
  await expect(page.getByRole('heading', { name: 'Rapports', level: 1 })).toBeVisible();
  await expect(card(page, 'income_expense').getByRole('heading', { name: 'Revenus et dépenses' })).toBeVisible();
  await expect(card(page, 'income_expense').getByRole('button', { name: 'Exporter en CSV' })).toBeVisible();
  await page.getByRole('button', { name: 'Choisir les jours' }).click();
  await expect(page.getByTestId('report-from')).toBeVisible();
  await shot(page, 'reports-fr');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, 'reports-fr-dark');
  for (const kind of ['spending_by_category', 'net_worth']) await cardShot(page, kind, 'fr-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await nav(page, 'Réglages');
  await page.getByTestId('language-select').selectOption('en');
});
