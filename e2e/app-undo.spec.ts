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
  await back.scrollIntoViewIfNeeded();
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

const countOf = async (page: Page) =>
  Number(/[\d,\s\u202f]+/.exec((await page.getByTestId('history-count').textContent()) ?? '')![0].replace(/[,\s\u202f]/g, ''));

test('bulk edit: Ctrl-click, Shift-click, select all shown; one change, undone as a whole (en)', async () => {
  test.setTimeout(120_000);
  const { page } = app;
  await page.getByTestId('history-search').fill('monoprix');
  await expect(page.getByTestId('tx-label').first()).toHaveText('Monoprix');
  const shown = await countOf(page);
  const rows = page.getByTestId('tx-row');
  await rows.nth(1).click({ modifiers: ['Control'] });
  await rows.nth(3).click({ modifiers: ['Shift'] });
  await expect(page.locator('[data-testid="tx-row"][data-picked="true"]')).toHaveCount(3);
  await expect(page.getByTestId('bulk-count')).toHaveText('3 transactions selected');
  await page.getByTestId('bulk-tags').fill('zqbulk');
  await page.getByTestId('bulk-note').fill('Semaine');
  await shot(page, 'bulk-1-picked-en');
  await page.getByTestId('bulk-apply').click();
  await expect(page.getByText('3 transactions changed.')).toBeVisible();
  await expect(page.getByTestId('bulk-bar')).toBeHidden();
  await page.getByTestId('history-search').fill('zqbulk');
  await expect(async () => expect(await countOf(page)).toBe(3)).toPass({ timeout: 10_000 });
  await shot(page, 'bulk-2-done-en');
  await page.getByText('3 transactions changed.').locator('..').getByTestId('toast-action').click();
  await expect(page.getByText('Undone: 3 transactions are back as they were.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('history-count')).not.toContainText('Loading', { timeout: 30_000 });
  await page.getByTestId('history-search').fill('');
  await page.getByTestId('history-search').fill('zqbulk');
  await expect(async () => expect(await countOf(page)).toBe(0)).toPass({ timeout: 10_000 });

  // Select all that the filter shows.
  await page.getByTestId('history-search').fill('monoprix');
  await rows.first().click({ modifiers: ['Control'] });
  await page.getByTestId('bulk-select-all').click();
  await expect(page.getByTestId('bulk-count')).toHaveText(`${shown} transactions selected`);
  await page.getByRole('button', { name: 'Clear selection' }).click();
  await expect(page.getByTestId('bulk-bar')).toBeHidden();
});

test('a rule with a condition, previewed, applied to the past and undone from the toast (en)', async () => {
  test.setTimeout(120_000);
  const { page } = app;
  await page.getByTestId('open-rules').click();
  const form = page.getByTestId('rule-new');
  await form.getByLabel('Words to look for').fill('Monoprix');
  await form.getByLabel('Category').selectOption('GIFTS');
  await form.getByTestId('rule-sign').selectOption('DEBIT');
  await form.getByTestId('rule-min').fill('-60');
  await form.getByTestId('rule-preview').click();
  const result = form.getByTestId('rule-preview-result');
  await expect(result).toContainText(/Applied now, it would file \d+ past transactions?, for example:/);
  const previewed = Number(/\d+/.exec((await result.textContent())!)![0]);
  await shot(page, 'rules-1-preview-en');
  await form.getByTestId('rule-max').fill('-70');
  await form.getByTestId('rule-preview').click();
  await expect(form).toContainText('Write the amounts as numbers');
  await form.getByTestId('rule-max').fill('');
  await form.getByRole('button', { name: 'Add a rule' }).click();
  await expect(page.getByTestId('rule-pattern')).toHaveText(['«Monoprix»']);
  await expect(page.getByTestId('rule-conditions')).toHaveText(' · money out, from -60');
  // The form is ready for the next rule: no words, no conditions, no preview of the rule just added.
  await expect(form.getByTestId('rule-min')).toHaveValue('');
  await expect(form.getByTestId('rule-preview-result')).toBeHidden();

  await page.getByTestId('rules-apply-all').click();
  const toastText = previewed === 1 ? '1 past transaction filed by your rules.' : `${previewed} past transactions filed by your rules.`;
  await expect(page.getByText(toastText)).toBeVisible();
  await shot(page, 'rules-2-applied-en');
  await page.getByText(toastText).locator('..').getByTestId('toast-action').click();
  await expect(page.getByText(`Undone: ${previewed} transactions are back as they were.`)).toBeVisible({ timeout: 30_000 });
  // Undone as a whole: applied again, the same rows are filed again.
  await page.getByTestId('rules-apply-all').click();
  await expect(page.getByText(toastText).last()).toBeVisible();
  await page.goto(new URL('/history', page.url()).toString());
  await expect(page.getByTestId('history-count')).not.toContainText('Loading', { timeout: 30_000 });
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
  await detail.getByTestId('back-to-automatic').scrollIntoViewIfNeeded();
  await shot(page, 'undo-5-back-button-fr');
  await detail.getByTestId('back-to-automatic').click();
  await expect(page.getByText(/Retour à l’automatique : classée dans/)).toBeVisible();
  // The person's Monoprix rule (made above) now files it: rules come before the automatic filing.
  await expect(source).toHaveAttribute('data-source', 'RULE');
  await expect(page.getByTestId('toast-action').last()).toHaveText('Annuler');
  await shot(page, 'undo-6-toast-fr');
  await page.getByTestId('history-count').click();
  await page.keyboard.press('Control+z');
  await expect(page.getByText('Annulé : 1 opération est revenue comme avant.')).toBeVisible();
  await expect(source).toHaveAttribute('data-source', 'USER');
  await shot(page, 'undo-7-undone-fr');

  const rows = page.getByTestId('tx-row');
  await rows.nth(1).click({ modifiers: ['Control'] });
  await rows.nth(2).click({ modifiers: ['Shift'] });
  await expect(page.getByTestId('bulk-count')).toHaveText('2 opérations sélectionnées');
  await page.getByTestId('bulk-apply').click();
  await expect(page.getByText('Choisissez d’abord une catégorie, des étiquettes ou une note à appliquer.')).toBeVisible();
  await shot(page, 'bulk-3-fr');
  await page.getByRole('button', { name: 'Vider la sélection' }).click();

  await page.getByTestId('open-rules').click();
  const form = page.getByTestId('rule-new');
  await form.getByLabel('Mots à rechercher').fill('Monoprix');
  await form.getByTestId('rule-sign').selectOption('CREDIT');
  await form.getByTestId('rule-preview').click();
  await expect(form.getByTestId('rule-preview-result')).toContainText('Aucune opération passée ne changerait');
  await form.getByTestId('rule-sign').selectOption('DEBIT');
  await form.getByTestId('rule-preview').click();
  await expect(form.getByTestId('rule-preview-result')).toContainText('Appliquée maintenant, elle classerait');
  await shot(page, 'rules-3-preview-fr');
});
