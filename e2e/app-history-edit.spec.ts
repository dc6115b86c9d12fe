import { expect, type Page } from '@playwright/test';
import { test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { addTestBank, nav } from './app/helpers';
import { useSignedInApp } from './app/session';

const app = useSignedInApp();

/** Screenshots of this journey, looked at by hand (en + fr, light + dark, wide + 800×600). */
const SHOTS = '/tmp/shots-history';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false, animations: 'disabled' });

/**
 * The cells of the visible rows whose text does not fit (the browser cuts it with an ellipsis) and that give
 * no other way to read it (no title with the full text).
 */
async function unreadableCells(page: Page, testId: string) {
  return page.getByTestId(testId).evaluateAll((cells) =>
    cells
      .filter((c) => (c as HTMLElement).offsetParent !== null)
      .filter(
        (c) =>
          (c.scrollWidth > c.clientWidth + 1 || c.scrollHeight > c.clientHeight + 1) &&
          !(c.getAttribute('title') ?? '').startsWith(c.textContent ?? ''),
      )
      .map((c) => `${c.textContent} (${c.scrollWidth}>${c.clientWidth})`),
  );
}

/** The cells of the visible rows whose text is cut at all. */
async function cutCells(page: Page, testId: string) {
  return page.getByTestId(testId).evaluateAll((cells) =>
    cells
      .filter((c) => (c as HTMLElement).offsetParent !== null)
      .filter((c) => c.scrollWidth > c.clientWidth + 1 || c.scrollHeight > c.clientHeight + 1)
      .map((c) => `${c.textContent} (${c.scrollWidth}>${c.clientWidth})`),
  );
}

/** The amounts of the visible rows that something else (the details panel) lies on top of. */
async function coveredAmounts(page: Page) {
  return page.getByTestId('tx-amount').evaluateAll((cells) =>
    cells
      .filter((c) => (c as HTMLElement).offsetParent !== null)
      .filter((c) => {
        const r = c.getBoundingClientRect();
        const y = r.top + r.height / 2;
        if (y < 0 || y > window.innerHeight) return false;
        const hit = document.elementFromPoint(r.right - 4, y);
        return !!hit && !c.contains(hit);
      })
      .map((c) => c.textContent),
  );
}

async function visibleCount(page: Page, testId: string) {
  return page
    .getByTestId(testId)
    .evaluateAll((cells) => cells.filter((c) => (c as HTMLElement).offsetParent !== null).length);
}

test('defect 9: account, category and the amount of the details stay readable, wide and at 800×600', async () => {
  test.setTimeout(150_000);
  const { page } = app;
  await addTestBank(page, 'user_ok');
  await expect(page.getByTestId('connection-status').locator('[data-status="SUCCESS"]')).toBeVisible({
    timeout: 60_000,
  });
  await nav(page, 'History');
  await expect(page.getByTestId('tx-row').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('history-count')).not.toContainText('Loading', { timeout: 30_000 });

  // A wide window: every account and category name is shown whole.
  await page.setViewportSize({ width: 1320, height: 900 });
  await expect(async () => {
    expect(await visibleCount(page, 'tx-account')).toBeGreaterThan(5);
    expect(await cutCells(page, 'tx-account')).toEqual([]);
    expect(await cutCells(page, 'tx-category')).toEqual([]);
  }).toPass({ timeout: 10_000 });

  // The details open beside the table: the amount fits its panel, the table still names account and category.
  await page.getByTestId('tx-row').first().click();
  const detail = page.getByTestId('tx-detail');
  await expect(detail).toBeVisible();
  const amount = detail.getByTestId('tx-detail-amount');
  const clipped = () =>
    amount.evaluate((el) => {
      const panel = el.closest('[data-testid="tx-detail"]')!.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      return el.scrollWidth > el.clientWidth + 1 || box.right > panel.right + 0.5;
    });
  expect(await clipped()).toBe(false);
  expect(await visibleCount(page, 'tx-category')).toBeGreaterThan(5);
  expect(await unreadableCells(page, 'tx-account')).toEqual([]);
  expect(await unreadableCells(page, 'tx-category')).toEqual([]);
  // The account column gave way to the panel: the account is named under each label instead.
  if ((await visibleCount(page, 'tx-account')) === 0) {
    expect(await visibleCount(page, 'tx-account-sub')).toBeGreaterThan(5);
    expect(await unreadableCells(page, 'tx-account-sub')).toEqual([]);
  }
  await shot(page, 'd9-wide-detail');

  // The largest amount (a salary of several thousands, with its currency) in the panel at 800×600.
  await detail.getByRole('button', { name: 'Close' }).click();
  await page.setViewportSize({ width: 800, height: 600 });
  await page.getByTestId('sort-amount').click();
  await page.getByTestId('tx-row').first().click();
  await expect(detail).toBeVisible();
  expect(await clipped()).toBe(false);
  // Nor does the panel cover the amounts of the table (it used to float over the Amount column).
  expect(await coveredAmounts(page)).toEqual([]);
  await shot(page, 'd9-800-detail');
  await detail.getByRole('button', { name: 'Close' }).click();

  // 800×600: the category is still in the table, and any name cut short can be read whole (title).
  await expect(async () => {
    expect(await visibleCount(page, 'tx-category')).toBeGreaterThan(3);
    expect((await visibleCount(page, 'tx-account')) + (await visibleCount(page, 'tx-account-sub'))).toBeGreaterThan(3);
    expect(await unreadableCells(page, 'tx-account')).toEqual([]);
    expect(await unreadableCells(page, 'tx-account-sub')).toEqual([]);
    expect(await unreadableCells(page, 'tx-category')).toEqual([]);
  }).toPass({ timeout: 10_000 });
  await shot(page, 'd9-800-table');

  // By keyboard at 800×600: Enter opens the details in the table's place with the focus in them, Escape
  // brings back the table with the focus on it.
  await page.getByTestId('history-scroll').focus();
  await page.keyboard.press('Enter');
  await expect(detail).toBeVisible();
  await expect(page.getByTestId('history-scroll')).toBeHidden();
  await expect(detail.getByRole('heading', { name: 'Transaction details' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await expect(page.getByTestId('history-scroll')).toBeFocused();
});

/** The first number of "1,234 transactions" or "12 transactions of 1,234". */
const countOf = async (page: Page) =>
  Number(/[\d,]+/.exec((await page.getByTestId('history-count').textContent()) ?? '')![0].replace(/,/g, ''));

/** The absolute value of an amount as shown ("-€1,234.50" → 1234.5). */
const valueOf = (text: string) => Number(text.replace(/[^\d.]/g, ''));

test('search by amount (42.10, 42,10) and label order that puts É with E', async () => {
  const { page } = app;
  await page.setViewportSize({ width: 1320, height: 900 });
  const search = page.getByTestId('history-search');
  await search.fill('');
  const first = valueOf((await page.getByTestId('tx-amount').first().textContent()) ?? '');
  const typed = first.toFixed(2);
  await search.fill(typed);
  await expect(async () => {
    const amounts = await page.getByTestId('tx-amount').allTextContents();
    expect(amounts.length).toBeGreaterThan(0);
    for (const a of amounts) expect(valueOf(a)).toBe(first);
  }).toPass({ timeout: 10_000 });
  const found = await countOf(page);
  // The decimal comma (as a French person types it) finds the same rows.
  await search.fill(typed.replace('.', ','));
  await expect(async () => expect(await countOf(page)).toBe(found)).toPass({ timeout: 10_000 });
  // The whole units find every amount of those units, cents aside.
  await search.fill(String(Math.floor(first)));
  await expect(async () => {
    expect(await countOf(page)).toBeGreaterThanOrEqual(found);
    for (const a of await page.getByTestId('tx-amount').allTextContents())
      expect(Math.floor(valueOf(a))).toBe(Math.floor(first));
  }).toPass({ timeout: 10_000 });
  await search.fill('');

  // Label order, ascending: as the language reads it (accents and capitals do not split words apart).
  await page.getByTestId('sort-label').click();
  await page.getByTestId('sort-label').click();
  await expect(page.getByTestId('sort-label').locator('..')).toHaveAttribute('aria-sort', 'ascending');
  const fold = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase();
  await expect(async () => {
    const labels = await page.getByTestId('tx-label').allTextContents();
    const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
    for (let k = 1; k < labels.length; k++)
      expect(collator.compare(fold(labels[k - 1]), fold(labels[k]))).toBeLessThanOrEqual(0);
  }).toPass({ timeout: 10_000 });
  await page.getByTestId('sort-date').click();
});

test('editing: category, note and tags are saved, survive a reload and a new synchronization', async () => {
  test.setTimeout(150_000);
  const { page } = app;
  const search = page.getByTestId('history-search');
  await search.fill('monoprix');
  await expect(page.getByTestId('tx-label').first()).toHaveText('Monoprix');
  const monoprix = await countOf(page);
  expect(monoprix).toBeGreaterThan(3);
  await page.getByTestId('tx-row').first().click();
  const detail = page.getByTestId('tx-detail');
  await expect(detail.getByTestId('tx-category-source')).toHaveAttribute('data-source', 'AUTO');

  await detail.getByTestId('edit-category').selectOption('GIFTS');
  await detail.getByTestId('edit-note').fill('Dîner avec Léa');
  await detail.getByTestId('edit-tags').fill('famille, Anniversaire, famille');
  await detail.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Transaction saved')).toBeVisible();
  // In place: the row shows the new category at once, the panel says the person chose it.
  await expect(page.getByTestId('tx-category').first()).toHaveText('Gifts & flowers');
  await expect(detail.getByTestId('tx-category-source')).toHaveAttribute('data-source', 'USER');
  await expect(detail.getByTestId('edit-tags')).toHaveValue('famille, Anniversaire');
  // The bank's own text is still there, read-only.
  await expect(detail.getByTestId('tx-notes')).toContainText('MONOPRIX');
  await shot(page, 'edit-1-saved-offer-en');

  // Found by its tag and by its note (accents ignored).
  await search.fill('lea');
  await expect(async () => expect(await countOf(page)).toBe(1)).toPass({ timeout: 10_000 });
  await search.fill('anniversaire');
  await expect(async () => expect(await countOf(page)).toBe(1)).toPass({ timeout: 10_000 });

  // A reload reads it back from the engine.
  await page.reload();
  await expect(page.getByTestId('history-count')).not.toContainText('Loading', { timeout: 30_000 });
  await page.getByTestId('history-search').fill('anniversaire');
  await expect(async () => expect(await countOf(page)).toBe(1)).toPass({ timeout: 10_000 });
  await page.getByTestId('tx-row').first().click();
  await expect(detail.getByTestId('edit-note')).toHaveValue('Dîner avec Léa');
  await expect(detail.getByTestId('edit-tags')).toHaveValue('famille, Anniversaire');
  await expect(detail.getByTestId('tx-detail-category')).toHaveText('Gifts & flowers');

  // A new synchronization keeps the person's category, note and tags.
  await nav(page, 'Connections');
  const card = page.getByTestId('connection-card').first();
  await card.getByRole('button', { name: /Sync now/ }).click();
  await expect(card.getByTestId('connection-status').locator('[data-status="SUCCESS"]')).toBeVisible({
    timeout: 60_000,
  });
  await nav(page, 'History');
  await page.getByTestId('history-search').fill('anniversaire');
  await expect(async () => expect(await countOf(page)).toBe(1)).toPass({ timeout: 10_000 });
  await page.getByTestId('tx-row').first().click();
  await expect(detail.getByTestId('edit-note')).toHaveValue('Dîner avec Léa');
  await expect(detail.getByTestId('tx-detail-category')).toHaveText('Gifts & flowers');
  await expect(detail.getByTestId('tx-category-source')).toHaveAttribute('data-source', 'USER');
});

test('a correction becomes a rule, applied to past transactions; the rules screen lists, edits, orders, deletes', async () => {
  test.setTimeout(120_000);
  const { page } = app;
  const detail = page.getByTestId('tx-detail');
  await page.getByTestId('history-search').fill('monoprix');
  // Another Monoprix row, still filed automatically.
  const other = page
    .getByTestId('tx-row')
    .filter({ hasNot: page.locator('[data-source="USER"]') })
    .first();
  await other.click();
  await detail.getByTestId('edit-category').selectOption('GIFTS');
  await detail.getByRole('button', { name: 'Save changes' }).click();
  const offer = detail.getByTestId('rule-offer');
  await expect(offer).toContainText('Always file «Monoprix» under Gifts & flowers?');
  await offer.getByRole('button', { name: 'Create the rule' }).click();
  await expect(offer).toContainText('Rule created: «Monoprix» → Gifts & flowers.');
  await offer.getByRole('button', { name: 'Apply it to past transactions' }).click();
  await expect(offer.getByTestId('rule-applied')).toContainText(/past transactions? filed by this rule/);
  const applied = Number(/\d+/.exec((await offer.getByTestId('rule-applied').textContent()) ?? '')![0]);
  expect(applied).toBeGreaterThan(0);
  await shot(page, 'edit-2-rule-applied-en');
  // The affected rows were read again in place: every Monoprix row is now under Gifts, by the rule or by hand.
  await detail.getByRole('button', { name: 'Close' }).click();
  await expect(async () => {
    const categories = await page.getByTestId('tx-category').allTextContents();
    expect(categories.length).toBeGreaterThan(3);
    for (const c of categories) expect(c).toBe('Gifts & flowers');
  }).toPass({ timeout: 15_000 });
  await expect(page.locator('[data-testid="tx-category"][data-source="RULE"]').first()).toBeVisible();
  await page.locator('[data-testid="tx-row"]:has([data-source="RULE"])').first().click();
  await expect(detail.getByTestId('tx-category-source')).toContainText('Filed by your rule «Monoprix»');
  await detail.getByRole('button', { name: 'Close' }).click();

  // The rules screen, from the history.
  await page.getByTestId('open-rules').click();
  const rulesPage = page.getByTestId('rules-page');
  await expect(rulesPage.getByRole('heading', { name: 'Categorization rules' })).toBeVisible();
  await expect(page.getByTestId('rule-item')).toHaveCount(1);
  const form = page.getByTestId('rule-new');
  await form.getByLabel('Words to look for').fill('Franprix');
  await form.getByLabel('Category').selectOption('GIFTS');
  await form.getByRole('button', { name: 'Add a rule' }).click();
  await expect(page.getByTestId('rule-pattern')).toHaveText(['«Monoprix»', '«Franprix»']);
  // The same words twice: the engine's conflict, said in words.
  await form.getByLabel('Words to look for').fill('FRANPRIX');
  await form.getByLabel('Category').selectOption('BAKERY');
  await form.getByRole('button', { name: 'Add a rule' }).click();
  await expect(form).toContainText('Another rule already looks for these words.');

  // Reordered by keyboard: focus "move up" and press Enter; the focus stays on the moved rule.
  await page.getByRole('button', { name: 'Move «Franprix» up' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('rule-pattern')).toHaveText(['«Franprix»', '«Monoprix»']);
  await expect(page.getByRole('button', { name: 'Move «Franprix» down' })).toBeFocused();

  // Edited: Franprix goes to Groceries.
  await page.getByRole('button', { name: 'Edit «Franprix»' }).click();
  const edit = page.getByTestId('rule-edit');
  await edit.getByLabel('Category').selectOption('SUPERMARKET');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('rule-category').first()).toHaveText('Groceries');

  // Applied to past transactions, with the count.
  await page.getByTestId('rules-apply-all').click();
  await expect(page.getByTestId('rules-applied')).toContainText(/\d+ past transactions? filed again/);
  await shot(page, 'rules-1-en');

  // Deleted, after confirmation.
  await page.getByRole('button', { name: 'Delete «Franprix»' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('rule-pattern')).toHaveText(['«Monoprix»']);
});

test('screens in French, dark mode, 800×600', async () => {
  const { page } = app;
  await nav(page, 'Settings');
  await page.getByTestId('language-select').selectOption('fr');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 800, height: 600 });
  await page.goto(new URL('/history/rules', page.url()).toString());
  await expect(page.getByRole('heading', { name: 'Règles de classement' })).toBeVisible();
  await shot(page, 'rules-2-fr-dark-800');
  await page.getByRole('link', { name: 'Retour à l’historique' }).click();
  await expect(page.getByTestId('history-count')).not.toContainText('Chargement', { timeout: 30_000 });
  await page.getByTestId('history-search').fill('42,10');
  await shot(page, 'history-fr-dark-800-search');
  await page.getByTestId('history-search').fill('monoprix');
  await page.getByTestId('tx-row').first().click();
  await expect(page.getByTestId('tx-editor')).toContainText('Votre note');
  await shot(page, 'edit-3-fr-dark-800');
  await page.getByTestId('tx-editor').scrollIntoViewIfNeeded();
  await shot(page, 'edit-4-fr-dark-800-form');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1320, height: 900 });
  await shot(page, 'edit-5-fr-wide');
});
