import { expect, test } from '@playwright/test';
import { OWNER, nav, shot } from './app/helpers';
import { useSignedInApp } from './app/session';

const app = useSignedInApp();

/** Add flow up to the test bank's consent page (the engine's stand-in for a bank portal). */
async function openBankConsent(consentPerAccount: boolean) {
  const { page } = app;
  await nav(page, 'Connections');
  await page.getByRole('button', { name: 'Add a connection' }).first().click();
  await page.getByTestId('provider-option').filter({ hasText: 'Coffer Test Bank' }).click();
  await page.locator('[data-testid="channel-option"][data-mode="REDIRECT"]').click();
  if (consentPerAccount) {
    await page.getByText('Options', { exact: true }).click();
    await page.getByLabel('Let me choose the accounts to share (consent per account)').check();
  }
  await shot(page, 'app-redirect-1-form');
  await page.getByRole('button', { name: /Continue on Coffer Test Bank/ }).click();
  await page.waitForURL(/\/providers\/9000\/consent\?/);
  await expect(page.locator('#login')).toBeVisible();
}

/**
 * Approves on the bank page by posting its forms over HTTP (what the browser would post), then follows the
 * bank's redirection to the app's /connect-callback in the browser.
 */
async function approveOverHttp(login: string) {
  const { page } = app;
  const url = new URL(page.url());
  const hidden = Object.fromEntries(url.searchParams);
  const first = await page.request.post(url.origin + url.pathname, {
    form: { ...hidden, step: 'login', login, decision: 'continue' },
  });
  const refs = [...(await first.text()).matchAll(/name="accounts" value="([^"]+)"/g)].map((m) => m[1]);
  expect(refs.length).toBeGreaterThan(0);
  const body = new URLSearchParams({ ...hidden, step: 'decide', login, decision: 'approve' });
  for (const r of refs) body.append('accounts', r);
  const answer = await page.request.post(url.origin + url.pathname, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: body.toString(),
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(302);
  const back = answer.headers()['location'];
  expect(back).toContain('/connect-callback?');
  await page.goto(back);
}

test('a REDIRECT channel through the bank page in the browser', async () => {
  test.setTimeout(120_000);
  const { page } = app;
  await openBankConsent(false);
  await page.locator('#login').fill('user_ok');
  await page.locator('button[name="decision"][value="continue"]').click();
  await page.locator('button[name="decision"][value="approve"]').click();
  await expect(page.getByTestId('connection-detail')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('connection-status').locator('[data-status="SUCCESS"]')).toBeVisible({
    timeout: 60_000,
  });
});

test('a REDIRECT channel: back at /connect-callback with the code, the connection is made and synchronizes', async () => {
  test.setTimeout(120_000);
  const { page } = app;
  await openBankConsent(false);
  await shot(page, 'app-redirect-2-bank-page');
  await approveOverHttp('user_ok');
  await expect(page.getByTestId('connection-detail')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('connection-status').locator('[data-status="SUCCESS"]')).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByTestId('channel-row').filter({ hasText: 'Secure connection' })).toContainText(
    /Consent valid until/,
  );
  await expect(page.getByTestId('account-row')).not.toHaveCount(0);
  await shot(page, 'app-redirect-3-connected');
});

test('consent per account: the accounts wait for consent and the consent screen lists them', async () => {
  test.setTimeout(120_000);
  const { page } = app;
  await openBankConsent(true);
  await approveOverHttp('user_ok');
  await expect(page.getByTestId('connection-detail')).toBeVisible({ timeout: 30_000 });
  const consentLink = page.getByRole('link', { name: 'Choose accounts' });
  await expect(consentLink).toBeVisible({ timeout: 60_000 });
  await consentLink.click();
  await expect(page.getByRole('heading', { name: 'Choose the accounts to share' })).toBeVisible();
  await expect(page.locator('#pending-consent')).toContainText('Waiting for your consent');
  await shot(page, 'app-redirect-4-consent');
  // Issue 15, defect 7: consent is given in place, account by account, with boxes (no widget page).
  const pending = page.locator('#pending-consent');
  const boxes = pending.getByRole('checkbox');
  const count = await boxes.count();
  expect(count).toBeGreaterThan(1);
  for (let i = 0; i < count; i++) await expect(boxes.nth(i)).not.toBeChecked();
  for (let i = 0; i < count; i++) await boxes.nth(i).check();
  await pending.getByRole('button', { name: 'Save my choice' }).click();
  await expect(page.getByText('Consent saved')).toBeVisible();
  expect(new URL(page.url()).pathname).toMatch(/^\/connections\/[^/]+\/consent$/);
  await expect(pending).not.toContainText('Waiting for your consent', { timeout: 30_000 });
  await shot(page, 'app-redirect-5-consent-given');

  // The "waiting for your consent" banner goes away on the connection, and stays away after its synchronization.
  await page.getByRole('link', { name: 'Coffer Test Bank' }).first().click();
  await expect(page.getByTestId('connection-detail')).toBeVisible();
  await expect(page.getByTestId('connection-status').locator('[data-status="SUCCESS"]')).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByText(/wait(s|ing)? for your consent/i)).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('connection-detail')).toBeVisible();
  await expect(page.getByTestId('account-row').first()).toBeVisible();
  await expect(page.getByText(/wait(s|ing)? for your consent/i)).toHaveCount(0);

  // Withdrawn in place: the account is no longer shared, by choice; nothing "waits for your consent".
  await page.getByRole('link', { name: 'Manage shared accounts' }).click();
  await pending.getByRole('checkbox').first().uncheck();
  await pending.getByRole('button', { name: 'Save my choice' }).click();
  await expect(page.getByText('Consent saved')).toBeVisible();
  await expect(pending.getByTestId('consent-row').first()).toContainText('Not shared');
  await shot(page, 'app-redirect-6-consent-withdrawn');
  await page.getByRole('link', { name: 'Coffer Test Bank' }).first().click();
  await expect(page.getByTestId('account-row').filter({ hasText: 'Not shared' })).toHaveCount(1);
  await expect(page.getByText(/wait(s|ing)? for your consent/i)).toHaveCount(0);
  await nav(page, 'Connections');
  await expect(page.getByTestId('connection-card')).toHaveCount(3);
  await expect(page.getByTestId('connection-card').filter({ hasText: /wait(s|ing)? for your consent/i })).toHaveCount(
    0,
  );

  // The choice is kept by the engine, not this browser: another browser, signed in afresh, sees the same.
  const other = await page
    .context()
    .browser()!
    .newContext({ viewport: { width: 1320, height: 900 } });
  try {
    const second = await other.newPage();
    await second.goto(`${app.engine.hostUrl}/connections`);
    await second.getByRole('button', { name: 'Sign in' }).click();
    await second.locator('#email').fill(OWNER.email);
    await second.locator('#password').fill(OWNER.password);
    await second.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(second.getByRole('heading', { name: 'Connections' })).toBeVisible();
    await expect(second.getByTestId('connection-card')).toHaveCount(3);
    await expect(second.getByText(/wait(s|ing)? for your consent/i)).toHaveCount(0);
    await nav(second, 'Dashboard');
    await expect(second.getByTestId('not-counted')).toContainText('1 not shared by you');
    await expect(second.getByTestId('not-counted')).not.toContainText('waiting for your consent');
    await second.getByTestId('not-counted').getByRole('link').click();
    await expect(
      second.locator('#not-in-totals').getByTestId('account-row').filter({ hasText: 'Not shared' }),
    ).toHaveCount(1);
    await shot(second, 'app-redirect-7-not-shared-elsewhere');
  } finally {
    await other.close();
  }
});
