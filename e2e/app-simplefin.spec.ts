/**
 * SimpleFIN journeys in Chromium (issue 12, docs/api/simplefin.md): the engine (npm run serve, a child process) talks
 * to the loopback SimpleFIN Bridge emulator started here, in the test process, on 127.0.0.1. Screenshots of each state,
 * English and French, go to /tmp/shots-simplefin/.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { startSimplefinEmulator, type SimplefinEmulator } from '../src/main/simplefin-emulator/server';
import { nav } from './app/helpers';
import { useSignedInApp } from './app/session';

const SHOTS = '/tmp/shots-simplefin';
const app = useSignedInApp();
let bridge: SimplefinEmulator;

test.beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  bridge = await startSimplefinEmulator();
});
test.afterAll(async () => {
  await bridge?.close();
});

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true, animations: 'disabled' });
}

/** A token as a mail or a web page may wrap it: lines of 40 characters, indented. */
const wrapped = (token: string) => token.replace(/(.{40})/g, '$1\n  ');

const status = (page: Page, value: string) =>
  page.getByTestId('connection-status').locator(`[data-status="${value}"]`);

async function syncNow(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^(Sync now|Synchroniser)/ }).first().click();
}

test('connect: a wrapped setup token pasted in "Connect a US/Canadian bank (SimpleFIN)" syncs, accounts grouped by institution', async () => {
  test.setTimeout(120_000);
  const { page } = app;
  await nav(page, 'Connections');
  await page.getByRole('button', { name: 'Add a connection' }).first().click();
  await page.getByTestId('simplefin-shortcut').click();
  await expect(page.getByTestId('simplefin-form')).toBeVisible();
  await expect(page.getByTestId('simplefin-cost')).toContainText('US$1.50 a month');
  await shot(page, 'en-1-connect-form');

  // Nothing pasted: says what to paste, contacts nothing.
  await page.getByRole('button', { name: 'Connect with SimpleFIN' }).click();
  await expect(page.getByText('Paste the setup token from the SimpleFIN Bridge.')).toBeVisible();

  const token = page.getByTestId('simplefin-token');
  const minted = wrapped(bridge.mintToken());
  await token.fill(minted);
  // The token is a secret: masked once pasted, like the other secret fields, with a toggle to check it; the
  // value keeps its line breaks.
  await expect(token).toHaveCSS('-webkit-text-security', 'disc');
  await page.getByTestId('simplefin-form').getByRole('button', { name: 'Show the token' }).click();
  await expect(token).toHaveCSS('-webkit-text-security', 'none');
  await page.screenshot({ path: '/tmp/shots-wtl/simplefin-token-shown-en.png' });
  await page.getByTestId('simplefin-form').getByRole('button', { name: 'Show the token' }).click();
  await expect(token).toHaveCSS('-webkit-text-security', 'disc');
  expect(await token.inputValue()).toBe(minted);
  await shot(page, 'en-2-connect-form-filled');
  await page.screenshot({ path: '/tmp/shots-wtl/simplefin-token-masked-en.png' });
  await page.getByRole('button', { name: 'Connect with SimpleFIN' }).click();
  await expect(page.getByTestId('connection-detail')).toBeVisible();
  await expect(status(page, 'SUCCESS')).toBeVisible({ timeout: 60_000 });

  const institutions = page.getByTestId('simplefin-institution');
  await expect(institutions).toHaveCount(2);
  await expect(institutions.nth(0).getByRole('heading')).toHaveText('First Test Bank');
  await expect(institutions.nth(0).getByTestId('account-row')).toHaveCount(2);
  await expect(institutions.nth(1).getByRole('heading')).toHaveText('Test Card Co');
  await expect(institutions.nth(1).getByTestId('account-row')).toHaveCount(1);
  await expect(institutions.nth(1).getByTestId('account-row')).toContainText('TCC Visa Card');
  await shot(page, 'en-3-connection-institutions');
});

test('partial failure: one institution needs re-authentication at the Bridge, the other is updated', async () => {
  test.setTimeout(90_000);
  const { page } = app;
  bridge.scenario('con_auth', { conn_id: 'CON-7f3a' });
  const before = bridge.accountsCalls();
  await syncNow(page);
  await expect(status(page, 'PARTIAL_SUCCESS')).toBeVisible({ timeout: 60_000 });
  expect(bridge.accountsCalls()).toBeGreaterThan(before);
  const help = page.getByTestId('simplefin-help');
  await expect(help).toHaveAttribute('data-status', 'PARTIAL_SUCCESS');
  await expect(help).toContainText('sign in again at the SimpleFIN Bridge');
  const [bank, card] = [page.getByTestId('simplefin-institution').nth(0), page.getByTestId('simplefin-institution').nth(1)];
  await expect(bank.getByTestId('account-row').filter({ hasText: 'Error' })).toHaveCount(2);
  await expect(card.getByTestId('account-row').filter({ hasText: 'Error' })).toHaveCount(0);
  await expect(card.getByTestId('account-row')).toContainText('US$512.40');
  await shot(page, 'en-4-partial-success');
  bridge.clearScenarios();
});

test('renew a revoked access: AUTH_FAILED in words, a new token through "Update credentials", SUCCESS with no duplicate', async () => {
  test.setTimeout(120_000);
  const { page } = app;
  bridge.revokeAllAccess();
  await syncNow(page);
  await expect(status(page, 'AUTH_FAILED')).toBeVisible({ timeout: 60_000 });
  // Said in SimpleFIN's words (not "login or password"), beside the button that fixes it.
  await expect(page.getByTestId('credentials-alert')).toContainText('To renew the token, create a new setup token');
  await expect(page.getByTestId('channel-row')).toContainText('SimpleFIN setup token');
  // The status line under the title and the channel's status say what AUTH_FAILED means for SimpleFIN.
  await expect(page.getByTestId('connection-status')).toContainText('The SimpleFIN Bridge revoked Coffer’s access: renew the setup token');
  await expect(page.getByTestId('channel-row')).toContainText('revoked Coffer’s access: renew the setup token');
  await expect(page.locator('body')).not.toContainText('login or password');
  await shot(page, 'en-5-auth-failed');

  await page.getByRole('button', { name: 'Update credentials' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Create a new setup token at the SimpleFIN Bridge and paste it here')).toBeVisible();
  await dialog.getByTestId('simplefin-renew-token').fill(wrapped(bridge.mintToken()));
  await shot(page, 'en-6-renew-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(status(page, 'SUCCESS')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('simplefin-help')).toHaveCount(0);
  await expect(page.getByTestId('credentials-alert')).toHaveCount(0);
  await expect(page.getByTestId('simplefin-institution')).toHaveCount(2);
  await expect(page.getByTestId('account-row')).toHaveCount(3);
  await expect(page.getByTestId('account-row').filter({ hasText: 'Error' })).toHaveCount(0);
  await shot(page, 'en-7-renewed');
  await nav(page, 'Dashboard');
  await expect(page.getByTestId('account-row')).toHaveCount(3);
});

test('the same screens in French', async () => {
  test.setTimeout(150_000);
  const { page } = app;
  await nav(page, 'Settings');
  await page.getByTestId('language-select').selectOption('fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

  await nav(page, 'Connexions');
  await page.getByRole('button', { name: 'Ajouter une connexion' }).first().click();
  await expect(page.getByTestId('simplefin-shortcut')).toContainText('Connecter une banque américaine ou canadienne (SimpleFIN)');
  await page.getByTestId('simplefin-shortcut').click();
  await expect(page.getByTestId('simplefin-form')).toContainText('Jeton de configuration');
  await shot(page, 'fr-1-connect-form');

  await nav(page, 'Connexions');
  await page.getByTestId('connection-card').first().getByRole('link').first().click();
  await expect(page.getByTestId('simplefin-institution')).toHaveCount(2);
  await expect(page.getByRole('heading', { name: 'Établissements' })).toBeVisible();
  await shot(page, 'fr-2-connection-institutions');

  bridge.scenario('con_auth', { conn_id: 'CON-7f3a' });
  await syncNow(page);
  await expect(status(page, 'PARTIAL_SUCCESS')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('simplefin-help')).toContainText('nouvelle connexion sur SimpleFIN Bridge');
  await shot(page, 'fr-3-partial-success');
  bridge.clearScenarios();

  bridge.revokeAllAccess();
  await syncNow(page);
  await expect(status(page, 'AUTH_FAILED')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('credentials-alert')).toContainText('Pour renouveler le jeton');
  await expect(page.getByTestId('connection-status')).toContainText('SimpleFIN Bridge a révoqué l’accès de Coffer : renouvelez le jeton de configuration');
  await expect(page.getByTestId('channel-row')).toContainText('renouvelez le jeton de configuration');
  await shot(page, 'fr-4-auth-failed');
  await page.getByRole('button', { name: 'Mettre à jour les identifiants' }).first().click();
  await expect(page.getByRole('dialog')).toContainText('Créez un nouveau jeton de configuration');
  await shot(page, 'fr-5-renew-dialog');
});
