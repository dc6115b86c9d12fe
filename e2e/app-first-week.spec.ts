/**
 * The smaller defects of a first week (issue 15, defect 11): a refused consent in words, the bank page in the
 * app's language, key rotation confirmed, changing the password, no consent screen for the app itself, and the
 * statement folder asked as a visible path.
 */
import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OWNER, nav, shot } from './app/helpers';
import { useSignedInApp } from './app/session';

const app = useSignedInApp();

/** The app's add flow up to the test bank's consent page (REDIRECT channel). */
async function openBankConsent(page: Page, labels = { connections: 'Connections', add: 'Add a connection' }) {
  await nav(page, labels.connections);
  await page.getByRole('button', { name: labels.add }).first().click();
  await page.getByTestId('provider-option').filter({ hasText: 'Coffer Test Bank' }).click();
  await page.locator('[data-testid="channel-option"][data-mode="REDIRECT"]').click();
  await page
    .getByRole('button', { name: /Coffer Test Bank/ })
    .last()
    .click();
  await page.waitForURL(/\/providers\/9000\/consent\?/);
  await expect(page.locator('#login')).toBeVisible();
}

/**
 * Signs out and waits until the sign-in screen shows: the app forgets the stored session before it shows that
 * screen, so a navigation started earlier could still find the session and come back signed in.
 */
async function signOut(page: Page, labels = { signOut: 'Sign out', signIn: 'Sign in' }) {
  await page.getByRole('button', { name: labels.signOut }).click();
  await expect(page.getByRole('button', { name: labels.signIn, exact: true })).toBeVisible();
}

test('a consent refused at the bank is said in words, with a way to try again; no raw error code', async () => {
  test.setTimeout(90_000);
  const { page } = app;
  await openBankConsent(page);
  await page.locator('#login').fill('user_ok');
  await page.locator('button[name="decision"][value="continue"]').click();
  await page.locator('button[name="decision"][value="refuse"]').click();
  await page.waitForURL(/\/connect-callback\?/);
  const card = page.locator('.page');
  await expect(card).toContainText('You did not authorize access at your bank, so nothing was connected.');
  await expect(card).not.toContainText('access_denied');
  await expect(page.getByRole('link', { name: 'Try again' })).toBeVisible();
  await shot(page, 'app-first-week-1-refused');

  // A bank that is down, and a code nobody knows: readable too.
  await page.goto(`${app.engine.hostUrl}/connect-callback?error=temporarily_unavailable&state=x`);
  await expect(card).toContainText('The bank’s service is not available right now.');
  await expect(card).not.toContainText('temporarily_unavailable');
  await page.goto(`${app.engine.hostUrl}/connect-callback?error=weird_bank_code&state=x`);
  await expect(card).toContainText('The bank did not authorize the connection (it answered “weird_bank_code”).');
  await page.getByRole('link', { name: 'Back to connections' }).click();
  await expect(page.getByRole('heading', { name: 'Connections' })).toBeVisible();
});

test('the app in French sends the person to the bank page in French', async () => {
  test.setTimeout(90_000);
  const { page } = app;
  await nav(page, 'Settings');
  await page.getByTestId('language-select').selectOption('fr');
  await expect(page.getByRole('heading', { name: 'Réglages' })).toBeVisible();
  try {
    await openBankConsent(page, { connections: 'Connexions', add: 'Ajouter une connexion' });
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Autoriser l’accès à vos comptes');
    await page.locator('#login').fill('user_ok');
    await page.locator('button[name="decision"][value="continue"]').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choisissez les comptes à partager');
    await shot(page, 'app-first-week-2-bank-fr');
    await page.locator('button[name="decision"][value="refuse"]').click();
    await page.waitForURL(/\/connect-callback\?/);
    await expect(page.locator('.page')).toContainText('Vous n’avez pas autorisé l’accès auprès de votre banque');
    await shot(page, 'app-first-week-3-refused-fr');
    // Signing in again: the sign-in page speaks the app's language too, not the browser's.
    await signOut(page, { signOut: 'Se déconnecter', signIn: 'Se connecter' });
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL(/\/auth\/authorize\?/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await page.locator('#email').fill(OWNER.email);
    await page.locator('#password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Me connecter', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Tableau de bord' })).toBeVisible();
  } finally {
    await page.goto(app.engine.hostUrl + '/settings');
    await page.getByTestId('language-select').selectOption('en');
    await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  }
});

test('rotating the signing key asks first and says what it changes', async () => {
  const { page } = app;
  await page.goto(app.engine.hostUrl + '/settings/sign-keys');
  await expect(page.getByText('Current', { exact: true })).toHaveCount(1);
  await page.getByRole('button', { name: 'Rotate signing key' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Rotate the signing key?');
  await expect(dialog).toContainText('must fetch the new public key');
  await shot(page, 'app-first-week-4-rotate-confirm');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText(/Deprecated since/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Rotate signing key' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Rotate the key' }).click();
  await expect(page.getByText(/Deprecated since/)).toHaveCount(1);

  // Revoking an OAuth client (its secret stops working for every program using it) asks first too.
  await page.locator('nav.tabs').getByRole('link', { name: 'OAuth clients' }).click();
  await page.getByLabel('Client name').fill('budget-sync');
  await page.getByRole('button', { name: 'Create client' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
  const table = page.getByRole('table', { name: 'OAuth clients' });
  await table.getByRole('button', { name: 'Revoke budget-sync' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Revoke the client “budget-sync”?');
  await expect(confirm).toContainText('Its secret stops working at once');
  await shot(page, 'app-first-week-4b-revoke-confirm');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(table).toContainText('budget-sync');
  await table.getByRole('button', { name: 'Revoke budget-sync' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(table).not.toContainText('budget-sync');
});

test('the owner signs in to their own app without a consent screen; a third-party client still asks', async () => {
  test.setTimeout(60_000);
  const { page } = app;
  await signOut(page);
  // A refusal coming back from the sign-in page is said in words.
  await page.goto(`${app.engine.hostUrl}/auth-callback?error=access_denied&state=x`);
  await expect(page.locator('body')).toContainText('You chose not to sign in.');
  await expect(page.locator('body')).not.toContainText('access_denied');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/auth\/authorize\?/);
  await expect(page.locator('body')).not.toContainText('wants to use your Coffer data');
  await expect(page.locator('button[value="deny"]')).toHaveCount(0);
  await shot(page, 'app-first-week-5-sign-in');
  await page.locator('#email').fill(OWNER.email);
  await page.locator('#password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  // Signed in, an old sign-in answer (the Back button, a bookmark) leads to the dashboard, not to "Not found".
  await page.goto(`${app.engine.hostUrl}/auth-callback?error=access_denied&state=x`);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page).toHaveURL(`${app.engine.hostUrl}/`);

  // Another application (the integrator client) must still show what it asks and let the person refuse.
  const client = app.engine.integrator()!;
  const thirdParty = new URL(`${app.engine.hostUrl}/auth/authorize`);
  for (const [k, v] of Object.entries({
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: 'http://127.0.0.1:53682/callback',
    scope: 'profile accounts_read',
    state: 'third-party',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  }))
    thirdParty.searchParams.set(k, v);
  const other = await page.context().newPage();
  await other.goto(thirdParty.toString());
  await expect(other.locator('body')).toContainText('wants to use your Coffer data');
  await expect(other.locator('button[value="deny"]')).toBeVisible();
  await other.close();
});

test('changing the password: the current one is checked, the new one signs in, the old one no longer does', async () => {
  test.setTimeout(60_000);
  const { page } = app;
  const NEW = 'difference-engine-2';
  await page.goto(app.engine.hostUrl + '/settings');
  const card = page.locator('#password');
  await card.getByLabel('Current password').fill('not-my-password');
  await card.getByLabel('New password', { exact: true }).fill(NEW);
  await card.getByRole('button', { name: 'Change password' }).click();
  await expect(card).toContainText('The current password is not right');
  await card.getByLabel('New password', { exact: true }).fill('short');
  await card.getByLabel('Current password').fill(OWNER.password);
  await card.getByRole('button', { name: 'Change password' }).click();
  await expect(card).toContainText('at least 8 characters');
  await card.getByLabel('New password', { exact: true }).fill(NEW);
  await shot(page, 'app-first-week-6-password');
  await card.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password was changed')).toBeVisible();
  // This session goes on.
  await nav(page, 'Connections');
  await expect(page.getByRole('heading', { name: 'Connections' })).toBeVisible();

  await signOut(page);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('#email').fill(OWNER.email);
  await page.locator('#password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.locator('[role="alert"]')).toContainText('Wrong e-mail or password');
  await page.locator('#password').fill(NEW);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('the statement folder is a visible path; in a browser the page says how to paste it', async () => {
  const { page } = app;
  const folder = mkdtempSync(join(tmpdir(), 'coffer-statements-'));
  await nav(page, 'Connections');
  await page.getByRole('button', { name: 'Add a connection' }).first().click();
  await page.getByLabel('Search by name or country').fill('statement');
  await page.getByTestId('provider-option').filter({ hasText: 'Statement files' }).click();
  const field = page.getByLabel(/Folder of statement files/);
  await expect(field).toHaveAttribute('type', 'text');
  // No desktop bridge here: no button that could not work, but how to get the path.
  await expect(page.getByRole('button', { name: 'Choose folder…' })).toHaveCount(0);
  await expect(page.getByTestId('folder-help')).toContainText('paste');
  await field.fill(folder);
  await expect(field).toHaveValue(folder);
  await shot(page, 'app-first-week-7-folder');
  // The same page with the desktop bridge: the button asks the shell for a folder and fills the path.
  await page.addInitScript(() => {
    (window as unknown as { coffer: object }).coffer = {
      isDesktop: true,
      engineInfo: async () => null,
      notify: async () => undefined,
      openConsent: async () => ({ error: 'cancelled' }),
      chooseFolder: async () => '/home/ada/Statements',
    };
  });
  // The add flow keeps its step across a reload.
  await page.reload();
  await page.getByRole('button', { name: 'Choose folder…' }).click();
  await expect(page.getByLabel(/Folder of statement files/)).toHaveValue('/home/ada/Statements');
  await expect(page.getByTestId('folder-help')).toHaveCount(0);
  await shot(page, 'app-first-week-8-folder-desktop');
});
