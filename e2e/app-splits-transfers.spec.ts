import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { addTestBank, nav } from './app/helpers';
import { useSignedInApp } from './app/session';

const app = useSignedInApp();

/** Screenshots of this journey, looked at by hand (en + fr). */
const SHOTS = '/tmp/shots-splits';
mkdirSync(SHOTS, { recursive: true });
/** A screenshot with `testId` of the details scrolled into view (the details panel scrolls on its own). */
async function shot(page: Page, name: string, testId: string) {
  await page.getByTestId('tx-detail').getByTestId(testId).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false, animations: 'disabled' });
}

/** Opens the first row the search finds. */
async function openFirst(page: Page, search: string) {
  await page.getByTestId('history-search').fill(search);
  await expect(page.getByTestId('tx-label').first()).toContainText(new RegExp(search, 'i'));
  await page.getByTestId('tx-row').first().click();
  await expect(page.getByTestId('tx-detail')).toBeVisible();
}

test('a transfer found after the synchronization is confirmed or unlinked; a receipt is split; in English then in French', async () => {
  test.setTimeout(180_000);
  const { page } = app;
  await addTestBank(page, 'user_ok');
  await expect(page.getByTestId('connection-status').locator('[data-status="SUCCESS"]')).toBeVisible({ timeout: 60_000 });
  await nav(page, 'History');
  await expect(page.getByTestId('tx-row').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('history-count')).not.toContainText('Loading', { timeout: 30_000 });

  // The standing transfer to savings was linked automatically: the other side is named; confirm it.
  await openFirst(page, 'Virement vers');
  const detail = page.getByTestId('tx-detail');
  const panel = detail.getByTestId('transfer-panel');
  await expect(panel.getByTestId('transfer-state')).toHaveText('Found automatically: it counts as neither spending nor income. Is it right?');
  await expect(panel.getByTestId('transfer-other')).toContainText('Money moved to');
  await expect(panel.getByTestId('transfer-other')).toContainText('Virement depuis');
  await shot(page, 'transfer-auto-en', 'transfer-panel');
  await panel.getByTestId('transfer-confirm').click();
  await expect(panel.getByTestId('transfer-state')).toHaveText('You confirmed it: it counts as neither spending nor income.');
  await expect(page.getByText('Transfer confirmed')).toBeVisible();
  await expect(page.getByTestId('tx-row').first().getByTestId('tx-category')).toContainText('· Transfer');

  // Not a transfer: unlinked, then offered again only as a candidate to link by hand.
  await panel.getByTestId('transfer-unlink').click();
  await expect(page.getByText(/Unlinked: both transactions count as spending or income again/)).toBeVisible();
  const candidates = detail.getByTestId('transfer-candidates');
  await expect(candidates).toContainText('Is this money moved between your accounts?');
  await shot(page, 'transfer-unlinked-en', 'transfer-candidates');
  await candidates.getByTestId('transfer-link').first().click();
  await expect(detail.getByTestId('transfer-state')).toHaveText('You confirmed it: it counts as neither spending nor income.');

  // A card payment split in two: what is left to share is shown as typed; a split that does not add up is
  // refused in words, then saved.
  await detail.getByRole('button', { name: 'Close' }).click();
  await page.getByTestId('filter-direction').selectOption('out');
  await page.getByTestId('history-search').fill('');
  await page.getByTestId('sort-amount').click();
  await page.getByTestId('tx-row').first().click();
  await detail.getByTestId('split-start').click();
  const form = detail.getByTestId('split-form');
  const whole = await form.getByTestId('split-amount-0').inputValue();
  const cents = Math.round(Number(whole) * 100);
  await form.getByTestId('split-amount-0').fill((Math.floor(cents / 2) / 100).toFixed(2));
  await expect(form.getByTestId('split-left')).toContainText('Left to share:');
  await form.getByTestId('split-amount-1').fill('0.01');
  await form.getByTestId('split-category-1').selectOption({ index: 3 });
  await form.getByTestId('split-save').click();
  await expect(form).toContainText('still to share. Change an amount so that they match.');
  await form.getByTestId('split-amount-1').fill(whole);
  await expect(form.getByTestId('split-left')).toContainText('Too much:');
  await form.getByTestId('split-save').click();
  await expect(form).toContainText('too much. Lower an amount so that they match.');
  await shot(page, 'split-off-en', 'split-save');
  await form.getByTestId('split-amount-1').fill(((cents - Math.floor(cents / 2)) / 100).toFixed(2));
  await expect(form.getByTestId('split-left')).toHaveText('The parts add up to the transaction’s amount.');
  await form.getByTestId('split-note-1').fill('pharmacy');
  await form.getByTestId('split-save').click();
  await expect(page.getByText('Split saved')).toBeVisible();
  await expect(detail.getByTestId('split-parts').locator('li')).toHaveCount(2);
  await expect(detail.getByTestId('split-parts')).toContainText('pharmacy');
  // The row in the table names its parts' categories; its details offer to change the split.
  await expect(page.getByTestId('tx-row').first().getByTestId('tx-category')).toContainText('Split: ');
  await expect(detail.getByTestId('split-start')).toHaveText('Change the split');
  await shot(page, 'split-saved-en', 'split-parts');

  // In French: the same screens in the person's words.
  await nav(page, 'Settings');
  await page.getByTestId('language-select').selectOption('fr');
  await nav(page, 'Historique');
  await expect(page.getByTestId('tx-row').first()).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('history-search').fill('Virement vers');
  await page.getByTestId('tx-row').nth(1).click();
  await expect(detail.getByTestId('transfer-state')).toHaveText('Trouvé automatiquement : il ne compte ni en dépense ni en revenu. Est-ce juste ?');
  await expect(detail.getByTestId('transfer-other')).toContainText('Argent passé vers');
  await shot(page, 'transfer-auto-fr', 'transfer-panel');
  await detail.getByTestId('split-start').click();
  await detail.getByTestId('split-amount-1').fill('0,01');
  await expect(detail.getByTestId('split-left')).toHaveText('Trop : 0,01 € en plus');
  await detail.getByTestId('split-amount-0').fill('1,5');
  await expect(detail.getByTestId('split-left')).toContainText('Reste à répartir');
  await detail.getByTestId('split-save').click();
  await expect(detail.getByTestId('split-form')).toContainText('il reste');
  await shot(page, 'split-off-fr', 'split-save');
});
