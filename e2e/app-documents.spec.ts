import { expect, test } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addStatementFiles, nav, shot } from './app/helpers';
import { useSignedInApp } from './app/session';

const app = useSignedInApp();
const SAMPLES = join(import.meta.dirname, '..', 'resources', 'samples', 'statements');

test('a statement-files connection: files chosen in the app are imported and their transactions appear', async () => {
  const { page } = app;
  const folder = mkdtempSync(join(tmpdir(), 'coffer-statements-'));
  await addStatementFiles(page, folder);

  // The folder is its owner's own path: shown in full, not masked (issue 19).
  await expect(page.getByTestId('document-folder')).toHaveText(folder);
  await page.getByTestId('document-folder').scrollIntoViewIfNeeded();
  await shot(page, 'app-documents-0-folder');
  const drop = page.getByTestId('document-drop');
  await expect(drop).toBeVisible();
  await shot(page, 'app-documents-1-drop-zone');
  await page.getByTestId('document-input').setInputFiles(join(SAMPLES, 'ofx2-bank-us.ofx'));
  await expect(page.getByText('ofx2-bank-us.ofx sent: the import has started')).toBeVisible();
  await expect(page.getByTestId('connection-status').locator('[data-status="SUCCESS"]')).toBeVisible({ timeout: 60_000 });

  await nav(page, 'History');
  await expect(page.getByTestId('tx-row').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('history-count')).not.toHaveText(/^0 transactions/);
  await shot(page, 'app-documents-2-history');
});

// Issue 15, defect 3: a file that cannot be read is named on the connection page, with where and what to do.
test('a statement file that cannot be read is reported on the connection page with what to do', async () => {
  test.setTimeout(90_000);
  const { page } = app;
  await nav(page, 'Connections');
  await page.getByTestId('connection-card').first().getByRole('link').first().click();
  await expect(page.getByTestId('connection-detail')).toBeVisible();
  // The file that was imported is listed as such.
  const report = page.getByTestId('document-report');
  await expect(report.getByTestId('document-row').filter({ hasText: 'ofx2-bank-us.ofx' })).toContainText('Imported');

  await page.getByTestId('document-input').setInputFiles(join(SAMPLES, 'bad', 'truncated.ofx'));
  // One bad file does not break the source (issue 19): the run is partial, said in the words of files, never
  // "Up to date" beside the failed file, and the accounts already imported are not marked as failed.
  const status = page.getByTestId('connection-status').first();
  await expect(status.locator('[data-status="PARTIAL_SUCCESS"]')).toBeVisible({ timeout: 60_000 });
  await expect(status).toContainText('Imported, but some files could not be read');
  await expect(page.getByTestId('connection-detail')).not.toContainText('Up to date');
  await expect(page.getByTestId('sync-attempt').first()).toContainText('The other files were imported');
  await expect(page.locator('[data-account-status="ERROR"], [data-account-status="NOT_UPDATED"]')).toHaveCount(0);
  const bad = report.getByTestId('document-row').filter({ hasText: 'truncated.ofx' });
  await expect(bad).toContainText('line 52: truncated file');
  await expect(bad).toContainText('Correct that line');
  await shot(page, 'app-documents-3-report');

  // The next synchronization: the failed upload's warning is gone with it, and the source is up to date.
  await page.getByRole('button', { name: /Sync now/ }).first().click();
  await expect(status.locator('[data-status="SUCCESS"]')).toBeVisible({ timeout: 60_000 });
  await expect(report.getByTestId('document-row').filter({ hasText: 'truncated.ofx' })).toHaveCount(0);
});

// A CSV row that cannot be read is left out: the file imports, its entry names the row's line and what to do.
test('a CSV file with a row that cannot be read is imported without it, the row named, in English and French', async () => {
  test.setTimeout(90_000);
  const { page } = app;
  await nav(page, 'Connections');
  await page.getByTestId('connection-card').first().getByRole('link').first().click();
  await page.getByTestId('document-input').setInputFiles(join(SAMPLES, 'bad', 'bad-amount.csv'));
  await expect(page.getByTestId('connection-status').locator('[data-status="SUCCESS"]')).toBeVisible({ timeout: 60_000 });
  const row = page.getByTestId('document-report').getByTestId('document-row').filter({ hasText: 'bad-amount.csv' });
  await expect(row).toContainText('Imported');
  await expect(row).toContainText('2 transactions');
  await expect(row).toContainText('line 3: malformed amount');
  await expect(row).toContainText('Some rows of this file could not be read and were left out');
  await expect(page.locator('.toast')).toHaveCount(0, { timeout: 15_000 }); // the notices go by themselves
  await row.scrollIntoViewIfNeeded();
  await shot(page, 'app-documents-4-rows-left-out');

  await nav(page, 'Settings');
  await page.getByTestId('language-select').selectOption('fr');
  await nav(page, 'Connexions');
  await page.getByTestId('connection-card').first().getByRole('link').first().click();
  const rowFr = page.getByTestId('document-report').getByTestId('document-row').filter({ hasText: 'bad-amount.csv' });
  await expect(rowFr).toContainText('Certaines lignes de ce fichier n’ont pas pu être lues');
  await rowFr.scrollIntoViewIfNeeded();
  await shot(page, 'app-documents-4-rows-left-out-fr');
  await nav(page, 'Réglages');
  await page.getByTestId('language-select').selectOption('en');
});
