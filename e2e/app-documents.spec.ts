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

  await page.getByTestId('document-input').setInputFiles(join(SAMPLES, 'bad', 'bad-amount.csv'));
  // One bad file does not break the source (issue 19): the run is partial, said in the words of files, never
  // "Up to date" beside the failed file, and the accounts already imported are not marked as failed.
  const status = page.getByTestId('connection-status').first();
  await expect(status.locator('[data-status="PARTIAL_SUCCESS"]')).toBeVisible({ timeout: 60_000 });
  await expect(status).toContainText('Imported, but some files could not be read');
  await expect(page.getByTestId('connection-detail')).not.toContainText('Up to date');
  await expect(page.getByTestId('sync-attempt').first()).toContainText('The other files were imported');
  await expect(page.locator('[data-account-status="ERROR"], [data-account-status="NOT_UPDATED"]')).toHaveCount(0);
  const bad = report.getByTestId('document-row').filter({ hasText: 'bad-amount.csv' });
  await expect(bad).toContainText('line 3: malformed amount');
  await expect(bad).toContainText('Correct that line');
  await shot(page, 'app-documents-3-report');

  // The next synchronization: the failed upload's warning is gone with it, and the source is up to date.
  await page.getByRole('button', { name: /Sync now/ }).first().click();
  await expect(status.locator('[data-status="SUCCESS"]')).toBeVisible({ timeout: 60_000 });
  await expect(report.getByTestId('document-row').filter({ hasText: 'bad-amount.csv' })).toHaveCount(0);
});
