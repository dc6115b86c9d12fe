import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { addTestBank, nav, shot } from './app/helpers';
import { useSignedInApp } from './app/session';

/** Issue 15, defect 2: duplicates and look-alikes (the same login twice; five "Compte Courant"). */
const app = useSignedInApp();

test('a first connection (login "someone")', async () => {
  test.setTimeout(90_000);
  const { page } = app;
  await addTestBank(page, 'someone');
  await expect(page.getByTestId('connection-status').locator('[data-status="SUCCESS"]')).toBeVisible({
    timeout: 60_000,
  });
});

// Issue 15, defect 2: the same login twice is caught before it doubles every total.
test('adding a login already connected warns and offers the existing connection', async () => {
  test.setTimeout(90_000);
  const { page } = app;
  const existing = new URL(page.url()).pathname;
  await nav(page, 'Connections');
  await page.getByRole('button', { name: 'Add a connection' }).first().click();
  await page.getByLabel('Search by name or country').fill('bank');
  await page.getByTestId('provider-option').filter({ hasText: 'Coffer Test Bank' }).click();
  await page.locator('[data-testid="channel-option"][data-mode="EMBEDDED"]').click();
  await page.getByLabel('Login').fill('someone');
  await page.getByLabel('Password').fill('pass_ok');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  const warning = page.getByTestId('duplicate-login');
  await expect(warning).toContainText('already connected');
  await shot(page, 'app-connections-11-duplicate');
  await warning.getByRole('button', { name: 'Open the existing connection' }).click();
  await expect(page.getByTestId('connection-detail')).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(existing);
  await nav(page, 'Connections');
  await expect(page.getByTestId('connection-card')).toHaveCount(1);
});

// Issue 15, defect 2: accounts with the same name are told apart by bank and masked number, and can be renamed.
test('two "Compte Courant" are told apart in the account filter and the CSV, and one can be renamed', async () => {
  test.setTimeout(120_000);
  const { page } = app;
  await addTestBank(page, 'user_ok');
  await expect(page.getByTestId('connection-status').locator('[data-status="SUCCESS"]')).toBeVisible({
    timeout: 60_000,
  });
  // The account rows of a connection show the masked number.
  await expect(page.getByTestId('account-row').filter({ hasText: 'Compte Courant' })).toContainText(/••\d{4}/);

  await nav(page, 'History');
  await expect(page.getByTestId('tx-row').first()).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Accounts' }).click();
  const options = page.getByRole('group', { name: 'Accounts' }).getByRole('checkbox', { name: /^Compte Courant/ });
  await expect(options).toHaveCount(2);
  // The option's own text (its hint, the account type, follows it).
  const labels = await options.evaluateAll((els) =>
    els.map((e) => e.closest('label')?.querySelector('span')?.textContent ?? ''),
  );
  // The masked number first, then the bank; the two connections to that bank are told apart by their
  // masked logins ("someone", "user_ok").
  expect(labels[0]).toMatch(/^Compte Courant ••\d{4} — Coffer Test Bank · (so\*{4}ne|us\*{4}ok)$/);
  expect(labels[1]).toMatch(/^Compte Courant ••\d{4} — Coffer Test Bank · (so\*{4}ne|us\*{4}ok)$/);
  expect(labels[0]).not.toBe(labels[1]);
  // Each name stays on one line (the list is as wide as its longest name), and the list stays in the window.
  const spans = page.getByRole('group', { name: 'Accounts' }).locator('label > span:first-of-type');
  const lines = await spans.evaluateAll((els) =>
    els.map((e) => {
      const range = document.createRange();
      range.selectNodeContents(e);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    }),
  );
  expect(lines.length).toBeGreaterThanOrEqual(4);
  for (const n of lines) expect(n, 'lines of an account name').toBe(1);
  const popover = (await page.getByRole('group', { name: 'Accounts' }).boundingBox())!;
  expect(popover.x + popover.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await shot(page, 'app-connections-12-account-filter');
  // At 800×600 too: the list is moved left rather than cut by the window's edge.
  const size = page.viewportSize()!;
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 800, height: 600 });
  // In a small window the filters besides the search are folded behind one button.
  await page.getByTestId('history-more-filters').click();
  await page.getByRole('button', { name: 'Accounts' }).click();
  const narrow = (await page.getByRole('group', { name: 'Accounts' }).boundingBox())!;
  expect(narrow.x).toBeGreaterThanOrEqual(0);
  expect(narrow.x + narrow.width).toBeLessThanOrEqual(800);
  await shot(page, 'app-connections-12b-account-filter-800');
  await page.keyboard.press('Escape');
  await page.setViewportSize(size);
  await page.getByRole('button', { name: 'Accounts' }).click();
  await options.first().check();
  await page.keyboard.press('Escape');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8');
  expect(csv).toMatch(/Compte Courant [^,\n]*••\d{4}/);

  // Renaming: the new name is used everywhere, and the account is no longer ambiguous.
  await nav(page, 'Dashboard');
  await page.getByTestId('account-row').filter({ hasText: 'Compte Courant' }).first().click();
  await page.getByRole('button', { name: 'Rename' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill('Joint account');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Joint account' })).toBeVisible();
  await nav(page, 'History');
  await page.getByRole('button', { name: 'Accounts' }).click();
  const group = page.getByRole('group', { name: 'Accounts' });
  await expect(group.getByRole('checkbox', { name: /^Joint account/ })).toHaveCount(1);
  await expect(group.getByRole('checkbox', { name: /^Compte Courant/ })).toHaveCount(1);
  // Alone with its name again, it is shown by its name alone.
  expect(
    await group
      .getByRole('checkbox', { name: /^Compte Courant/ })
      .evaluate((e) => e.closest('label')?.querySelector('span')?.textContent),
  ).toBe('Compte Courant');
  await page.keyboard.press('Escape');
});
