import { expect, test } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addStatementFiles, nav, shot } from './app/helpers';
import { useSignedInApp } from './app/session';

const app = useSignedInApp();
const ROOT = join(import.meta.dirname, '..');
const BAD_ROW = join(ROOT, 'resources', 'samples', 'statements', 'bad', 'missing-amount.ofx');
const INVESTMENT = join(ROOT, 'test', 'fixtures', 'statements-corpus', 'ofx', 'ofxparse', 'vanguard.ofx');

// Issue 19: a row that cannot be read is named and the rest imports; a file that is no bank statement says so.
test('the files report names a row left out and a file that is no bank statement, with what to do, in en and fr', async () => {
  test.setTimeout(150_000);
  const { page } = app;
  await addStatementFiles(page, mkdtempSync(join(tmpdir(), 'coffer-statements-')));
  const status = page.getByTestId('connection-status');
  const report = page.getByTestId('document-report');

  await page.getByTestId('document-input').setInputFiles(BAD_ROW);
  await expect(status.locator('[data-status="SUCCESS"]')).toBeVisible({ timeout: 60_000 });
  const imported = report.getByTestId('document-row').filter({ hasText: 'missing-amount.ofx' });
  await expect(imported).toContainText('Imported');
  await expect(imported).toContainText('6 transactions');
  await expect(imported).toContainText('line 34: transaction without amount (no <TRNAMT>)');
  await expect(imported).toContainText('Some rows of this file could not be read and were left out');

  await page.getByTestId('document-input').setInputFiles(INVESTMENT);
  await expect(status.locator('[data-status="PARTIAL_SUCCESS"]')).toBeVisible({ timeout: 60_000 });
  const refused = report.getByTestId('document-row').filter({ hasText: 'vanguard.ofx' });
  await expect(refused).toContainText('this is an investment account statement (holdings and trades)');
  await expect(refused).toContainText('This file is not a statement of a bank or card account');
  await report.scrollIntoViewIfNeeded();
  await shot(page, 'app-statement-rows-1-en');

  const url = page.url();
  await nav(page, 'Settings');
  await page.getByTestId('language-select').selectOption('fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.goto(url);
  await expect(imported).toContainText('Certaines lignes de ce fichier n’ont pas pu être lues');
  await expect(refused).toContainText('Ce fichier n’est pas un relevé de compte bancaire ou de carte');
  await report.scrollIntoViewIfNeeded();
  await shot(page, 'app-statement-rows-2-fr');
});
