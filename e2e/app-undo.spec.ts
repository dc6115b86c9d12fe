import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { addTestBank, nav } from './app/helpers';
import { useSignedInApp } from './app/session';

/**
 * Issue 22: every change of the person's corrections can be undone (the Undo of the toast, Ctrl+Z), and a
 * row they filed can go back to automatic, in English and in French.
 */
const app = useSignedInApp();

/** Screenshots of this journey, looked at by hand (en + fr). */
const SHOTS = '/tmp/shots-undo';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false, animations: 'disabled' });

async function openMonoprix(page: Page) {
  await page.getByTestId('history-search').fill('monoprix');
  await expect(page.getByTestId('tx-label').first()).toHaveText('Monoprix');
  await page.getByTestId('tx-row').first().click();
  return page.getByTestId('tx-detail');
}

test('a change undone from its toast, then by Ctrl+Z; back to automatic (en)', async () => {
  test.setTimeout(150_000);
  const { page } = app;
  await addTestBank(page, 'user_ok');
  await expect(page.getByTestId('connection-status').locator('[data-status="SUCCESS"]')).toBeVisible({ timeout: 60_000 });
  await nav(page, 'History');
  await expect(page.getByTestId('history-count')).not.toContainText('Loading', { timeout: 30_000 });
  const detail = await openMonoprix(page);
  const source = detail.getByTestId('tx-category-source');
  await expect(source).toHaveAttribute('data-source', 'AUTO');
  const automatic = await detail.getByTestId('tx-detail-category').textContent();

  // A correction, undone from the toast: the row is filed as before, automatically.
  await detail.getByTestId('edit-category').selectOption('GIFTS');
  await detail.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Transaction saved')).toBeVisible();
  await expect(source).toHaveAttribute('data-source', 'USER');
  await shot(page, 'undo-1-toast-en');
  await page.getByTestId('toast-action').click();
  await expect(page.getByText('Undone: 1 transaction is back as it was.')).toBeVisible();
  await expect(source).toHaveAttribute('data-source', 'AUTO');
  await expect(detail.getByTestId('tx-detail-category')).toHaveText(automatic!);
  await shot(page, 'undo-2-undone-en');

  // Ctrl+Z undoes the last change (outside a field).
  await detail.getByTestId('edit-note').fill('Pour la fête');
  await detail.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Transaction saved')).toBeVisible();
  await page.getByTestId('history-count').click();
  await page.keyboard.press('Control+z');
  await expect(page.getByText('Undone: 1 transaction is back as it was.').last()).toBeVisible();
  await page.getByTestId('tx-row').first().click();
  await expect(detail.getByTestId('edit-note')).toHaveValue('');
  // Nothing left to undo: said, nothing changed.
  await page.getByTestId('history-count').click();
  await page.keyboard.press('Control+z');
  await expect(page.getByText('Nothing to undo: your last change was already undone.')).toBeVisible();

  // Back to automatic: the person's category is forgotten; the toast can undo that too.
  await detail.getByTestId('edit-category').selectOption('GIFTS');
  await detail.getByRole('button', { name: 'Save changes' }).click();
  await expect(source).toHaveAttribute('data-source', 'USER');
  const back = detail.getByTestId('back-to-automatic');
  await expect(back).toBeVisible();
  await shot(page, 'undo-3-back-button-en');
  await back.click();
  await expect(page.getByText(`Back to automatic: filed under ${automatic}.`)).toBeVisible();
  await expect(source).toHaveAttribute('data-source', 'AUTO');
  await expect(back).toBeHidden();
  await shot(page, 'undo-4-back-done-en');
  await page.getByText(`Back to automatic: filed under ${automatic}.`).locator('..').getByTestId('toast-action').click();
  await expect(source).toHaveAttribute('data-source', 'USER');
  await expect(detail.getByTestId('tx-detail-category')).toHaveText('Gifts & flowers');
});

test('the same in French', async () => {
  test.setTimeout(120_000);
  const { page } = app;
  await nav(page, 'Settings');
  await page.getByTestId('language-select').selectOption('fr');
  await nav(page, 'Historique');
  await expect(page.getByTestId('history-count')).not.toContainText('Chargement', { timeout: 30_000 });
  const detail = await openMonoprix(page);
  const source = detail.getByTestId('tx-category-source');
  await expect(source).toHaveAttribute('data-source', 'USER');
  await expect(detail.getByTestId('back-to-automatic')).toHaveText('Revenir à l’automatique');
  await shot(page, 'undo-5-back-button-fr');
  await detail.getByTestId('back-to-automatic').click();
  await expect(page.getByText(/Retour à l’automatique : classée dans/)).toBeVisible();
  await expect(source).toHaveAttribute('data-source', 'AUTO');
  await expect(page.getByTestId('toast-action').last()).toHaveText('Annuler');
  await shot(page, 'undo-6-toast-fr');
  await page.getByTestId('history-count').click();
  await page.keyboard.press('Control+z');
  await expect(page.getByText('Annulé : 1 opération est revenue comme avant.')).toBeVisible();
  await expect(source).toHaveAttribute('data-source', 'USER');
  await shot(page, 'undo-7-undone-fr');
});
