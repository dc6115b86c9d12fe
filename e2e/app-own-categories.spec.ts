import { expect, test } from '@playwright/test';
import { nav } from './app/helpers';
import { addCategoryByKeyboard, connectBank, EN, fileFirstRow, filterByPayee, ledgerShot } from './app/ledger-journey';
import { useSignedInApp } from './app/session';

const app = useSignedInApp();

test('a category of their own and a payee: added, used in the history, renamed, merged; the bank text stays', async () => {
  test.setTimeout(180_000);
  const { page } = app;
  await connectBank(page);
  await addCategoryByKeyboard(page, EN, 'Board games');
  await ledgerShot(page, 'en-1-settings-added');

  const bankLabel = await fileFirstRow(page, EN, 'Board games', 'Game shop');
  await ledgerShot(page, 'en-2-history-payee');
  await filterByPayee(page, EN, 'Game shop');
  await ledgerShot(page, 'en-3-history-filtered');
  // The filter is in the address: a reload gives the same rows.
  expect(page.url()).toMatch(/payees=\d+/);

  // Rename the payee and merge the category into a shipped one, from Settings.
  await nav(page, 'Settings');
  await page.getByRole('link', { name: EN.tab }).click();
  const payees = page.getByTestId('payees');
  await expect(payees.getByTestId('payee-name')).toHaveText(['Game shop']);
  await payees.getByRole('button', { name: 'Rename Game shop' }).click();
  await page.getByTestId('rename-input').fill('Dice & Co');
  await page.keyboard.press('Enter');
  await expect(payees.getByTestId('payee-name')).toHaveText(['Dice & Co']);

  const own = page.getByTestId('own-categories');
  await own.getByRole('button', { name: 'Hide Board games' }).click();
  await expect(own.getByTestId('own-category-name')).toContainText('Hidden');
  await ledgerShot(page, 'en-4-settings-hidden');
  await own.getByRole('button', { name: 'Show Board games' }).click();
  await own.getByRole('button', { name: 'Merge… Board games' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByTestId('merge-into').selectOption('BOOKS_GAMES');
  await ledgerShot(page, 'en-5-merge-dialog');
  await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
  await expect(page.getByText('«Board games» merged: 1 transactions moved.')).toBeVisible();
  await expect(own.getByTestId('own-category-name')).toHaveCount(0);

  // The history shows the new payee name and the merged category, without a reload; the bank text stays.
  await nav(page, 'History');
  const row = page.getByTestId('tx-row').filter({ has: page.getByTestId('tx-label').filter({ hasText: 'Dice & Co' }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('tx-category')).toContainText('Books & games');
  await row.click();
  await expect(page.getByTestId('tx-detail-bank-label')).toContainText(bankLabel);
});
