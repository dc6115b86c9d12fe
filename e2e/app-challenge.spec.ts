import { expect, test, type Locator, type Page } from '@playwright/test';
import { addTestBank, nav, shot } from './app/helpers';
import { useSignedInApp } from './app/session';

const app = useSignedInApp();

/** The countdown's "m:ss" in seconds. */
async function secondsLeft(countdown: Locator): Promise<number> {
  const text = (await countdown.textContent()) ?? '';
  const m = /(\d+):(\d\d)/.exec(text);
  if (!m) throw new Error(`no time in "${text}"`);
  return Number(m[1]) * 60 + Number(m[2]);
}

const codeDialog = (page: Page) => page.getByRole('alertdialog', { name: 'Your bank needs a code' });

test('a bank challenge opens a dialog at once with the time left; the right code finishes the sync', async () => {
  test.setTimeout(120_000);
  const { page } = app;
  // As in the desktop app: the preload bridge offers native notifications.
  await app.context.addInitScript(() => {
    const w = globalThis as unknown as { notes: string[][]; coffer: unknown };
    w.notes = [];
    w.coffer = {
      isDesktop: true,
      engineInfo: async () => null,
      notify: async (title: string, body: string) => void w.notes.push([title, body]),
    };
  });
  await page.reload();
  // The app has been open a while before the bank asks (issue 15: the countdown first showed the time since
  // the app opened added to the real time left, then jumped back a second later).
  await page.waitForTimeout(15_000);
  await addTestBank(page, 'user_challenge');
  const dialog = codeDialog(page);
  await expect(dialog).toBeVisible({ timeout: 60_000 });
  const countdown = dialog.getByTestId('challenge-countdown');
  await expect(countdown).toContainText(/Time left: \d:\d\d/);
  // The engine's `expires` is 5 minutes after it asked: the first reading is already within them.
  const first = await secondsLeft(countdown);
  expect(first).toBeLessThanOrEqual(300);
  expect(first).toBeGreaterThan(280);
  // It counts down second by second, never jumping.
  let previous = first;
  for (let i = 0; i < 4; i++) {
    await page.waitForTimeout(700);
    const now = await secondsLeft(countdown);
    expect(now).toBeLessThanOrEqual(previous);
    expect(previous - now).toBeLessThanOrEqual(2);
    previous = now;
  }
  expect(previous).toBeLessThan(first);
  await shot(page, 'app-challenge-1-dialog');
  const notes = await page.evaluate(() => (globalThis as unknown as { notes: string[][] }).notes);
  expect(notes).toHaveLength(1);
  expect(notes[0][0]).toBe('Coffer: your bank needs a code');

  // The code field follows the definition's regexp: the button waits for six digits.
  const field = dialog.getByRole('textbox').first();
  await field.fill('12');
  await expect(dialog.getByRole('button', { name: 'Send the code' })).toBeDisabled();
  await field.fill('123456');
  await dialog.getByRole('button', { name: 'Send the code' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('connection-status').locator('[data-status="SUCCESS"]')).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByTestId('account-row').first()).toBeVisible();
  await shot(page, 'app-challenge-2-done');
});

test('a wrong code on the last attempt ends in words that say what to do next, and cancelling is possible', async () => {
  test.setTimeout(120_000);
  const { page } = app;
  await page.getByRole('button', { name: /Sync now/ }).click();
  const dialog = codeDialog(page);
  await expect(dialog).toBeVisible({ timeout: 60_000 });
  await dialog.getByRole('textbox').first().fill('000000');
  await dialog.getByRole('button', { name: 'Send the code' }).click();
  await expect(page.getByTestId('connection-status')).toContainText('The security code was not accepted', {
    timeout: 60_000,
  });
  // user_challenge allows one attempt (see docs/api/providers-and-test-bank.md): the run ended, and the page says how
  // to get a new code.
  await expect(page.getByTestId('sync-attempt').first()).toContainText('Sync now');

  await page.getByRole('button', { name: /Sync now/ }).click();
  await expect(dialog).toBeVisible({ timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Cancel the synchronization' }).click();
  await expect(page.getByTestId('connection-status')).toContainText('The security check was cancelled', {
    timeout: 60_000,
  });
  await expect(page.getByTestId('sync-attempt').first()).toContainText('Sync now');
  await shot(page, 'app-challenge-3-cancelled');
});

test('a dismissed challenge stays reachable: from a banner on every page, the connection card and its page', async () => {
  test.setTimeout(120_000);
  const { page } = app;
  await page.getByRole('button', { name: /Sync now/ }).click();
  const dialog = codeDialog(page);
  await expect(dialog).toBeVisible({ timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // The connection's page offers the code, and its status says what the synchronization waits for.
  const onPage = page.getByTestId('challenge-pending');
  await expect(onPage).toBeVisible();
  await expect(page.getByTestId('connection-status')).toContainText('Waiting for the code your bank sent you');
  await shot(page, 'app-challenge-4a-pending');
  await onPage.getByRole('button', { name: 'Enter the code' }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // An app-wide banner, on any page, with the time left.
  await nav(page, 'History');
  const banner = page.getByTestId('challenge-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(/\d:\d\d/);
  await shot(page, 'app-challenge-4-banner');
  await banner.getByRole('button', { name: /Enter the code/ }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The connection's card, after a reload in a window that never received the question: its event was read
  // (and flushed) before, and nothing kept it in this browser. The app reads it from the engine.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('coffer-app');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('kv', 'readwrite');
          const cursor = tx.objectStore('kv').openCursor();
          cursor.onsuccess = () => {
            const c = cursor.result;
            if (!c) return;
            if (String(c.key).startsWith('challenges:')) c.delete();
            c.continue();
          };
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
  await page.reload();
  await nav(page, 'Connections');
  await expect(page.getByTestId('challenge-banner')).toBeVisible();
  const card = page.getByTestId('connection-card').first();
  await card.getByRole('button', { name: 'Enter the code' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox').first().fill('123456');
  await dialog.getByRole('button', { name: 'Send the code' }).click();
  await expect(card.getByTestId('connection-status').locator('[data-status="SUCCESS"]')).toBeVisible({
    timeout: 60_000,
  });
  // Answered: nothing is offered any more.
  await expect(page.getByTestId('challenge-banner')).toBeHidden();
  await expect(card.getByRole('button', { name: 'Enter the code' })).toBeHidden();
});

test('a wrong code is asked again while the bank allows, with the attempts left', async () => {
  test.setTimeout(120_000);
  const { page } = app;
  await addTestBank(page, 'user_challenge_retry');
  const dialog = codeDialog(page);
  await expect(dialog).toBeVisible({ timeout: 60_000 });
  await dialog.getByRole('textbox').first().fill('000000');
  await dialog.getByRole('button', { name: 'Send the code' }).click();

  // Asked again, in the same run: the dialog comes back, empty, and says what happened.
  await expect(dialog.getByTestId('challenge-retry')).toContainText('The code was not accepted. 2 attempts left.', {
    timeout: 30_000,
  });
  await expect(dialog.getByRole('textbox').first()).toHaveValue('');
  await expect(page.getByTestId('connection-status')).not.toContainText('not accepted');
  await shot(page, 'app-challenge-5-retry');
  await dialog.getByRole('textbox').first().fill('111111');
  await dialog.getByRole('button', { name: 'Send the code' }).click();
  await expect(dialog.getByTestId('challenge-retry')).toContainText('The code was not accepted. Last attempt', {
    timeout: 30_000,
  });
  await dialog.getByRole('textbox').first().fill('123456');
  await dialog.getByRole('button', { name: 'Send the code' }).click();
  await expect(page.getByTestId('connection-status').locator('[data-status="SUCCESS"]')).toBeVisible({
    timeout: 60_000,
  });
});
