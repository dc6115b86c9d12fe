import { expect, test, type Locator, type Page } from '@playwright/test';
import { addTestBank, nav, shot } from './app/helpers';
import { useSignedInApp } from './app/session';

/**
 * Five connections to the same bank, each with its accounts named as the bank names them ("Compte Courant"
 * in every one): every screen must tell them apart, at 800 px too.
 */
const app = useSignedInApp({ viewport: { width: 1280, height: 820 } });
const LOGINS = ['alice.martin', 'bob.durand', 'carol.petit', 'david.morel', 'user_ok'];

async function texts(list: Locator): Promise<string[]> {
  return list.evaluateAll((els) => els.map((e) => (e.textContent ?? '').trim()));
}

/**
 * The labels (within `selector`, visible ones) in which a part that tells look-alikes apart (a masked login
 * or number, a "#2") is cut: its own text does not fit, or it lies past the end of the label's box.
 */
async function cutKeptParts(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((els) =>
    els
      .filter((e) => (e as HTMLElement).offsetParent !== null)
      .flatMap((e) => {
        const box = e.getBoundingClientRect();
        const label = e.matches('.parts-label') ? e : e.querySelector('.parts-label');
        const kept = [...(label ?? e).querySelectorAll('[data-keep]')];
        if (kept.length === 0) return [`${e.textContent}: no part kept`];
        return kept
          .filter((k) => k.scrollWidth > k.clientWidth + 1 || k.getBoundingClientRect().right > box.right + 1)
          .map((k) => `${e.textContent}: "${k.textContent}" cut`);
      }),
  );
}

test('five connections of the same bank, synchronized', async () => {
  test.setTimeout(240_000);
  const { page } = app;
  for (const login of LOGINS) {
    await addTestBank(page, login);
    await expect(page.getByTestId('connection-status').locator('[data-status="SUCCESS"]')).toBeVisible({
      timeout: 60_000,
    });
  }
});

test('the connections list tells the five apart, at 800×600 too', async () => {
  const { page } = app;
  await nav(page, 'Connections');
  const cards = page.getByTestId('connection-card');
  await expect(cards).toHaveCount(5);
  // What a screen reader announces for each card, and what each card shows as its title.
  const names = await cards.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  expect(new Set(names).size, names.join(' | ')).toBe(5);
  const shown = await texts(page.getByTestId('connection-title'));
  expect(new Set(shown).size, shown.join(' | ')).toBe(5);
  await shot(page, 'app-apart-1-connections-en');
  await page.setViewportSize({ width: 800, height: 600 });
  expect(await cutKeptParts(page, '[data-testid="connection-title"]')).toEqual([]);
  await shot(page, 'app-apart-2-connections-800-en');
  await page.setViewportSize({ width: 1280, height: 820 });
});

test('the dashboard tells the accounts apart, with nothing that tells them apart cut at 800 px', async () => {
  const { page } = app;
  await nav(page, 'Dashboard');
  const rows = page.getByTestId('account-row').filter({ hasText: 'Compte Courant' });
  await expect(rows).toHaveCount(5);
  const shown = await texts(rows.getByTestId('account-origin'));
  expect(new Set(shown).size, shown.join(' | ')).toBe(5);
  await page.setViewportSize({ width: 800, height: 600 });
  await rows.last().scrollIntoViewIfNeeded();
  expect(await cutKeptParts(page, '[data-testid="account-origin"]')).toEqual([]);
  await shot(page, 'app-apart-3-dashboard-800-en');
  await page.setViewportSize({ width: 1280, height: 820 });
});

/** The account filter; in a small window the filters besides the search are folded behind one button. */
async function openAccountFilter(page: Page) {
  const accounts = page.getByRole('button', { name: 'Accounts' });
  if (!(await accounts.isVisible())) await page.getByTestId('history-more-filters').click();
  await accounts.click();
}

test('the history account filter and column tell the accounts apart at 800 px', async () => {
  const { page } = app;
  await page.setViewportSize({ width: 800, height: 600 });
  await nav(page, 'History');
  await expect(page.getByTestId('tx-row').first()).toBeVisible({ timeout: 30_000 });
  await openAccountFilter(page);
  const options = page.getByRole('group', { name: 'Accounts' }).getByRole('checkbox', { name: /^Compte Courant/ });
  await expect(options).toHaveCount(5);
  const labels = await options.evaluateAll((els) =>
    els.map((e) => e.closest('label')?.querySelector('span')?.textContent ?? ''),
  );
  expect(new Set(labels).size, labels.join(' | ')).toBe(5);
  await shot(page, 'app-apart-4-history-filter-800-en');
  await page.keyboard.press('Escape');
  // The account under each label: what tells two accounts apart stays visible; only the names shorten.
  await openAccountFilter(page);
  for (const option of await options.all()) await option.check();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('tx-account-sub').first()).toBeVisible();
  expect(await cutKeptParts(page, '[data-testid="tx-account-sub"]')).toEqual([]);
  await shot(page, 'app-apart-5-history-800-en');
  await page.setViewportSize({ width: 1280, height: 820 });
});

test('in French, the connections and accounts are told apart the same way', async () => {
  const { page } = app;
  await nav(page, 'Settings');
  await page.getByTestId('language-select').selectOption('fr');
  await nav(page, 'Connexions');
  const titles = page.getByTestId('connection-title');
  await expect(titles).toHaveCount(5);
  expect(new Set(await texts(titles)).size).toBe(5);
  await shot(page, 'app-apart-6-connections-fr');
  await page.setViewportSize({ width: 800, height: 600 });
  expect(await cutKeptParts(page, '[data-testid="connection-title"]')).toEqual([]);
  await shot(page, 'app-apart-7-connections-800-fr');
  await nav(page, 'Tableau de bord');
  const rows = page.getByTestId('account-row').filter({ hasText: 'Compte Courant' });
  await rows.last().scrollIntoViewIfNeeded();
  expect(await cutKeptParts(page, '[data-testid="account-origin"]')).toEqual([]);
  await shot(page, 'app-apart-8-dashboard-800-fr');
  await nav(page, 'Historique');
  await expect(page.getByTestId('tx-account-sub').first()).toBeVisible();
  expect(await cutKeptParts(page, '[data-testid="tx-account-sub"]')).toEqual([]);
  await shot(page, 'app-apart-9-history-800-fr');
  await page.setViewportSize({ width: 1280, height: 820 });
  await nav(page, 'Réglages');
  await page.getByTestId('language-select').selectOption('en');
});
