import { expect, test } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import { nav, shot } from './app/helpers';
import { useSignedInApp } from './app/session';

const app = useSignedInApp();

test('personal access tokens: created and shown once, usable by a script, revoked', async () => {
  const { page } = app;
  await nav(page, 'Settings');
  await page.getByRole('tabpanel').or(page.locator('nav.tabs')).getByRole('link', { name: 'Access tokens' }).click();
  await page.getByLabel('Token name').fill('budget-script');
  await page.getByRole('button', { name: 'Create token' }).click();
  const token = await page.getByTestId('new-token').inputValue();
  expect(token.length).toBeGreaterThan(20);
  await shot(page, 'app-settings-1-token-created');
  // The token works for a script (same API), within its scopes.
  const accounts = await page.request.get(`${app.engine.baseUrl}/accounts`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(accounts.status()).toBe(200);
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('table', { name: 'Access tokens' })).toContainText('budget-script');
  await page.getByRole('button', { name: 'Revoke budget-script' }).click();
  await expect(page.getByText('No personal access token yet.')).toBeVisible();
  const after = await page.request.get(`${app.engine.baseUrl}/accounts`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(after.status()).toBe(401);
});

test('admin settings through the owner admin token: schedule, OAuth clients, signing keys, data folder', async () => {
  const { page } = app;
  await page.locator('nav.tabs').getByRole('link', { name: 'Synchronization' }).click();
  const interval = page.getByLabel('Automatic synchronization every (hours)');
  await expect(interval).toHaveValue('12');
  await interval.fill('6');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved').first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Automatic synchronization every (hours)')).toHaveValue('6');
  await shot(page, 'app-settings-2-sync');

  await page.locator('nav.tabs').getByRole('link', { name: 'OAuth clients' }).click();
  await page.getByLabel('Client name').fill('my-script');
  await page.getByRole('button', { name: 'Create client' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Client secret');
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByRole('table', { name: 'OAuth clients' })).toContainText('my-script');
  await shot(page, 'app-settings-3-clients');

  await page.locator('nav.tabs').getByRole('link', { name: 'Signing keys' }).click();
  await expect(page.getByText('Current', { exact: true })).toHaveCount(1);
  await page.getByRole('button', { name: 'Rotate signing key' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Rotate the key' }).click();
  await expect(page.getByText(/Deprecated since/)).toHaveCount(1);
  await expect(page.getByText('Current', { exact: true })).toHaveCount(1);
  await shot(page, 'app-settings-4-sign-keys');

  await page.locator('nav.tabs').getByRole('link', { name: 'Data' }).click();
  await expect(page.getByTestId('data-dir')).toHaveText(app.engine.dataDir);
});

test('webhook: set to a local program, deliveries listed after a synchronization', async () => {
  test.setTimeout(90_000);
  const { page } = app;
  const received: string[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push(body);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  try {
    await page.locator('nav.tabs').getByRole('link', { name: 'Webhook' }).click();
    await page.getByLabel('Webhook URL (http://127.0.0.1:…)').fill(`http://127.0.0.1:${port}/hook`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Webhook saved')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Signing secret' })).toBeVisible();

    const { addTestBank } = await import('./app/helpers');
    await addTestBank(page, 'user_ok');
    await expect(page.getByTestId('connection-status').locator('[data-status="SUCCESS"]')).toBeVisible({
      timeout: 60_000,
    });
    await expect.poll(() => received.length, { timeout: 30_000 }).toBeGreaterThan(0);

    await nav(page, 'Settings');
    await page.locator('nav.tabs').getByRole('link', { name: 'Webhook' }).click();
    await expect(page.getByRole('table', { name: 'Recent deliveries' })).toContainText('Delivered');
    await shot(page, 'app-settings-5-webhook');
  } finally {
    server.close();
  }
});
