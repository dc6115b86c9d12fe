import { expect, test } from '@playwright/test';
import { addTestBank, nav, shot } from './app/helpers';
import { useSignedInApp } from './app/session';
import { EcbEmulator } from '../test/emulators/ecb/server';

/**
 * Money in several currencies in the app (issue 23), the ECB's rates served by the loopback emulator
 * (test/emulators/ecb, COFFER_FX_URL): a euro bank and a British one, the dashboard's total in one currency,
 * a currency without a rate said (never added 1:1), then Settings → Currencies: "refresh now" fetches the
 * missing rate, the reporting currency chosen; in French too.
 */
const today = new Date().toISOString().slice(0, 10);
const ecb = new EcbEmulator();
test.beforeAll(async () => {
  // At first the ECB's file has no pound: the engine's first fetch holds no GBP rate.
  ecb.days = [{ date: today, rates: [['USD', '1.0523'], ['JPY', '163.20'], ['CHF', '0.9312']] }];
  await ecb.start();
});
test.afterAll(async () => {
  await ecb.stop();
});

const app = useSignedInApp({ env: () => ({ COFFER_FX_URL: ecb.baseUrl }) });

test('a euro and a pound bank: one total at the day\'s rates, a missing rate said, refreshed, the currency chosen; in French too', async () => {
  test.setTimeout(180_000);
  const { page } = app;
  await addTestBank(page, 'user_ok');
  await addTestBank(page, 'user_ok_uk');
  await nav(page, 'Connections');
  await expect(page.getByTestId('connection-status').filter({ hasText: 'Up to date' })).toHaveCount(2, { timeout: 60_000 });

  await nav(page, 'Dashboard');
  const total = page.getByTestId('reporting-total');
  await expect(total).toBeVisible({ timeout: 30_000 });
  await expect(total.getByTestId('missing-rate')).toContainText('No exchange rate for GBP');
  await shot(page, 'app-currencies-1-missing-rate');

  // The ECB's next file has the pound: "refresh now" fetches it.
  ecb.addDay({ date: today, rates: [['USD', '1.0523'], ['JPY', '163.20'], ['CHF', '0.9312'], ['GBP', '0.8345']] });
  await nav(page, 'Settings');
  await page.locator('nav.tabs').getByRole('link', { name: 'Currencies' }).click();
  await expect(page.getByTestId('rates-age')).toContainText('Rates of');
  await page.getByRole('button', { name: 'Refresh rates now' }).click();
  await expect(page.getByText('Exchange rates updated')).toBeVisible();
  await page.getByTestId('reporting-currency').selectOption('GBP');
  await expect(page.getByText('Totals are now shown in GBP.')).toBeVisible();
  await shot(page, 'app-currencies-2-settings');

  await nav(page, 'Dashboard');
  await expect(total).toContainText('Everything in GBP');
  await expect(total.getByTestId('missing-rate')).toHaveCount(0);
  await expect(total).toContainText('At the rates of');
  await expect(total.locator('[title]')).toHaveAttribute('title', /1 EUR = 0\.8345 GBP/);
  await shot(page, 'app-currencies-3-total');

  await nav(page, 'Settings');
  await page.getByTestId('language-select').selectOption('fr');
  await page.locator('nav.tabs').getByRole('link', { name: 'Devises' }).click();
  await expect(page.getByTestId('rates-age')).toContainText('Cours du');
  await shot(page, 'app-currencies-4-settings-fr');
  await nav(page, 'Tableau de bord');
  await expect(total).toContainText('Tout en GBP');
  await shot(page, 'app-currencies-5-total-fr');
});
