import { expect, test } from '@playwright/test';
import { addTestBank, nav, shot } from './app/helpers';
import { useSignedInApp } from './app/session';

const app = useSignedInApp();

test('account page: details, savings data, balance history, rename, and its history link', async () => {
  test.setTimeout(120_000);
  const { page } = app;
  await addTestBank(page, 'user_ok');
  await expect(page.getByTestId('connection-status').locator('[data-status="SUCCESS"]')).toBeVisible({
    timeout: 60_000,
  });
  await nav(page, 'Dashboard');
  await page.getByTestId('account-row').filter({ hasText: 'Livret A' }).click();
  await expect(page.getByTestId('account-page')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Livret A' })).toBeVisible();
  const details = page.locator('#account-details');
  await expect(details).toContainText('IBAN');
  await expect(details).toContainText('Savings');
  await expect(details).toContainText('Yield rate');
  await expect(page.getByRole('figure', { name: 'Balance history' })).toBeVisible({ timeout: 30_000 });
  await shot(page, 'app-account-1-savings');

  // Deep link: a reload lands on the same account.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Livret A' })).toBeVisible();

  await page.getByRole('button', { name: 'Rename' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill('Rainy day fund');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Rainy day fund' })).toBeVisible();

  await page.getByRole('button', { name: 'History' }).click();
  await expect(page.getByTestId('history')).toBeVisible();
  await expect(page.getByRole('button', { name: /Accounts · 1/ })).toBeVisible();
  await expect(page.getByTestId('tx-row').first()).toContainText('Rainy day fund');
});

test('a loan account shows its loan data', async () => {
  const { page } = app;
  await nav(page, 'Dashboard');
  await page.getByTestId('account-row').filter({ hasText: 'Prêt' }).click();
  await expect(page.getByTestId('account-page')).toBeVisible();
  await shot(page, 'app-account-2-loan');
});
