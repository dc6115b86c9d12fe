import { expect, test } from '@playwright/test';
import { addTestBank, nav, shot } from './app/helpers';
import { useSignedInApp } from './app/session';

const app = useSignedInApp();

test('adding a test-bank connection (user_ok) brings accounts and transactions to every screen', async () => {
  test.setTimeout(120_000);
  const { page } = app;
  await addTestBank(page, 'user_ok');
  await shot(page, 'app-connections-1-running');

  // The queue reports RUNNING, then the final status in words.
  await expect(page.getByTestId('connection-status').locator('[data-status="SUCCESS"]')).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByTestId('connection-status')).toContainText('Up to date');
  await expect(page.getByTestId('account-row')).toHaveCount(4);
  await shot(page, 'app-connections-2-detail');

  await nav(page, 'Dashboard');
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await expect(page.getByTestId('account-row')).toHaveCount(4);
  await expect(page.getByRole('figure', { name: 'Balance over time' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('figure', { name: 'Monthly spending by category' })).toBeVisible();
  await shot(page, 'app-connections-3-dashboard');

  await nav(page, 'History');
  await expect(page.getByTestId('tx-row').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('history-count')).toContainText(/\d[\d,]* transactions/);
});

test('the next start shows the last dashboard at once, then refreshes it from the engine', async () => {
  const { page } = app;
  await nav(page, 'Dashboard');
  await expect(page.getByRole('figure', { name: 'Balance over time' })).toBeVisible();
  await page.waitForTimeout(1500); // the copy is written shortly after the charts settle
  // A slow engine: the accounts answer only after 4 s.
  await page.route('**/v2/accounts?*', async (route) => {
    await new Promise((r) => setTimeout(r, 4000));
    await route.continue();
  });
  await page.reload();
  await expect(page.getByText('Showing your last dashboard while Coffer refreshes')).toBeVisible({ timeout: 2000 });
  await expect(page.getByTestId('account-row')).toHaveCount(4);
  await expect(page.getByRole('figure', { name: 'Balance over time' })).toBeVisible({ timeout: 2000 });
  await shot(page, 'app-connections-3b-instant-start');
  await expect(page.getByText('Showing your last dashboard while Coffer refreshes')).toBeHidden({ timeout: 15_000 });
  await page.unroute('**/v2/accounts?*');
});

test('sync now shows the progress, then the result', async () => {
  test.setTimeout(90_000);
  const { page } = app;
  await nav(page, 'Connections');
  const card = page.getByTestId('connection-card').first();
  await card.getByRole('button', { name: /Sync now/ }).click();
  await expect(
    card.getByTestId('connection-status').locator('[data-status="RUNNING"], [data-status="SUCCESS"]'),
  ).toBeVisible();
  await expect(card.getByTestId('connection-status').locator('[data-status="SUCCESS"]')).toBeVisible({
    timeout: 60_000,
  });
  await shot(page, 'app-connections-4-list');
});

test('a wrong password is explained in words', async () => {
  test.setTimeout(90_000);
  const { page } = app;
  await addTestBank(page, 'someone', 'wrong-password');
  await expect(page.getByTestId('connection-status')).toContainText('Your bank rejected the login or password', {
    timeout: 60_000,
  });
  await shot(page, 'app-connections-5-auth-failed');
  await nav(page, 'Connections');
  await expect(page.getByTestId('connection-card')).toHaveCount(2);
});

test('deleting a connection says what goes, then removes its data from every screen', async () => {
  test.setTimeout(90_000);
  const { page } = app;
  await nav(page, 'Connections');
  const card = page.getByTestId('connection-card').filter({ hasText: 'Up to date' });
  const id = await card.getAttribute('data-connection-id');
  const accounts = await (
    await page.request.get(`${app.engine.baseUrl}/accounts?connection_id=${id}`, { headers: await authHeader() })
  ).json();
  expect(accounts).toHaveLength(4);

  await card.getByRole('link', { name: 'Coffer Test Bank' }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByTestId('delete-summary')).toContainText(/4 accounts and [\d,]+ transactions/);
  await shot(page, 'app-connections-6-delete-dialog');
  await dialog.getByRole('button', { name: 'Delete' }).click();

  await expect(page.getByRole('heading', { name: 'Connections', exact: true })).toBeVisible();
  await expect(page.getByTestId('connection-card')).toHaveCount(1);
  await expect(page.getByTestId('connection-card')).not.toContainText('Up to date');

  await nav(page, 'Dashboard');
  await expect(page.getByTestId('account-row')).toHaveCount(0);
  await nav(page, 'History');
  await expect(page.getByTestId('history-count')).toContainText('0 transactions');
  await expect(page.getByTestId('tx-row')).toHaveCount(0);
  // Not only hidden: the engine no longer has them either.
  for (const a of accounts as Array<{ id: string }>) {
    const res = await page.request.get(`${app.engine.baseUrl}/accounts/${a.id}`, { headers: await authHeader() });
    expect(res.status()).toBe(404);
  }
  await shot(page, 'app-connections-7-after-delete');
});

// Issue 15, defect 5: after AUTH_FAILED the way out is new credentials, not a retry of the known-bad password.
test('after a wrong password the main action is "Update credentials" and "Sync now" warns before a retry', async () => {
  test.setTimeout(120_000);
  const { page } = app;
  await nav(page, 'Connections');
  // From the list too: "Sync now" asks first, and "Update credentials" leads to the form on the connection.
  const card = page.getByTestId('connection-card').filter({ hasText: 'rejected' });
  await card.getByRole('button', { name: /Sync now/ }).click();
  await expect(page.getByRole('alertdialog')).toContainText('lock');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Update credentials' }).click();
  await expect(page.getByRole('dialog').getByLabel('Password')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('connection-status')).toContainText('Your bank rejected the login or password');
  const header = page.getByTestId('connection-actions');
  await expect(header.getByRole('button', { name: 'Update credentials' })).toHaveClass(/btn-primary/);
  await expect(header.getByRole('button', { name: /Sync now/ })).not.toHaveClass(/btn-primary/);
  await shot(page, 'app-connections-8-auth-failed-actions');

  // "Sync now" would send the same refused password again: it asks first, and Cancel sends nothing.
  await header.getByRole('button', { name: /Sync now/ }).click();
  const warning = page.getByRole('alertdialog');
  await expect(warning).toContainText('lock');
  await shot(page, 'app-connections-9-retry-warning');
  await warning.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('connection-status').locator('[data-status="AUTH_FAILED"]')).toBeVisible();

  // The login stays (shown masked, not asked again); only the password is typed.
  await header.getByRole('button', { name: 'Update credentials' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Login')).toHaveValue('so****ne');
  await expect(dialog.getByLabel('Login')).toHaveAttribute('readonly', '');
  await dialog.getByLabel('Password').fill('pass_ok');
  await shot(page, 'app-connections-10-update-credentials');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('connection-status').locator('[data-status="SUCCESS"]')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('account-row')).toHaveCount(4);
});

/** The app's own access token, read from its IndexedDB session. */
async function authHeader(): Promise<Record<string, string>> {
  const token = await app.page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = (globalThis as unknown as { indexedDB: { open(name: string): any } }).indexedDB.open('coffer-app');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('kv').objectStore('kv').get('session');
          get.onsuccess = () => resolve((get.result?.value as { accessToken: string }).accessToken);
          get.onerror = () => reject(get.error);
        };
      }),
  );
  return { authorization: `Bearer ${token}` };
}
