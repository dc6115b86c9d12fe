import { expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { addTestBank, nav } from './helpers';

/** Screenshots of the categories-and-payees journeys, looked at by hand. */
const SHOTS = '/tmp/shots-own-categories';
mkdirSync(SHOTS, { recursive: true });
export const ledgerShot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false, animations: 'disabled' });

/** The words of the journey in the app's language. */
export interface LedgerWords {
  settings: string;
  tab: string;
  history: string;
  add: string;
  save: string;
  saved: RegExp;
  bankText: string;
  payees: string;
}

export const EN: LedgerWords = {
  settings: 'Settings',
  tab: 'Categories and payees',
  history: 'History',
  add: 'Add the category',
  save: 'Save',
  saved: /saved/i,
  bankText: 'Bank’s text',
  payees: 'Payees',
};

export const FR: LedgerWords = {
  settings: 'Réglages',
  tab: 'Catégories et bénéficiaires',
  history: 'Historique',
  add: 'Ajouter la catégorie',
  save: 'Enregistrer',
  saved: /enregistr/i,
  bankText: 'Texte de la banque',
  payees: 'Bénéficiaires',
};

/** A bank connected (the test bank's good login), its history loaded. */
export async function connectBank(page: Page): Promise<void> {
  await addTestBank(page, 'user_ok');
  await expect(page.getByTestId('connection-status').locator('[data-status="SUCCESS"]')).toBeVisible({ timeout: 60_000 });
}

/** Settings → Categories and payees: a new category typed and added with the keyboard only. */
export async function addCategoryByKeyboard(page: Page, w: LedgerWords, name: string): Promise<void> {
  await nav(page, w.settings);
  await page.getByRole('link', { name: w.tab }).click();
  const form = page.getByTestId('new-category');
  await form.getByTestId('new-category-name').focus();
  await page.keyboard.type(name);
  await page.keyboard.press('Tab');
  await form.getByTestId('new-category-parent').selectOption('LEISURE');
  await form.getByTestId('new-category-parent').focus();
  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: w.add })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('own-category-name').filter({ hasText: name })).toBeVisible();
}

/** Opens the first row of the history, files it under `category` and gives it `payee`; returns the bank's label. */
export async function fileFirstRow(page: Page, w: LedgerWords, category: string, payee: string): Promise<string> {
  await nav(page, w.history);
  await expect(page.getByTestId('tx-row').first()).toBeVisible({ timeout: 30_000 });
  const row = page.getByTestId('tx-row').first();
  const bankLabel = (await row.getByTestId('tx-label').textContent())!.trim();
  await row.click();
  const editor = page.getByTestId('tx-editor');
  const value = await editor.getByTestId('edit-category').locator('option', { hasText: category }).getAttribute('value');
  expect(value).toMatch(/^custom_\d+$/);
  await editor.getByTestId('edit-category').selectOption(value!);
  await editor.getByTestId('edit-payee').fill(payee);
  await editor.getByRole('button', { name: w.save }).click();
  await expect(page.getByTestId('tx-detail-label')).toHaveText(payee);
  await expect(page.getByTestId('tx-detail-bank-label')).toContainText(bankLabel);
  const edited = page.getByTestId('tx-row').filter({ has: page.getByTestId('tx-label').filter({ hasText: payee }) });
  await expect(edited).toHaveCount(1);
  await expect(edited.getByTestId('tx-category')).toContainText(category);
  return bankLabel;
}

/** The history's payee filter: only the row carrying it stays. */
export async function filterByPayee(page: Page, w: LedgerWords, payee: string): Promise<void> {
  await page.getByRole('search').getByRole('button', { name: new RegExp(`^${w.payees}`) }).click();
  await page.getByRole('group', { name: w.payees }).getByLabel(payee).check();
  await expect(page.getByTestId('tx-row')).toHaveCount(1);
  await expect(page.getByTestId('tx-label')).toHaveText(payee);
}
