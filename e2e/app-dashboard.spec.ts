import { expect, test, type Locator } from '@playwright/test';
import { addTestBank, nav, shot } from './app/helpers';
import { useSignedInApp } from './app/session';

const app = useSignedInApp();

/** Adds a Coffer Test Bank connection through its REDIRECT channel with consent per account: its accounts wait in PENDING_CONSENT. */
async function addPendingConsentConnection(login: string) {
  const { page } = app;
  await nav(page, 'Connections');
  await page.getByRole('button', { name: 'Add a connection' }).first().click();
  await page.getByTestId('provider-option').filter({ hasText: 'Coffer Test Bank' }).click();
  await page.locator('[data-testid="channel-option"][data-mode="REDIRECT"]').click();
  await page.getByText('Options', { exact: true }).click();
  await page.getByLabel('Let me choose the accounts to share (consent per account)').check();
  await page.getByRole('button', { name: /Continue on Coffer Test Bank/ }).click();
  await page.waitForURL(/\/providers\/9000\/consent\?/);
  // Approve on the bank's page over HTTP (what the browser would post), then follow the redirection back.
  const url = new URL(page.url());
  const hidden = Object.fromEntries(url.searchParams);
  const first = await page.request.post(url.origin + url.pathname, {
    form: { ...hidden, step: 'login', login, decision: 'continue' },
  });
  const refs = [...(await first.text()).matchAll(/name="accounts" value="([^"]+)"/g)].map((m) => m[1]);
  const body = new URLSearchParams({ ...hidden, step: 'decide', login, decision: 'approve' });
  for (const r of refs) body.append('accounts', r);
  const answer = await page.request.post(url.origin + url.pathname, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: body.toString(),
    maxRedirects: 0,
  });
  await page.goto(answer.headers()['location']);
  await expect(page.getByTestId('connection-detail')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: 'Choose accounts' })).toBeVisible({ timeout: 60_000 });
}

/** The texts of a chart axis' ticks. */
const ticks = (chart: Locator, axis: 'x' | 'y') =>
  chart.locator(`.recharts-${axis}Axis-tick-labels .recharts-cartesian-axis-tick-value`).allTextContents();

/** Category label → swatch colour of the spending chart's legend. */
async function legendColours(chart: Locator): Promise<Record<string, string>> {
  const items = chart.getByTestId('legend-item');
  const out: Record<string, string> = {};
  for (const item of await items.all()) {
    const colour = await item.locator('[data-swatch]').evaluate((e) => getComputedStyle(e).backgroundColor);
    out[(await item.textContent())!.trim()] = colour;
  }
  return out;
}

/** The (day, amount) rows of a balance chart's table (the figures behind the chart). */
const chartRows = (figure: Locator) => figure.locator('table tbody tr').allTextContents();

let netWorthBefore = '';

test('setup: a bank whose 4 accounts are shared, and a second connection waiting for consent', async () => {
  test.setTimeout(180_000);
  const { page } = app;
  await addTestBank(page, 'user_ok');
  await expect(page.getByTestId('connection-status').locator('[data-status="SUCCESS"]')).toBeVisible({
    timeout: 60_000,
  });
  await nav(page, 'Dashboard');
  await expect(page.getByTestId('account-row')).toHaveCount(4);
  await expect(page.getByRole('figure', { name: 'Balance over time' })).toBeVisible({ timeout: 30_000 });
  netWorthBefore = (await page.getByTestId('net-worth').textContent())!;
  // Its accounts have balances, but they are not shared yet.
  await addPendingConsentConnection('user_wait');
});

test('defect 1: totals count only the accounts the person shares, and say how many', async () => {
  const { page } = app;
  await nav(page, 'Dashboard');
  await expect(page.getByTestId('account-row')).toHaveCount(6);
  await expect(page.getByTestId('net-worth')).toHaveText(netWorthBefore);
  await expect(page.getByTestId('counted-accounts')).toHaveText('4 accounts');
  const others = page.getByTestId('not-counted');
  await expect(others).toContainText('2 waiting for your consent');
  // The others are reachable: the link leads to them, each with its status.
  await others.getByRole('link').click();
  const section = page.locator('#not-in-totals');
  await expect(section).toBeInViewport();
  await expect(section.getByTestId('account-row')).toHaveCount(2);
  await expect(section.getByTestId('account-row').first()).toContainText('Waiting for your consent');
  await shot(page, 'app-dashboard-1-not-counted');
});

test('defect 8: closing an account asks first and keeps its balance history up to the closing day', async () => {
  test.setTimeout(120_000);
  const { page } = app;
  await nav(page, 'Dashboard');
  await page.getByTestId('account-row').filter({ hasText: 'Livret A' }).click();
  const figure = page.getByRole('figure', { name: 'Balance history' });
  await expect(figure).toBeVisible({ timeout: 30_000 });
  const before = await chartRows(figure);
  expect(before.length).toBeGreaterThan(5);

  await page.getByRole('button', { name: 'Close account' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('no longer synchronized');
  await expect(dialog).toContainText('balance history');
  await shot(page, 'app-dashboard-2-close-confirm');
  // Cancelling changes nothing.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('account-page')).not.toContainText('Closed');
  await page.getByRole('button', { name: 'Close account' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Close account' }).click();
  await expect(page.locator('#account-details')).toContainText('Closed');
  // The history up to today (the closing day) is the same as before the closing, not rebuilt from 0.
  await expect(async () => expect(await chartRows(figure)).toEqual(before)).toPass({ timeout: 10_000 });
  await shot(page, 'app-dashboard-3-closed-history');

  await nav(page, 'Dashboard');
  await expect(page.getByTestId('counted-accounts')).toHaveText('3 accounts');
  await expect(page.getByTestId('not-counted')).toContainText('1 closed');
});

test('defect 1: an account hidden from totals is left out and said so, and counts again when shown', async () => {
  const { page } = app;
  await nav(page, 'Dashboard');
  const before = await page.getByTestId('net-worth').textContent();
  await page.getByTestId('account-row').filter({ hasText: 'Prêt' }).click();
  await page.getByLabel('Hide from totals').click();
  await expect(page.getByLabel('Hide from totals')).toBeChecked();
  await expect(page.getByTestId('account-not-counted')).toContainText('you hid it');
  await nav(page, 'Dashboard');
  await expect(page.getByTestId('counted-accounts')).toHaveText('2 accounts');
  await expect(page.getByTestId('not-counted')).toContainText('1 hidden by you');
  await expect(page.getByTestId('net-worth')).not.toHaveText(before!);
  await expect(page.locator('#not-in-totals').getByTestId('account-row').filter({ hasText: 'Prêt' })).toContainText(
    'Hidden from totals',
  );
  await page.locator('#not-in-totals').getByTestId('account-row').filter({ hasText: 'Prêt' }).click();
  await page.getByLabel('Hide from totals').click();
  await expect(page.getByLabel('Hide from totals')).not.toBeChecked();
  await expect(page.getByTestId('account-not-counted')).toHaveCount(0);
  await nav(page, 'Dashboard');
  await expect(page.getByTestId('counted-accounts')).toHaveText('3 accounts');
  await expect(page.getByTestId('net-worth')).toHaveText(before!);
});

test('defect 10: period picker, readable ticks, stable colours, drill-down to the history', async () => {
  test.setTimeout(180_000);
  const { page } = app;
  await nav(page, 'Dashboard');
  const balance = page.getByTestId('balance-chart');
  const spending = page.getByTestId('spending-chart');
  await expect(spending.getByTestId('legend-item').first()).toBeVisible({ timeout: 30_000 });
  const periods = page.getByRole('group', { name: 'Period' });
  for (const name of ['1M', '3M', '1Y', 'All', 'Custom'])
    await expect(periods.getByRole('button', { name })).toBeVisible();

  const coloursByPeriod: Array<Record<string, string>> = [];
  for (const name of ['1M', '3M', '1Y', 'All']) {
    await periods.getByRole('button', { name }).click();
    await expect(periods.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'true');
    for (const chart of [balance, spending]) {
      const y = await ticks(chart, 'y');
      expect(y.length).toBeGreaterThan(1);
      expect(new Set(y).size, `${name}: ${y.join(' | ')}`).toBe(y.length);
      const x = await ticks(chart, 'x');
      expect(new Set(x).size, `${name}: ${x.join(' | ')}`).toBe(x.length);
    }
    // A stable baseline: the balance axis always starts from zero (or below, for debts).
    expect(await ticks(balance, 'y')).toContain('€0');
    // The year is said on the time axis (in full, or as "Jan 25" when every tick needs it).
    if (name === '1Y' || name === 'All') expect((await ticks(balance, 'x')).join(' ')).toMatch(/\b\d{2}(\d{2})?\b/);
    coloursByPeriod.push(await legendColours(spending));
  }
  // Each category keeps its colour whatever the period (and after a reload).
  const colourOf: Record<string, string> = {};
  for (const colours of coloursByPeriod) {
    for (const [label, colour] of Object.entries(colours)) {
      if (label in colourOf) expect(colour, label).toBe(colourOf[label]);
      colourOf[label] = colour;
    }
  }
  await page.reload();
  await expect(spending.getByTestId('legend-item').first()).toBeVisible({ timeout: 30_000 });
  for (const [label, colour] of Object.entries(await legendColours(spending))) {
    if (label in colourOf) expect(colour, label).toBe(colourOf[label]);
  }

  // Custom range.
  await periods.getByRole('button', { name: 'Custom' }).click();
  await page.getByLabel('From', { exact: true }).fill('2025-01-01');
  await page.getByLabel('To', { exact: true }).fill('2025-03-31');
  await expect(async () => {
    const x = await ticks(spending, 'x');
    expect(x.join(' ')).toMatch(/Jan/);
    expect(x.join(' ')).toMatch(/Mar/);
    expect(x.join(' ')).not.toMatch(/Apr|May/);
  }).toPass({ timeout: 10_000 });
  await shot(page, 'app-dashboard-4-custom');

  // Click a bar: the history of that category, those accounts and that month.
  await periods.getByRole('button', { name: '3M' }).click();
  const bar = spending.locator('.recharts-bar-rectangle path').last();
  await bar.click();
  await expect(page).toHaveURL(/\/history/);
  await expect(page.getByTestId('history')).toBeVisible();
  await expect(page.getByRole('button', { name: /Categories · \d/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Accounts · \d/ })).toBeVisible();
  // The chart counts booked transactions only: so does the history it opens.
  await expect(page.getByRole('button', { name: 'Statuses · 1' })).toBeVisible();
  await expect(page.getByTestId('tx-row').first()).toBeVisible({ timeout: 30_000 });
  await shot(page, 'app-dashboard-5-drill-bar');

  // Click a point of the balance chart: the history of the counted accounts for that stretch of days.
  await nav(page, 'Dashboard');
  await periods.getByRole('button', { name: '1Y' }).click();
  const box = (await balance.locator('.recharts-surface').boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2);
  await page.mouse.click(box.x + box.width * 0.6, box.y + box.height / 2);
  await expect(page).toHaveURL(/\/history/);
  await expect(page.getByRole('button', { name: /Accounts · \d/ })).toBeVisible();
  await expect(page.getByTestId('history-count')).not.toContainText('Loading', { timeout: 30_000 });
});

/** A chart caption's day ("25 Aug 2026", or "1 November 2026") as the history's date fields show it (dd/mm/yyyy). */
function asField(caption: string): string {
  const d = new Date(Date.parse(`${caption.split(' · ')[0]} UTC`));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
}

test('the charts by keyboard: Tab reaches them, the arrow keys choose a point or a bar, Enter opens its history', async () => {
  test.setTimeout(120_000);
  const { page } = app;
  await nav(page, 'Dashboard');
  const periods = page.getByRole('group', { name: 'Period' });
  await periods.getByRole('button', { name: '3M' }).click();
  const balance = page.getByRole('group', { name: /^Balance over time\. Arrow keys/ });
  const spending = page.getByRole('group', { name: /^Monthly spending by category\. Arrow keys/ });
  await expect(page.getByTestId('spending-chart').getByTestId('legend-item').first()).toBeVisible({ timeout: 30_000 });
  const captionOf = (chart: Locator) => chart.getByTestId('chart-cursor');

  // From the link after the period picker, Tab reaches the balance chart; the cursor starts on the last point.
  await page.getByRole('link', { name: 'See the transactions of this period' }).focus();
  await page.keyboard.press('Tab');
  await expect(balance).toBeFocused();
  await expect(captionOf(balance)).toBeVisible();
  const last = await captionOf(balance).textContent();
  expect(last).toMatch(/^\d{1,2} \w{3} \d{4} · [-−]?€[\d,.]+ · Enter: see the transactions$/);
  await page.keyboard.press('ArrowLeft');
  await expect(captionOf(balance)).not.toHaveText(last!);
  await shot(page, 'app-dashboard-6-keyboard-point');
  // Home then Enter: the history of the first point's days, through the day the caption names.
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  const first = (await captionOf(balance).textContent())!;
  expect(first).not.toBe(last);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('history')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Until' })).toHaveValue(asField(first));
  // Back on the dashboard, the charts are as they were: the period chosen is kept.
  await page.goBack();
  await expect(periods.getByRole('button', { name: '3M' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('link', { name: 'See the transactions of this period' }).focus();
  await page.keyboard.press('Tab');
  await expect(balance).toBeFocused();
  await page.keyboard.press('End');
  await expect(captionOf(balance)).toHaveText(last!);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('history')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Until' })).toHaveValue(asField(last!));

  // Leaving the chart hides the cursor; the next Tab stop is the spending chart, on the latest month's top segment.
  await page.goBack();
  await page.getByRole('link', { name: 'See the transactions of this period' }).focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(spending).toBeFocused();
  await expect(captionOf(balance)).toBeHidden();
  const top = (await captionOf(spending).textContent())!;
  expect(top).toMatch(/^\w+ \d{4} · .+: [-−]?€[\d,.]+ · Enter: see the transactions$/);
  await page.keyboard.press('ArrowDown');
  await expect(captionOf(spending)).not.toHaveText(top);
  const below = (await captionOf(spending).textContent())!;
  await shot(page, 'app-dashboard-7-keyboard-bar');
  // Space (as Enter) opens that category in that month: the history from the first of the month.
  await page.keyboard.press(' ');
  await expect(page.getByTestId('history')).toBeVisible();
  await expect(page.getByRole('button', { name: /Categories · \d/ })).toBeVisible();
  const monthName = below.split(' · ')[0];
  await expect(page.getByRole('textbox', { name: 'From' })).toHaveValue(asField(`1 ${monthName}`));
  await expect(page.getByTestId('tx-row').first()).toBeVisible({ timeout: 30_000 });
});

test('drill-down URL: /history?categories=&accounts=&from=&to= opens the history with that filter', async () => {
  const { page } = app;
  await page.goto(new URL('/history?categories=1,2&from=2025-01-01&to=2025-02-01', page.url()).toString());
  await expect(page.getByTestId('history')).toBeVisible();
  await expect(page.getByRole('button', { name: /Categories · 2/ })).toBeVisible();
});

test('screens in French, dark mode, 800×600: dashboard, not-counted accounts, closing dialog', async () => {
  test.setTimeout(120_000);
  const { page } = app;
  const dir = process.env.COFFER_SHOTS_DIR;
  const snap = async (name: string) => {
    if (dir) await page.screenshot({ path: `${dir}/${name}.png`, animations: 'disabled' });
  };
  await page.setViewportSize({ width: 800, height: 600 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await nav(page, 'Dashboard');
  await expect(page.getByRole('group', { name: 'Period' })).toBeVisible();
  await snap('dashboard-en-dark-800');
  await page.getByTestId('balance-chart').scrollIntoViewIfNeeded();
  await snap('dashboard-en-dark-800-charts');

  await nav(page, 'Settings');
  await page.getByTestId('language-select').selectOption('fr');
  await nav(page, 'Tableau de bord');
  await expect(page.getByTestId('counted-accounts')).toHaveText('3 comptes');
  await expect(page.getByTestId('not-counted')).toContainText(
    'Non comptés : 2 en attente de votre consentement, 1 clôturé.',
  );
  const periods = page.getByRole('group', { name: 'Période' });
  await expect(periods.getByRole('button', { name: 'Tout' })).toBeVisible();
  await snap('dashboard-fr-dark-800');
  await periods.scrollIntoViewIfNeeded();
  await periods.getByRole('button', { name: 'Personnalisée' }).click();
  await expect(page.getByLabel('Du', { exact: true })).toBeVisible();
  // Typed as a French reader writes a day (jj/mm/aaaa), not the browser's mm/dd/yyyy.
  await expect(page.getByLabel('Du', { exact: true })).toHaveAttribute('placeholder', 'jj/mm/aaaa');
  await page.getByLabel('Du', { exact: true }).fill('01/06/2025');
  await page.getByLabel('Du', { exact: true }).blur();
  await expect(page.getByLabel('Du', { exact: true })).toHaveValue('01/06/2025');
  await page.getByTestId('spending-chart').scrollIntoViewIfNeeded();
  await snap('dashboard-fr-dark-800-charts');
  // The keyboard's cursor speaks French too (a month in full, the French colon).
  await page.getByRole('link', { name: 'Voir les opérations de cette période' }).focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('group', { name: /^Dépenses .*\. Les flèches parcourent le graphique/ })).toBeFocused();
  await expect(page.getByTestId('spending-chart').getByTestId('chart-cursor')).toHaveText(
    /^\p{Ll}+ \d{4} · .+ : [-−]?[\d\s,]+€ · Entrée : voir les opérations$/u,
  );
  await snap('dashboard-fr-dark-800-chart-keyboard');
  await page.getByTestId('not-counted').getByRole('link').click();
  await snap('dashboard-fr-dark-800-not-counted');

  await page.locator('#not-in-totals').getByTestId('account-row').first().click();
  await expect(page.getByTestId('account-not-counted')).toContainText('attend votre consentement');
  await snap('account-fr-dark-800-pending');
  await nav(page, 'Tableau de bord');
  await page.getByTestId('account-row').filter({ hasText: 'Compte Courant' }).first().click();
  await page.getByRole('button', { name: 'Clôturer le compte' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('n’est plus synchronisé');
  await snap('account-fr-dark-800-close');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Annuler' }).click();

  await nav(page, 'Réglages');
  await page.getByTestId('language-select').selectOption('en');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
});
