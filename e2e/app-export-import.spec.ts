import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { addTestBank, nav, OWNER, shot } from './app/helpers';
import { useSignedInApp } from './app/session';

const app = useSignedInApp({ viewport: { width: 1024, height: 900 } });

/**
 * Settings → Your data, as a person meets it: the export downloads a coffer-export file; a profile with data
 * says why an import is refused; after starting a new profile, the import brings the history back and the
 * connection asks for its credentials again; a file that is not an export is refused in words.
 */
test('export my data, then import it into a new profile', async () => {
  const { page } = app;
  await addTestBank(page, 'user_ok');
  await expect(page.getByTestId('connection-detail')).toContainText(/Up to date|Synchronized|Last synchronized/i, { timeout: 30_000 });

  await nav(page, 'Settings');
  const card = page.locator('#your-data');
  await expect(card.getByRole('button', { name: 'Import…' })).toBeDisabled();
  await expect(card).toContainText('This profile already has 1 connection, so an import is refused');
  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Export my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^coffer-export-\d{4}-\d{2}-\d{2}\.json$/);
  const file = join(tmpdir(), `e2e-${Date.now()}-${download.suggestedFilename()}`);
  await download.saveAs(file);
  const document = JSON.parse(readFileSync(file, 'utf8'));
  expect(document).toMatchObject({ format: 'coffer-export', version: 1 });
  expect(document.transactions.length).toBeGreaterThan(0);
  expect(readFileSync(file, 'utf8')).not.toContain('pass_ok');
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'app-data-1-has-data-en');
  await page.getByTestId('language-select').selectOption('fr');
  await expect(card).toContainText('Ce profil contient déjà 1 connexion');
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'app-data-1-has-data-fr');
  await page.getByTestId('language-select').selectOption('en');

  // A new, empty profile: delete this one, create it again.
  await page.getByRole('button', { name: 'Delete my profile…' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete my profile', exact: true }).click();
  await page.getByLabel('E-mail address').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Create my profile' }).click();
  await page.getByRole('button', { name: 'I accept the terms' }).click();
  await expect(page.getByRole('heading', { name: 'Connect your first bank' })).toBeVisible();
  await nav(page, 'Settings');
  await expect(card.getByRole('button', { name: 'Import…' })).toBeEnabled();

  // A file that is not an export: refused in words, nothing imported.
  const foreign = join(tmpdir(), `e2e-${Date.now()}-budget.json`);
  writeFileSync(foreign, JSON.stringify({ budget: { name: 'Home' } }));
  await page.getByTestId('import-file').setInputFiles(foreign);
  await expect(card.getByRole('alert')).toContainText('This file is not a Coffer export');
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'app-data-2-foreign-en');

  await page.getByTestId('import-file').setInputFiles(file);
  await expect(card).toContainText(/Imported: 1 connection, \d+ accounts? and [\d,]+ transactions?\. Give each bank’s credentials again/, { timeout: 20_000 });
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'app-data-3-imported-en');
  await expect(card.getByRole('button', { name: 'Import…' })).toBeDisabled();
  await page.getByTestId('language-select').selectOption('fr');
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'app-data-3-imported-fr');
  await page.getByTestId('language-select').selectOption('en');

  await nav(page, 'Connections');
  await expect(page.getByText('Coffer Test Bank').first()).toBeVisible();
  await expect(page.getByText(/needs your credentials again/).first()).toBeVisible();
  await shot(page, 'app-data-4-connections-en');
});
