import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { addTestBank, nav } from './app/helpers';
import { useSignedInApp } from './app/session';

const app = useSignedInApp();

/** Screenshots of the Budget page, looked at by hand (en + fr, light and dark, 1320×900 and 800×600). */
const SHOTS = '/tmp/shots-budget';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true, animations: 'disabled' });

/** "€1,234.50" / "-€12.00" / "1 234,50 €" → a number. */
const amountOf = (text: string) => {
  const digits = text.replace(/[^\d,.]/g, '');
  const value = Number(/,\d{2}$/.test(digits) ? digits.replace(/\./g, '').replace(',', '.') : digits.replace(/,/g, ''));
  return /^[-−]/.test(text.trim()) ? -value : value;
};

const line = (page: Page, category: string) => page.locator(`[data-testid="budget-line"][data-category="${category}"]`);

test('a budget starts from its page, takes amounts typed in place and says what is left', async () => {
  test.setTimeout(120_000);
  const { page } = app;
  await addTestBank(page, 'user_ok');
  await expect(page.getByTestId('connection-status').locator('[data-status="SUCCESS"]')).toBeVisible({ timeout: 60_000 });
  await nav(page, 'Budget');
  await expect(page.getByTestId('budget-start')).toBeVisible();
  await shot(page, 'budget-start-en');
  await page.getByTestId('budget-start-ENVELOPE').click();
  await expect(page.getByTestId('budget-summary')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Budget' })).toBeVisible();

  // The supermarket line: 400 assigned makes it available = 400 − what was spent (nothing carried in a first month).
  const supermarket = line(page, 'SUPERMARKET');
  const spent = amountOf(await supermarket.locator('td').nth(1).innerText());
  const toAssignBefore = amountOf(await page.getByTestId('budget-to-assign').locator('dd').innerText());
  await supermarket.getByTestId('budget-assign').fill('400');
  await supermarket.getByTestId('budget-assign').press('Enter');
  await expect(async () => {
    expect(amountOf(await supermarket.getByTestId('budget-available').innerText())).toBeCloseTo(400 - spent, 2);
  }).toPass();
  expect(amountOf(await page.getByTestId('budget-to-assign').locator('dd').innerText())).toBeCloseTo(toAssignBefore - 400, 2);

  // Not an amount: said under the field, nothing sent.
  await supermarket.getByTestId('budget-assign').fill('abc');
  await supermarket.getByTestId('budget-assign').press('Enter');
  await expect(supermarket.getByTestId('budget-assign-error')).toHaveText('“abc” is not an amount: type a number, such as 120 or 42.50.');
  await supermarket.getByTestId('budget-assign').press('Escape');
  await expect(supermarket.getByTestId('budget-assign')).toHaveValue('400.00');

  // A target in a form: 500 a month asks for 100 more.
  await supermarket.getByTestId('budget-line-settings').click();
  await page.getByTestId('budget-target-kind').selectOption('MONTHLY');
  await page.getByTestId('budget-target-amount').fill('500');
  await shot(page, 'budget-settings-en');
  await page.getByTestId('budget-settings-save').click();
  await expect(supermarket.getByTestId('budget-target-note')).toHaveText('€100.00 more to assign for the target');
  await shot(page, 'budget-month-en');
});

test('the month is in the address; last month’s amounts are copied in one click', async () => {
  const { page } = app;
  const month = (await page.getByTestId('budget-month').innerText()).trim();
  await page.getByTestId('budget-next').click();
  await expect(page.getByTestId('budget-month')).not.toHaveText(month);
  expect(page.url()).toMatch(/\/budget\?month=\d{4}-\d{2}$/);
  await page.reload();
  await expect(page.getByTestId('budget-month')).not.toHaveText(month);
  await page.getByTestId('budget-copy-previous').click();
  await expect(page.getByText('1 amount copied from last month.')).toBeVisible();
  await expect(line(page, 'SUPERMARKET').getByTestId('budget-assign')).toHaveValue('400.00');
  await page.getByTestId('budget-prev').click();
  await expect(page.getByTestId('budget-month')).toHaveText(month);
});

test('in French, dark, and at 800×600 the page reads whole', async () => {
  const { page } = app;
  await nav(page, 'Settings');
  await page.getByTestId('language-select').selectOption('fr');
  await nav(page, 'Budget');
  await expect(page.getByRole('heading', { name: 'Budget' })).toBeVisible();
  await expect(page.getByTestId('budget-to-assign')).toContainText('À répartir');
  await expect(line(page, 'SUPERMARKET').getByTestId('budget-target-note')).toContainText('à répartir pour l’objectif');
  await shot(page, 'budget-month-fr');
  await page.setViewportSize({ width: 800, height: 600 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, 'budget-month-fr-800');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, 'budget-month-fr-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1320, height: 900 });
  await nav(page, 'Réglages');
  await page.getByTestId('language-select').selectOption('en');
});
