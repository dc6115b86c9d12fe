import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { addTestBank, nav } from './app/helpers';
import { useSignedInApp } from './app/session';

const app = useSignedInApp();

/** Screens met in French after starting in English: every label in French, one account's type in the singular. */
test('after switching to French, the statement-folder form is French, the drop zone names every format and one card is "Carte de crédit"', async () => {
  test.setTimeout(150_000);
  const { page } = app;
  await addTestBank(page, 'user_ok');
  await expect(page.getByTestId('connection-status')).toContainText('Up to date', { timeout: 60_000 });
  const rows = page.getByTestId('account-row');
  await expect(rows.filter({ hasText: /^.*Credit card · / })).not.toHaveCount(0);
  await expect(rows.filter({ hasText: 'Credit cards ·' })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/shots-wtl/connection-accounts-en.png' });
  // The dashboard's groups are named by their count: one card is "Credit card".
  await nav(page, 'Dashboard');
  await expect(page.getByRole('region', { name: 'Credit card', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Credit cards', exact: true })).toHaveCount(0);

  await nav(page, 'Settings');
  await page.getByTestId('language-select').selectOption('fr');
  await nav(page, 'Connexions');
  await page.getByTestId('connection-card').first().getByRole('link').first().click();
  await expect(rows.filter({ hasText: 'Carte de crédit ·' })).not.toHaveCount(0);
  await expect(rows.filter({ hasText: 'Cartes de crédit ·' })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/shots-wtl/connection-accounts-fr.png' });

  await nav(page, 'Connexions');
  await page.getByRole('button', { name: 'Ajouter une connexion' }).first().click();
  await page.getByTestId('provider-option').filter({ hasText: /Relevés de compte|Statement files/ }).first().click();
  const channel = page.locator('[data-testid="channel-option"][data-mode="EMBEDDED"]');
  if (await channel.count()) await channel.click();
  const folder = page.getByLabel('Dossier des relevés (chemin absolu)');
  await expect(folder).toBeVisible();
  await expect(page.locator('main')).not.toContainText('Folder of statement files');
  await page.screenshot({ path: '/tmp/shots-wtl/add-statements-fr.png' });
  await folder.fill(mkdtempSync(join(tmpdir(), 'coffer-words-')));
  await page.getByRole('button', { name: 'Connecter', exact: true }).click();
  await expect(page.getByTestId('connection-detail')).toBeVisible();
  await expect(page.locator('main')).toContainText('(OFX, QFX, QIF, CSV, CAMT.052/053/054, MT940)');
  await page.screenshot({ path: '/tmp/shots-wtl/drop-zone-fr.png', fullPage: true });
});
