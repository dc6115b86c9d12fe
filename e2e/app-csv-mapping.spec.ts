import { expect, type Page } from '@playwright/test';
import { test } from '@playwright/test';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addStatementFiles, nav } from './app/helpers';
import { useSignedInApp } from './app/session';

const app = useSignedInApp();
const SHOTS = '/tmp/shots-csv-mapping';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false, animations: 'disabled' });

/** A bank's CSV whose columns Coffer cannot guess (no "date" or "amount" word in its header). */
const CSV = ['Jour;Opération;Sortie;Entrée', '05/11/2026;CB CARREFOUR;12,30;', '06/11/2026;VIREMENT SALAIRE;;2000,00', '07/11/2026;PRLV EDF;45,10;'].join('\n');

/**
 * The CSV mapping screen: a sample file, the columns picked from its header, its first rows as Coffer reads
 * them, then saved; in English and French.
 */
test('CSV columns picked on a sample, its rows as Coffer reads them, saved; in English then French', async () => {
  test.setTimeout(120_000);
  const { page } = app;
  await addStatementFiles(page, mkdtempSync(join(tmpdir(), 'coffer-csvmap-')));
  const card = page.getByTestId('csv-mapping');
  await card.scrollIntoViewIfNeeded();
  await card.getByTestId('csv-sample').setInputFiles({ name: 'releve.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  // Coffer cannot guess these columns: it says so, and the header's names are offered.
  await expect(card.getByText('Coffer could not find the columns of this file by itself: choose them above.')).toBeVisible();
  await card.getByLabel('Date', { exact: true }).selectOption('Jour');
  await card.getByLabel('Description', { exact: true }).selectOption('Opération');
  await expect(card.getByText(/Choose a date, a description and an amount/)).toBeVisible();
  await card.getByLabel('Money out (debit)').selectOption('Sortie');
  await card.getByLabel('Money in (credit)').selectOption('Entrée');
  await card.getByLabel('Decimal separator').selectOption(',');
  await card.getByLabel('Dates are written').selectOption('DMY');
  const preview = card.getByTestId('csv-preview');
  await expect(preview.getByRole('row')).toHaveCount(4);
  await expect(preview).toContainText('-€12.30');
  await expect(preview).toContainText('€2,000.00');
  await expect(preview).toContainText('5 Nov 2026');
  await shot(page, '1-mapping-en');
  await card.getByTestId('csv-save').click();
  await expect(page.getByText('Columns saved: the next synchronization reads your files with them.')).toBeVisible();

  // Saved: the screen opens again with these columns, in French.
  await nav(page, 'Settings');
  await page.getByTestId('language-select').selectOption('fr');
  await nav(page, 'Connexions');
  await page.getByText('Statement files').first().click();
  const again = page.getByTestId('csv-mapping');
  await again.getByTestId('csv-sample').setInputFiles({ name: 'releve.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  await expect(again.getByLabel('Sorties (débit)')).toHaveValue('Sortie');
  await expect(again.getByTestId('csv-preview')).toContainText('-12,30');
  await again.scrollIntoViewIfNeeded();
  await shot(page, '2-mapping-fr');
  await page.setViewportSize({ width: 800, height: 600 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await again.getByTestId('csv-preview').scrollIntoViewIfNeeded();
  await shot(page, '3-mapping-fr-dark-800');
});
