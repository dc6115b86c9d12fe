import { expect, type Page } from '@playwright/test';
import { test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { addTestBank, nav } from './app/helpers';
import { useSignedInApp } from './app/session';

const app = useSignedInApp();

/** Screenshots of this journey, looked at by hand (en + fr, light + dark, wide + 800×600). */
const SHOTS = '/tmp/shots-ledger';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false, animations: 'disabled' });

const card = (page: Page, title: string | RegExp) => page.getByTestId('accounts-connection').filter({ has: page.getByRole('heading', { name: title }) });

/**
 * The Accounts page: every account with its balance by connection and type, from the navigation; an account
 * kept by hand and its transactions added there (keyboard included), counted in the balance and marked as the
 * person's in the history; then the same in French, and at 800×600 in the dark.
 */
test('accounts by connection and type; an account kept by hand and its transaction, in English', async () => {
  test.setTimeout(150_000);
  const { page } = app;
  await addTestBank(page, 'user_ok');
  await expect(page.getByTestId('connection-status').locator('[data-status="SUCCESS"]')).toBeVisible({ timeout: 60_000 });

  await nav(page, 'Accounts');
  await expect(page.getByRole('heading', { name: 'Accounts', level: 1 })).toBeVisible();
  const bank = page.getByTestId('accounts-connection').first();
  await expect(bank.getByRole('region', { name: /Checking account/ })).toBeVisible();
  await expect(bank.getByTestId('connection-total')).toContainText('Total');

  // Keyboard: the button opens the dialog, a missing name is said, Escape closes it.
  await page.getByTestId('add-manual-account').focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add an account kept by hand' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Add the account' }).click();
  await expect(dialog.getByText('Give it a name (a few words).')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByTestId('add-manual-account').click();
  await dialog.getByLabel('Name').fill('Wallet');
  await dialog.getByLabel('What it holds').selectOption('CASH');
  await dialog.getByLabel('Balance today').fill('120,50');
  await shot(page, '1-add-account-en');
  await dialog.getByRole('button', { name: 'Add the account' }).click();
  await expect(dialog).toBeHidden();
  const manual = card(page, 'Kept by hand');
  await expect(manual.getByTestId('accounts-row').filter({ hasText: 'Wallet' })).toContainText('120.50');

  await manual.getByRole('button', { name: 'Add a transaction to Wallet' }).click();
  const txDialog = page.getByRole('dialog', { name: 'Add a transaction' });
  await expect(txDialog.getByTestId('manual-account-name')).toHaveText('Account: Wallet');
  await txDialog.getByLabel('Amount (EUR)').fill('0');
  await txDialog.getByRole('button', { name: 'Add a transaction' }).click();
  await expect(txDialog.getByText('Say what it was (a few words).')).toBeVisible();
  await expect(txDialog.getByText('Write an amount other than 0.')).toBeVisible();
  await txDialog.getByLabel('Description').fill('Market');
  await txDialog.getByLabel('Amount (EUR)').fill('20,5');
  await shot(page, '2-add-transaction-en');
  await txDialog.getByRole('button', { name: 'Add a transaction' }).click();
  await expect(txDialog).toBeHidden();
  await expect(manual.getByTestId('accounts-row').filter({ hasText: 'Wallet' })).toContainText('100.00');
  await shot(page, '3-accounts-en');

  // Its page: the balance after each transaction, and a reconciliation with a statement, the difference said.
  await manual.getByTestId('account-row').filter({ hasText: 'Wallet' }).click();
  await expect(page.getByTestId('running-row').first()).toContainText('Market');
  await expect(page.getByTestId('running-balance').first()).toHaveText('€100.00');
  await page.getByLabel('Balance on the statement (EUR)').fill('90');
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByTestId('reconciliation-result')).toContainText('the statement says €90.00, Coffer €100.00, a difference of -€10.00');
  await page.getByLabel('Balance on the statement (EUR)').fill('100');
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByTestId('reconciliation-result')).toContainText('the statement and Coffer agree (€100.00)');
  await page.locator('#ledger').scrollIntoViewIfNeeded();
  await shot(page, '3b-account-ledger-en');

  // The history of this one account shows the balance after each row.
  await page.getByRole('button', { name: 'History', exact: true }).click();
  await expect(page.getByTestId('tx-balance-after').first()).toHaveText('= €100.00');
  await shot(page, '3c-history-one-account-en');

  // The history shows it, marked as the person's.
  await nav(page, 'History');
  await page.getByTestId('tx-row').filter({ hasText: 'Market' }).first().click();
  await expect(page.getByTestId('tx-detail-manual')).toHaveText('Entered by you');

  // The connection kept by hand offers no synchronization (there is no bank to ask) and no empty channel list.
  await nav(page, 'Connections');
  await page.getByText('Kept by hand', { exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Kept by hand', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Sync now/ })).toHaveCount(0);
  await expect(page.locator('#channels')).toBeHidden();
});

test('the same in French, in the dark and at 800×600', async () => {
  test.setTimeout(90_000);
  const { page } = app;
  await nav(page, 'Settings');
  await page.getByTestId('language-select').selectOption('fr');
  await expect(page.getByRole('heading', { name: 'Réglages' })).toBeVisible();
  await nav(page, 'Comptes');
  await expect(page.getByRole('heading', { name: 'Comptes', level: 1 })).toBeVisible();
  await page.getByTestId('add-manual-account').click();
  const dialog = page.getByRole('dialog', { name: 'Ajouter un compte tenu à la main' });
  await dialog.getByLabel('Nom').fill('Prêt immobilier');
  await dialog.getByLabel('Ce qu’il contient').selectOption('LOAN');
  await dialog.getByLabel('Solde aujourd’hui').fill('12,345');
  await dialog.getByRole('button', { name: 'Ajouter le compte' }).click();
  await expect(dialog.getByText('Écrivez un montant comme 12,30 (deux décimales au plus).')).toBeVisible();
  await dialog.getByLabel('Solde aujourd’hui').fill('-150 000,00');
  await shot(page, '4-add-account-fr');
  await dialog.getByRole('button', { name: 'Ajouter le compte' }).click();
  await expect(dialog).toBeHidden();
  const manual = card(page, 'Tenus à la main');
  await expect(manual.getByRole('region', { name: 'Crédit' })).toContainText('Prêt immobilier');
  await expect(manual.getByRole('region', { name: 'Crédit' })).toContainText('150');
  await shot(page, '5-accounts-fr');
  await manual.getByTestId('account-row').filter({ hasText: 'Wallet' }).click();
  await page.getByLabel('Solde du relevé (EUR)').fill('95,5');
  await page.getByRole('button', { name: 'Vérifier' }).click();
  await expect(page.getByTestId('reconciliation-result')).toContainText('soit un écart de');
  await page.locator('#ledger').scrollIntoViewIfNeeded();
  await shot(page, '5b-account-ledger-fr');
  await nav(page, 'Comptes');

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 800, height: 600 });
  await expect(page.getByRole('heading', { name: 'Comptes', level: 1 })).toBeVisible();
  await shot(page, '6-accounts-fr-dark-800');
  await manual.getByRole('button', { name: 'Ajouter une opération à Prêt immobilier' }).click();
  await expect(page.getByRole('dialog', { name: 'Ajouter une opération' }).getByTestId('manual-account-name')).toHaveText('Compte : Prêt immobilier');
  await shot(page, '7-add-transaction-fr-dark-800');
  await page.keyboard.press('Escape');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1320, height: 900 });
});
