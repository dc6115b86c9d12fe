import { expect, test, type Page } from '@playwright/test';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nav } from './app/helpers';
import { useSignedInApp } from './app/session';

const app = useSignedInApp();

const SHOTS = '/tmp/shots-d';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false, animations: 'disabled' });

/** What the app showed in engineer's words (issue 19): none of it may reach a person. */
const ENGINE_WORDS = /credential setup_token|claim URL|statement folder does not exist|The request was refused|expected format/;

async function openProvider(page: Page, search: string, name: string) {
  await nav(page, 'Connections');
  await page.getByRole('button', { name: 'Add a connection' }).first().click();
  await page.getByLabel('Search by name or country').fill(search);
  await page.getByTestId('provider-option').filter({ hasText: name }).click();
  const channel = page.locator('[data-testid="channel-option"][data-mode="EMBEDDED"]');
  if (await channel.count()) await channel.click();
}

test('a SimpleFIN setup token that is no token: what to paste instead, in a person’s words', async () => {
  const { page } = app;
  await nav(page, 'Connections');
  await page.getByRole('button', { name: 'Add a connection' }).first().click();
  await page.getByTestId('simplefin-shortcut').click();
  await page.getByTestId('simplefin-token').fill(Buffer.from('hello there, bridge').toString('base64'));
  await page.getByRole('button', { name: 'Connect with SimpleFIN' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'SimpleFIN' });
  await expect(alert).toContainText('This is not a SimpleFIN setup token. Copy the whole token');
  await expect(page.locator('main')).not.toContainText(ENGINE_WORDS);
  await shot(page, 'error-en-setup-token');
});

test('a statement folder that does not exist: check the path or create it, in English and French', async () => {
  const { page } = app;
  const missing = join(mkdtempSync(join(tmpdir(), 'coffer-words-')), 'Statements');
  await openProvider(page, 'statement', 'Statement files');
  await page.getByLabel(/Folder of statement files/).fill(missing);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'folder' })).toContainText(
    'This folder does not exist on this computer. Check the path',
  );
  await expect(page.locator('main')).not.toContainText(ENGINE_WORDS);
  await shot(page, 'error-en-folder');

  await nav(page, 'Settings');
  await page.getByTestId('language-select').selectOption('fr');
  await nav(page, 'Connexions');
  await page.getByRole('button', { name: 'Ajouter une connexion' }).first().click();
  // The provider's name is in the app's language: the formats it reads find it in any language.
  await page.getByLabel('Rechercher par nom ou pays').fill('ofx');
  await page.getByTestId('provider-option').filter({ hasText: 'OFX' }).click();
  const channel = page.locator('[data-testid="channel-option"][data-mode="EMBEDDED"]');
  if (await channel.count()) await channel.click();
  await page.getByRole('textbox', { name: /Dossier|Folder/ }).fill(missing);
  await page.getByRole('button', { name: 'Connecter', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'dossier' })).toContainText(
    'Ce dossier n’existe pas sur cet ordinateur. Vérifiez le chemin',
  );
  await shot(page, 'error-fr-folder');
  await nav(page, 'Réglages');
  await page.getByTestId('language-select').selectOption('en');
});

test("a bank login that does not have the bank's form says what to check", async () => {
  const { page } = app;
  await openProvider(page, 'bank', 'Coffer Test Bank');
  await page.getByLabel('Login').fill('x'.repeat(70));
  await page.getByLabel('Password').fill('pass_ok');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.locator('main')).toContainText('does not look like what your bank gives for this field');
  await expect(page.locator('main')).not.toContainText(ENGINE_WORDS);
  await shot(page, 'error-en-credential-format');
});
