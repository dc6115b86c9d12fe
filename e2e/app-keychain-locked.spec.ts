import { expect, test, type Page } from '@playwright/test';
import { addTestBank, nav, shot } from './app/helpers';
import { useSignedInApp } from './app/session';

const app = useSignedInApp();

/**
 * What the person reads when the engine refuses to delete a connection because the keychain is locked.
 * The engine's side (503 secret_store_unavailable, nothing deleted) is tested over HTTP with a locked
 * keychain (test/http/resources/keychain-locked.test.ts); a browser test cannot lock the session keychain
 * the engine runs with, so here the DELETE is answered with that same 503 body.
 */
async function refuseDeletion(page: Page): Promise<void> {
  await page.route(/\/v2\/connections\/\d+$/, async (route) => {
    if (route.request().method() !== 'DELETE') return route.fallback();
    await route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({
        error: 'secret_store_unavailable',
        error_description:
          'the system keychain is locked or cannot be reached (locked), so the connection was not deleted: its bank credentials would have stayed in the keychain. Unlock the keychain (or open your desktop session again), then delete it again',
      }),
    });
  });
}

async function tryDelete(page: Page, connectionsLabel: string, deleteLabel: string): Promise<void> {
  await nav(page, connectionsLabel);
  await page.getByTestId('connection-card').first().getByRole('link', { name: 'Coffer Test Bank' }).click();
  await page.getByRole('button', { name: deleteLabel }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByTestId('delete-summary')).toContainText(/4/);
  await dialog.getByRole('button', { name: deleteLabel }).click();
}

test('a deletion refused while the keychain is locked says so, and what to do, in English and French', async () => {
  test.setTimeout(120_000);
  const { page } = app;
  await addTestBank(page, 'user_ok');
  await expect(page.getByTestId('connection-status')).toContainText('Up to date', { timeout: 60_000 });
  await refuseDeletion(page);

  await tryDelete(page, 'Connections', 'Delete');
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Your system keychain is locked, so the connection was not deleted');
  await expect(dialog).not.toContainText('Something went wrong');
  await expect(dialog).toContainText('Unlock the keychain');
  await page.screenshot({ path: '/tmp/shots-keychain/delete-locked-en.png' });
  await shot(page, 'app-keychain-locked-1-en');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await nav(page, 'Settings');
  await page.getByTestId('language-select').selectOption('fr');
  await tryDelete(page, 'Connexions', 'Supprimer');
  await expect(dialog).toContainText('Le trousseau de votre système est verrouillé');
  await expect(dialog).not.toContainText('Une erreur est survenue');
  await expect(dialog).toContainText('Déverrouillez le trousseau');
  await page.screenshot({ path: '/tmp/shots-keychain/delete-locked-fr.png' });
  await shot(page, 'app-keychain-locked-2-fr');
  // Nothing was removed.
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(page.getByRole('heading', { name: 'Coffer Test Bank' }).first()).toBeVisible();
});

/** The profile's deletion answered with the engine's 503 of a locked keychain (nothing deleted). */
async function refuseProfileDeletion(page: Page): Promise<void> {
  await page.route(/\/v2\/users\/me$/, async (route) => {
    if (route.request().method() !== 'DELETE') return route.fallback();
    await route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'secret_store_unavailable', error_description: 'the system keychain is locked (locked)' }),
    });
  });
}

test('deleting the profile while the keychain is locked says nothing was deleted and what to do, in English and French', async () => {
  const { page } = app;
  await refuseProfileDeletion(page);
  const dialog = page.getByRole('alertdialog');
  for (const [lang, open, confirm, said, next] of [
    ['en', 'Delete my profile…', 'Delete my profile', 'nothing was deleted', 'Unlock the keychain'],
    ['fr', 'Supprimer mon profil…', 'Supprimer mon profil', 'rien n’a été supprimé', 'Déverrouillez le trousseau'],
  ] as const) {
    await nav(page, '(Settings|Réglages)');
    await page.getByTestId('language-select').selectOption(lang);
    await page.getByRole('button', { name: open }).click();
    await dialog.getByRole('button', { name: confirm, exact: true }).click();
    await expect(dialog).toContainText(said);
    await expect(dialog).toContainText(next);
    await expect(dialog).not.toContainText(lang === 'en' ? 'bank credentials safely, so nothing was stored' : 'rien n’a été enregistré');
    await page.screenshot({ path: `/tmp/shots-wtl/profile-delete-locked-${lang}.png` });
    await dialog.getByRole('button', { name: lang === 'en' ? 'Cancel' : 'Annuler' }).click();
  }
});
