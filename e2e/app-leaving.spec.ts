import { expect, test, type Page } from '@playwright/test';
import { addTestBank, nav, OWNER, shot } from './app/helpers';
import { useSignedInApp } from './app/session';

const app = useSignedInApp({ viewport: { width: 1024, height: 760 } });

/** Every row of every IndexedDB store of the page's origin, plus localStorage and sessionStorage keys. */
async function browserStorage(page: Page): Promise<{ indexedDb: Record<string, unknown[]>; local: string[]; session: string[] }> {
  return page.evaluate(async () => {
    const indexedDb: Record<string, unknown[]> = {};
    for (const info of await indexedDB.databases()) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name!);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        indexedDb[`${info.name}/${store}`] = await new Promise<unknown[]>((resolve, reject) => {
          const all = db.transaction(store).objectStore(store).getAll();
          all.onsuccess = () => resolve(all.result);
          all.onerror = () => reject(all.error);
        });
      }
      db.close();
    }
    return { indexedDb, local: Object.keys(localStorage), session: Object.keys(sessionStorage) };
  });
}

const rowsOf = (storage: { indexedDb: Record<string, unknown[]> }) =>
  Object.values(storage.indexedDb).reduce((n, rows) => n + rows.length, 0);

test('deleting the profile from Settings says what goes, removes it through the API and leaves a fresh first run', async () => {
  const { page, engine } = app;
  await addTestBank(page, 'user_ok');
  await expect(page.getByTestId('connection-detail')).toContainText(/Up to date|Synchronized|Last synchronized/i, {
    timeout: 30_000,
  });
  // The window keeps UI state for this person (the session at least) before leaving.
  await nav(page, 'History');
  expect(rowsOf(await browserStorage(page))).toBeGreaterThan(0);

  // A second window of the same browser, signed in with the same session.
  const other = await page.context().newPage();
  await other.goto(engine.hostUrl + '/');
  await expect(other.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  await nav(page, 'Settings');
  await page.getByRole('button', { name: 'Delete my profile…' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  const summary = dialog.getByTestId('delete-profile-summary');
  await expect(summary).toContainText('1 connection');
  await expect(summary).toContainText(/[1-9]\d* accounts?/);
  await expect(summary).toContainText(/\d+ transactions?/);
  await expect(summary).toContainText('keychain');
  await expect(summary).toContainText('access tokens');
  await expect(dialog).toContainText(OWNER.email);
  await shot(page, 'app-leaving-1-confirm-en');

  // Cancel keeps everything.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // The same in French (a screenshot), then back to English.
  await page.getByTestId('language-select').selectOption('fr');
  await page.getByRole('button', { name: 'Supprimer mon profil…' }).click();
  await expect(dialog.getByTestId('delete-profile-summary')).toContainText('1 connexion');
  await shot(page, 'app-leaving-1-confirm-fr');
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await page.getByTestId('language-select').selectOption('en');

  await page.getByRole('button', { name: 'Delete my profile…' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete my profile', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Welcome to Coffer' })).toBeVisible();
  await expect(page.getByText('Your profile already exists')).toHaveCount(0);
  await shot(page, 'app-leaving-2-first-run');

  // Nothing of that person stays in the browser's storage.
  const after = await browserStorage(page);
  expect(after.indexedDb).toEqual(Object.fromEntries(Object.keys(after.indexedDb).map((k) => [k, []])));
  expect(after.local).toEqual([]);
  expect(after.session).toEqual([]);

  // The other window, whose session the engine no longer accepts (its next poll of the events says so), offers
  // the first run too: not a sign-in to a profile that no longer exists.
  await expect(other.getByRole('heading', { name: 'Welcome to Coffer' })).toBeVisible({ timeout: 25_000 });
  await expect(other.getByText('Your profile already exists')).toHaveCount(0);
  await other.close();

  // The engine no longer has an owner, and a reload shows the first run again (not the sign-in).
  const status = await (await page.request.get(`${engine.baseUrl}/app/status`)).json();
  expect(status.has_owner).toBe(false);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome to Coffer' })).toBeVisible();
  await expect(page.getByText('Your profile already exists')).toHaveCount(0);

  // The same e-mail address makes a new, empty profile.
  await page.getByLabel('E-mail address').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Create my profile' }).click();
  await page.getByRole('button', { name: 'I accept the terms' }).click();
  await expect(page.getByRole('heading', { name: 'Connect your first bank' })).toBeVisible();
});
