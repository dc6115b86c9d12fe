import { expect, test, type Page } from '@playwright/test';
import { generateKeyPairSync } from 'node:crypto';
import { nav, shot } from './app/helpers';
import { useSignedInApp } from './app/session';
import { EnableBankingEmulator } from '../test/emulators/enablebanking/server';

/**
 * Enable Banking in the browser app (see docs/api/enablebanking.md): the settings screen takes the application id and
 * the .pem file, the banks appear in Add a connection, and the consent ends with "paste the address you landed on".
 * Enable Banking's API is the project's loopback emulator (test/emulators/enablebanking, COFFER_ENABLEBANKING_URL): its
 * French banks are Mock Banque FR (redirect, PSU headers) and Mock Decoupled Bank (not offered: no redirection), its
 * German one Mock NullRef Bank, its Finnish one Mock Redirect Bank.
 */
/** The redirect URL the settings guide tells the person to register (features/connections/enablebanking.ts). */
const REDIRECT = 'https://coffer.invalid/enablebanking/callback';
const APPLICATION_ID = '0377783c-3414-4bb1-a7d4-0c3eb54cd4b0';
const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const privatePem = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const publicPem = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();
const otherPrivatePem = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();

const emulator = new EnableBankingEmulator();
let emulatorUrl = '';
test.beforeAll(async () => {
  emulator.registerApp({
    application_id: APPLICATION_ID,
    public_key_pem: publicPem,
    name: 'My Coffer',
    redirect_urls: [REDIRECT],
    countries: ['FR', 'DE', 'FI'],
  });
  emulatorUrl = await emulator.start();
});
test.afterAll(async () => {
  await emulator.close();
});

const app = useSignedInApp({ env: () => ({ COFFER_ENABLEBANKING_URL: emulatorUrl }) });

const pem = (name: string, text: string) => ({ name, mimeType: 'application/x-pem-file', buffer: Buffer.from(text) });

async function openEnableBankingSettings(page: Page, settings = 'Settings', tab = 'Enable Banking') {
  await nav(page, settings);
  await page.getByRole('link', { name: tab, exact: true }).click();
  await expect(page.getByTestId('enablebanking-settings')).toBeVisible();
}

/** Add a connection → the emulator's French bank → the consent step (browser: link + paste field). */
async function startConsent(page: Page) {
  await nav(page, 'Connections');
  await page.getByRole('button', { name: 'Add a connection' }).first().click();
  await page.getByLabel('Search by name or country').fill('mock banque');
  await page.getByTestId('provider-option').filter({ hasText: 'Mock Banque FR' }).click();
  await page.getByRole('button', { name: /Continue on Mock Banque FR/ }).click();
  await page.waitForURL(/\/connect-bank$/);
  await expect(page.getByTestId('consent-link')).toBeVisible();
}

/** What the bank does in the browser: follow its page to the redirect URL, which no browser can open. */
async function landedAddress(page: Page, action?: 'deny'): Promise<string> {
  const href = await page.getByTestId('consent-link').getAttribute('href');
  const bank = new URL(href!);
  if (action) bank.searchParams.set('action', action);
  const answer = await page.request.get(bank.toString(), { maxRedirects: 0 });
  expect(answer.status()).toBe(302);
  const location = answer.headers()['location'];
  expect(location.startsWith(REDIRECT)).toBe(true);
  return location;
}

test('settings: the guide shows the redirect URL to register; a wrong file or another application’s key is refused in words', async () => {
  const { page } = app;
  await openEnableBankingSettings(page);
  await expect(page.getByTestId('eb-guide')).toContainText('Activate by linking accounts');
  await expect(page.getByTestId('eb-redirect-url')).toHaveText(REDIRECT);
  await shot(page, 'app-enablebanking-1-settings-guide');

  const input = page.getByTestId('eb-key-input');
  // A public key is not the private key: said before anything is sent.
  await input.setInputFiles(pem(`${APPLICATION_ID}.pem`, publicPem));
  await expect(page.getByRole('alert').filter({ hasText: 'holds a public key' })).toBeVisible();

  // Another application's key: Enable Banking refuses it (401), the screen says what to check.
  await input.setInputFiles(pem(`${APPLICATION_ID}.pem`, otherPrivatePem));
  await expect(page.getByTestId('eb-key-chosen')).toContainText(`${APPLICATION_ID}.pem`);
  // The id was read from the file's name.
  await expect(page.getByLabel('Application id')).toHaveValue(APPLICATION_ID);
  await page.getByRole('button', { name: 'Check and save' }).click();
  await expect(page.getByTestId('eb-error')).toContainText('Enable Banking refuses this key for this application id');
  await shot(page, 'app-enablebanking-2-settings-refused');
});

test('settings: the right key is checked and saved; the application is shown, never the key', async () => {
  const { page } = app;
  await page.getByTestId('eb-key-input').setInputFiles(pem(`${APPLICATION_ID}.pem`, privatePem));
  await page.getByRole('button', { name: 'Check and save' }).click();
  await expect(page.getByTestId('eb-app-name')).toHaveText('My Coffer');
  await expect(page.getByTestId('eb-app-active')).toContainText('Active');
  await expect(page.getByTestId('eb-app-redirects')).toContainText(REDIRECT);
  await expect(page.getByTestId('eb-app-countries')).toContainText('France (FR)');
  await expect(page.locator('body')).not.toContainText('PRIVATE KEY');
  await shot(page, 'app-enablebanking-3-settings-configured');
});

test('Add a connection: the application’s banks, searchable by name and country', async () => {
  const { page } = app;
  await nav(page, 'Connections');
  await page.getByRole('button', { name: 'Add a connection' }).first().click();
  // By the country's name as well as the bank's.
  await page.getByLabel('Search by name or country').fill('germany');
  await expect(page.getByTestId('provider-option').filter({ hasText: 'Mock NullRef Bank' })).toBeVisible();
  await expect(page.getByTestId('provider-option').filter({ hasText: 'Mock Banque FR' })).toHaveCount(0);
  await page.getByLabel('Search by name or country').fill('mock');
  await expect(page.getByTestId('provider-option').filter({ hasText: 'Mock Banque FR' })).toBeVisible();
  await expect(page.getByTestId('provider-option').filter({ hasText: 'Mock NullRef Bank' })).toBeVisible();
  // A bank whose login is not a redirection (decoupled) is not offered: the consent window could not end it.
  await expect(page.getByTestId('provider-option').filter({ hasText: 'Mock Decoupled Bank' })).toHaveCount(0);
  await page.getByLabel('Country', { exact: true }).selectOption('DEU');
  await expect(page.getByTestId('provider-option').filter({ hasText: 'Mock Banque FR' })).toHaveCount(0);
  await expect(page.getByTestId('provider-option').filter({ hasText: 'Mock NullRef Bank' })).toBeVisible();
  await page.getByLabel('Country', { exact: true }).selectOption('FRA');
  await expect(page.getByTestId('provider-option')).toHaveCount(1);
  await shot(page, 'app-enablebanking-4-provider-search');
});

test('consent by pasting the address: wrong pastes and a refusal are explained, the right one connects and synchronizes', async () => {
  test.setTimeout(120_000);
  const { page } = app;
  await startConsent(page);
  await shot(page, 'app-enablebanking-5-paste-step');
  const field = page.getByLabel('The address you landed on');
  const finish = page.getByRole('button', { name: 'Finish the connection' });

  await field.fill('hello');
  await finish.click();
  await expect(page.getByRole('alert').filter({ hasText: 'This is not a web address' })).toBeVisible();

  await field.fill('https://bank.example/done?code=x&state=y');
  await finish.click();
  await expect(page.getByRole('alert').filter({ hasText: 'This is not the address Coffer waits for' })).toBeVisible();

  const denied = await landedAddress(page, 'deny');
  await field.fill(denied);
  await finish.click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'You did not give Mock Banque FR your consent' }),
  ).toBeVisible();
  await expect(page.locator('body')).not.toContainText('access_denied');

  // Another attempt's answer (a state this attempt did not send) is refused.
  const approved = new URL(await landedAddress(page));
  const foreign = new URL(approved);
  foreign.searchParams.set('state', 'someone-else');
  await field.fill(foreign.toString());
  await finish.click();
  await expect(page.getByRole('alert').filter({ hasText: 'belongs to another attempt' })).toBeVisible();

  await field.fill(approved.toString());
  await finish.click();
  await expect(page.getByTestId('connection-detail')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('connection-status').locator('[data-status="SUCCESS"]')).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByTestId('account-row')).toHaveCount(2);
  await expect(page.getByTestId('channel-row')).toContainText(/Consent valid until/);
  // The one code handed out was exchanged (codes are single-use at Enable Banking).
  expect(emulator.openCodes()).toBe(0);
  await shot(page, 'app-enablebanking-6-connected');
});

test('desktop path and renewal: an expired consent is renewed through the consent window, the accounts are kept', async () => {
  test.setTimeout(120_000);
  const { page } = app;
  // The consent expires at the bank: the next synchronization ends TOKEN_EXPIRED.
  emulator.expireSessions();
  await page
    .getByRole('button', { name: /^Sync now/ })
    .first()
    .click();
  const renew = page.getByRole('status').getByRole('button', { name: 'Renew consent' });
  await expect(renew).toBeVisible({ timeout: 60_000 });

  // The desktop shell's bridge (its window is unit-tested with the fake electron module): here the "window"
  // follows the bank's page and answers what the shell would read from the redirect.
  await page.exposeFunction('__followBank', async (url: string) => {
    const answer = await page.request.get(url, { maxRedirects: 0 });
    return answer.headers()['location'] ?? '';
  });
  await page.addInitScript(() => {
    // Only while this test wants it (the next test is the browser app again).
    if (localStorage.getItem('e2e-desktop-bridge') !== '1') return;
    const w = window as unknown as { coffer: unknown; __followBank(url: string): Promise<string> };
    w.coffer = {
      isDesktop: true,
      engineInfo: async () => null,
      notify: async () => undefined,
      openConsent: async (url: string) => {
        const landed = new URL(await w.__followBank(url));
        const code = landed.searchParams.get('code');
        const state = landed.searchParams.get('state');
        return code && state ? { code, state } : { error: landed.searchParams.get('error') ?? 'no_answer' };
      },
    };
  });
  await page.evaluate(() => localStorage.setItem('e2e-desktop-bridge', '1'));
  await page.reload();
  await renew.click();
  await page.waitForURL(/\/connect-bank$/);
  await expect(page.getByRole('heading', { name: 'Renew your consent at Mock Banque FR' })).toBeVisible();
  await shot(page, 'app-enablebanking-7-desktop-renew');
  await page.getByTestId('open-consent-window').click();
  await expect(page.getByTestId('connection-detail')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('connection-status').locator('[data-status="SUCCESS"]')).toBeVisible({
    timeout: 60_000,
  });
  // Matched back by identification_hash: the same two accounts, nothing duplicated.
  await expect(page.getByTestId('account-row')).toHaveCount(2);
  await page.evaluate(() => localStorage.removeItem('e2e-desktop-bridge'));
  await page.reload();
});

test('in French: the settings, the bank search and the paste step', async () => {
  test.setTimeout(90_000);
  const { page } = app;
  await nav(page, 'Settings');
  await page.getByTestId('language-select').selectOption('fr');
  await expect(page.getByRole('heading', { name: 'Réglages' })).toBeVisible();
  await page.getByRole('link', { name: 'Enable Banking', exact: true }).click();
  await expect(page.getByTestId('eb-app-countries')).toContainText('France (FR)');
  await expect(page.getByRole('heading', { name: 'Votre application Enable Banking' })).toBeVisible();
  await shot(page, 'app-enablebanking-fr-1-settings-configured');

  await nav(page, 'Connexions');
  await page.getByRole('button', { name: 'Ajouter une connexion' }).first().click();
  await page.getByRole('searchbox').fill('mock');
  await expect(page.getByTestId('provider-option').filter({ hasText: 'Mock Redirect Bank' })).toBeVisible();
  await shot(page, 'app-enablebanking-fr-2-provider-search');
  await page.getByTestId('provider-option').filter({ hasText: 'Mock Redirect Bank' }).click();
  await page.getByRole('button', { name: /Mock Redirect Bank/ }).click();
  await page.waitForURL(/\/connect-bank$/);
  await expect(page.getByLabel('L’adresse où vous êtes arrivé')).toBeVisible();
  await page.getByLabel('L’adresse où vous êtes arrivé').fill('bonjour');
  await page.getByRole('button', { name: 'Terminer la connexion' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Ce n’est pas une adresse web' })).toBeVisible();
  await shot(page, 'app-enablebanking-fr-3-paste-step');

  // The guide, in French (after removing the application, with confirmation).
  await nav(page, 'Réglages');
  await page.getByRole('link', { name: 'Enable Banking', exact: true }).click();
  await page.getByRole('button', { name: 'Retirer' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Retirer' }).click();
  await expect(page.getByTestId('eb-guide')).toBeVisible();
  await shot(page, 'app-enablebanking-fr-4-settings-guide');
});
