import { expect, test, type Page } from '@playwright/test';
import { addTestBank, nav, shot } from './app/helpers';
import { useSignedInApp } from './app/session';

/**
 * A connection's state never lies (issue 19): a synchronization that was cancelled or refused a code never
 * reads "Last synchronized just now"; the last success and the last attempt are told apart, with the next
 * step; accounts that did not fail are not marked as failed.
 */
const app = useSignedInApp();

const codeDialog = (page: Page) => page.getByRole('alertdialog', { name: 'Your bank needs a code' });

/** "Sync now", then this code in the bank's dialog. */
async function syncWithCode(page: Page, code: string): Promise<void> {
  await page.getByRole('button', { name: /Sync now/ }).first().click();
  const dialog = codeDialog(page);
  await expect(dialog).toBeVisible({ timeout: 60_000 });
  await dialog.getByRole('textbox').first().fill(code);
  await dialog.getByRole('button', { name: 'Send the code' }).click();
}

async function openConnection(page: Page, name: RegExp | string): Promise<void> {
  await nav(page, 'Connections');
  await page.getByTestId('connection-card').filter({ hasText: name }).first().getByRole('link').first().click();
  await expect(page.getByTestId('connection-detail')).toBeVisible();
}

test('the first synchronization never contradicts itself: no "Up to date" beside "Synchronizing…" or above "No account yet"', async () => {
  test.setTimeout(120_000);
  const { page } = app;
  // Every state the page goes through is sampled on each change of the DOM, from the click on Connect on.
  await page.evaluate(() => {
    const w = globalThis as unknown as { seen: string[]; watch?: MutationObserver };
    w.seen = [];
    w.watch = new MutationObserver(() => {
      const detail = document.querySelector('[data-testid="connection-detail"]');
      if (detail) w.seen.push(detail.textContent ?? '');
    });
    w.watch.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await addTestBank(page, 'user_ok');
  const detail = page.getByTestId('connection-detail');
  await expect(detail.getByTestId('connection-status').first().locator('[data-status="SUCCESS"]')).toBeVisible({
    timeout: 60_000,
  });
  await expect(detail.getByTestId('account-row').first()).toBeVisible();
  const seen = await page.evaluate(() => {
    const w = globalThis as unknown as { seen: string[]; watch?: MutationObserver };
    w.watch?.disconnect();
    return w.seen;
  });
  expect(seen.some((text) => text.includes('Synchronizing'))).toBe(true);
  const contradictions = seen.filter(
    (text) => text.includes('Up to date') && (text.includes('Synchronizing') || text.includes('No account yet')),
  );
  expect(contradictions).toEqual([]);
  // The same connection is left as it is for the other journeys: they use their own logins.
  await expect(detail).toContainText('Last synchronized just now');
});

test('cancel on a never-synchronized connection: still never synchronized, the cancelled attempt shown apart', async () => {
  test.setTimeout(120_000);
  const { page } = app;
  await addTestBank(page, 'user_challenge');
  const dialog = codeDialog(page);
  await expect(dialog).toBeVisible({ timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Cancel the synchronization' }).click();
  const detail = page.getByTestId('connection-detail');
  await expect(detail.getByTestId('connection-status').first()).toContainText('The security check was cancelled', {
    timeout: 60_000,
  });
  await expect(detail).toContainText('Never synchronized');
  await expect(detail).not.toContainText('Last synchronized');
  const attempt = detail.getByTestId('sync-attempt').first();
  await expect(attempt).toContainText('Last attempt just now:');
  await expect(attempt).toContainText('Sync now');
  await shot(page, 'app-sync-state-1-cancelled-detail');

  // The same on the connections list and the dashboard: one state for every screen.
  await nav(page, 'Connections');
  const card = page.getByTestId('connection-card').filter({ hasText: 'The security check was cancelled' });
  await expect(card).toContainText('Never synchronized');
  await expect(card).not.toContainText('Last synchronized');
  await expect(card.getByTestId('sync-attempt')).toContainText('Last attempt just now:');
  await shot(page, 'app-sync-state-2-cancelled-card');
  await nav(page, 'Dashboard');
  const row = page.getByTestId('sync-row').filter({ hasText: 'The security check was cancelled' });
  await expect(row).toContainText('Never synchronized');
  await expect(row).not.toContainText('Last synchronized');
});

test('a wrong code: never synchronized still; after a success, a wrong code keeps the success and marks no account as an error', async () => {
  test.setTimeout(180_000);
  const { page } = app;
  await openConnection(page, 'The security check was cancelled');
  const detail = page.getByTestId('connection-detail');

  await syncWithCode(page, '000000');
  await expect(detail.getByTestId('connection-status').first()).toContainText('The security code was not accepted', {
    timeout: 60_000,
  });
  await expect(detail).toContainText('Never synchronized');
  await expect(detail.getByTestId('sync-attempt').first()).toContainText('Last attempt just now:');

  // The right code: up to date, the accounts listed, no failed attempt left.
  await syncWithCode(page, '123456');
  await expect(detail.getByTestId('connection-status').first().locator('[data-status="SUCCESS"]')).toBeVisible({
    timeout: 60_000,
  });
  await expect(detail.getByTestId('account-row').first()).toBeVisible();
  await expect(detail).toContainText('Last synchronized just now');
  await expect(detail.getByTestId('sync-attempt')).toHaveCount(0);

  // A wrong code again: the success stays the last success; the accounts are "not updated", not in error.
  await syncWithCode(page, '000000');
  await expect(detail.getByTestId('connection-status').first()).toContainText('The security code was not accepted', {
    timeout: 60_000,
  });
  await expect(detail).toContainText('Last synchronized just now');
  await expect(detail.getByTestId('sync-attempt').first()).toContainText('Last attempt just now:');
  await expect(detail.locator('[data-account-status="ERROR"]')).toHaveCount(0);
  await expect(detail.locator('[data-account-status="NOT_UPDATED"]').first()).toContainText('Not updated');
  await shot(page, 'app-sync-state-3-wrong-code-after-success');
});

test('a partial failure: only the account that failed is marked, the others are not', async () => {
  test.setTimeout(120_000);
  const { page } = app;
  await addTestBank(page, 'user_partial');
  const detail = page.getByTestId('connection-detail');
  await expect(detail.getByTestId('connection-status').first().locator('[data-status="PARTIAL_SUCCESS"]')).toBeVisible({
    timeout: 60_000,
  });
  await expect(detail.getByTestId('account-row').first()).toBeVisible();
  const rows = detail.getByTestId('account-row');
  const total = await rows.count();
  const failed = detail.locator('[data-account-status="ERROR"]');
  await expect(failed).toHaveCount(1);
  expect(total).toBeGreaterThan(1);
  await expect(detail.locator('[data-account-status="NOT_UPDATED"]')).toHaveCount(0);
  await expect(detail).toContainText('Last synchronized just now');
  await expect(detail.getByTestId('sync-attempt').first()).toContainText('The accounts marked “Error” were not updated');
  await expect(detail.getByTestId('connection-status').first()).not.toContainText('Up to date');
  await shot(page, 'app-sync-state-4-partial');
});

test('in French: the same states in the person’s words (card, page, dashboard)', async () => {
  test.setTimeout(120_000);
  const { page } = app;
  await nav(page, 'Settings');
  await page.getByTestId('language-select').selectOption('fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

  await nav(page, 'Connexions');
  // The connection of the wrong codes: a success, then a refused code.
  const refused = page.getByTestId('connection-card').filter({ hasText: 'Le code de sécurité n’a pas été accepté' });
  await expect(refused).toContainText('Synchronisée à l’instant');
  await expect(refused.getByTestId('sync-attempt')).toContainText('Dernière tentative à l’instant');
  await shot(page, 'app-sync-state-5-cards-fr');

  await refused.getByRole('link').first().click();
  const detail = page.getByTestId('connection-detail');
  await expect(detail.locator('[data-account-status="NOT_UPDATED"]').first()).toContainText('Pas mis à jour');
  await shot(page, 'app-sync-state-6-detail-fr');

  await nav(page, 'Tableau de bord');
  await expect(page.getByTestId('sync-row').filter({ hasText: 'Le code de sécurité' })).toContainText(
    'Synchronisée à l’instant',
  );
  // The toasts of the runs above would cover the card in the picture.
  await page.locator('.toasts').evaluate((e) => e.remove());
  await page
    .locator('#last-sync')
    .screenshot({ path: 'e2e/screenshots/app-sync-state-7-dashboard-fr.png', animations: 'disabled' });
});
