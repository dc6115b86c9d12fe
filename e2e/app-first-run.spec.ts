import { expect, test } from '@playwright/test';
import { serveEngine, type ServedEngine } from './engine';
import { OWNER, shot } from './app/helpers';

let engine: ServedEngine;
test.beforeAll(async () => {
  engine = await serveEngine();
});
test.afterAll(async () => engine.stop());
test.use({ locale: 'en-US', viewport: { width: 1280, height: 820 } });

test('first run: create the profile, accept the terms, land on the dashboard, stay signed in', async ({ page }) => {
  await page.goto(engine.hostUrl + '/');
  await expect(page.getByRole('heading', { name: 'Welcome to Coffer' })).toBeVisible();
  await expect(page.getByTestId('engine-status')).toContainText('running');
  await shot(page, 'app-first-run-1-welcome');

  // The form checks its fields before anything is sent.
  await page.getByRole('button', { name: 'Create my profile' }).click();
  await expect(page.getByText('Enter a valid e-mail address.')).toBeVisible();
  await expect(page.getByText('The password needs at least 8 characters.')).toBeVisible();

  await page.getByLabel('First name').fill(OWNER.firstName);
  await page.getByLabel('Last name').fill(OWNER.lastName);
  await page.getByLabel('E-mail address').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Create my profile' }).click();

  await expect(page.getByRole('heading', { name: 'Terms of use', exact: true })).toBeVisible();
  await expect(page.getByRole('document', { name: 'Terms of use' })).toContainText('Your data stays on this machine');
  await shot(page, 'app-first-run-2-terms');
  await page.getByRole('button', { name: 'I accept the terms' }).click();

  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Connect your first bank' })).toBeVisible();
  await expect(page.getByTestId('engine-status')).toContainText('Engine: running');
  await shot(page, 'app-first-run-3-dashboard');

  // The session survives a reload (tokens kept in IndexedDB).
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText(`${OWNER.firstName} ${OWNER.lastName}`)).toBeVisible();

  // A second owner cannot be created any more: the API says so, the app shows the dashboard.
  const res = await page.request.post(engine.baseUrl + '/app/owner', {
    data: { email: 'mallory@example.com', password: 'longenough' },
  });
  expect(res.status()).toBe(409);
});

test('another browser without a session is sent to sign in with the authorization server', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  // The installation has its owner (made here when this test runs alone).
  const created = await page.request.post(engine.baseUrl + '/app/owner', {
    data: { email: OWNER.email, password: OWNER.password },
  });
  expect([201, 409]).toContain(created.status());
  await page.goto(engine.hostUrl + '/');
  await expect(page.getByRole('heading', { name: 'Sign in to Coffer' })).toBeVisible();
  await shot(page, 'app-first-run-4-sign-in');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/auth\/authorize\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('client_id')).toBe('coffer-app');
  expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  expect(url.searchParams.get('redirect_uri')).toBe(`${engine.hostUrl}/auth-callback`);
  await context.close();
});

test('signing in again through the authorization server page brings the dashboard back', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  const created = await page.request.post(engine.baseUrl + '/app/owner', {
    data: { email: OWNER.email, password: OWNER.password },
  });
  expect([201, 409]).toContain(created.status());
  await page.goto(engine.hostUrl + '/');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/auth\/authorize\?/);

  // The authorization server's own page: e-mail, password, allow; back at /auth-callback, then the app.
  await page.locator('#email').fill(OWNER.email);
  await page.locator('#password').fill(OWNER.password);
  await page.locator('button[name="decision"][value="allow"]').click();
  await expect(page.getByRole('heading', { name: /Dashboard|Terms of use/ })).toBeVisible();
  if (await page.getByRole('heading', { name: 'Terms of use', exact: true }).isVisible()) {
    await page.getByRole('button', { name: 'I accept the terms' }).click();
  }
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');
  // Signed in to stay: a reload keeps the session; signing out brings the sign-in page back.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Coffer' })).toBeVisible();
  await context.close();
});
