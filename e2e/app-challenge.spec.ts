import { expect, test } from '@playwright/test';
import { addTestBank, shot } from './app/helpers';
import { useSignedInApp } from './app/session';

const app = useSignedInApp();

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
  await addTestBank(page, 'user_challenge');
  const dialog = page.getByRole('alertdialog', { name: 'Your bank needs a code' });
  await expect(dialog).toBeVisible({ timeout: 60_000 });
  await expect(dialog.getByTestId('challenge-countdown')).toContainText(/Time left: [0-5]:\d\d/);
  const before = await dialog.getByTestId('challenge-countdown').textContent();
  await page.waitForTimeout(1500);
  expect(await dialog.getByTestId('challenge-countdown').textContent()).not.toBe(before);
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

test('a wrong code ends in words, and cancelling is possible', async () => {
  test.setTimeout(120_000);
  const { page } = app;
  await page.getByRole('button', { name: /Sync now/ }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Your bank needs a code' });
  await expect(dialog).toBeVisible({ timeout: 60_000 });
  await dialog.getByRole('textbox').first().fill('000000');
  await dialog.getByRole('button', { name: 'Send the code' }).click();
  await expect(page.getByTestId('connection-status')).toContainText('The security code was not accepted', {
    timeout: 60_000,
  });

  await page.getByRole('button', { name: /Sync now/ }).click();
  await expect(dialog).toBeVisible({ timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Cancel the synchronization' }).click();
  await expect(page.getByTestId('connection-status')).toContainText('The security check was cancelled', {
    timeout: 60_000,
  });
  await shot(page, 'app-challenge-3-cancelled');
});
