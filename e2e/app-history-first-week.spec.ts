import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { addTestBank, nav } from './app/helpers';
import { useSignedInApp } from './app/session';

const app = useSignedInApp();

/** Screenshots of these screens, looked at by hand (en + fr, 1280×800 and 800×600). */
const SHOTS = '/tmp/shots-d';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false, animations: 'disabled' });

/**
 * The amounts of the table (and its Amount header) that cannot be read whole: cut inside their cell, or
 * their cell reaching past the table's right edge (the table hides what overflows it).
 */
async function cutAmounts(page: Page): Promise<string[]> {
  return page.locator('[data-testid="tx-amount"], [data-testid="sort-amount"]').evaluateAll((cells) => {
    const table = document.querySelector('[data-testid="history-table"]')!.getBoundingClientRect();
    return cells
      .filter((c) => (c as HTMLElement).offsetParent !== null)
      .filter((c) => {
        const r = c.getBoundingClientRect();
        return c.scrollWidth > c.clientWidth + 1 || r.right > table.right - 1 || r.left < table.left;
      })
      .map((c) => `${c.textContent} (${Math.round(c.getBoundingClientRect().right)}>${Math.round(table.right)})`);
  });
}

/** How many rows of the table are wholly in view. */
async function visibleRows(page: Page): Promise<number> {
  return page.getByTestId('tx-row').evaluateAll((rows) => {
    const box = document.querySelector('[data-testid="history-scroll"]')!.getBoundingClientRect();
    const inView = rows.filter((r) => {
      const b = r.getBoundingClientRect();
      return b.top >= box.top - 1 && b.bottom <= Math.min(box.bottom, window.innerHeight) + 1;
    });
    return inView.length;
  });
}

/** The history in English, then in French, each at the given window sizes. */
async function inEachLanguage(page: Page, run: (lang: 'en' | 'fr') => Promise<void>) {
  for (const lang of ['en', 'fr'] as const) {
    await nav(page, 'Settings'); // still in English here
    await page.getByTestId('language-select').selectOption(lang);
    await nav(page, lang === 'en' ? 'History' : 'Historique');
    await expect(page.getByTestId('tx-row').first()).toBeVisible({ timeout: 30_000 });
    await run(lang);
  }
  await nav(page, 'Réglages');
  await page.getByTestId('language-select').selectOption('en');
  await nav(page, 'History');
}

test('the amounts stay whole with the details open, in English and French, wide and at 800×600', async () => {
  test.setTimeout(150_000);
  const { page } = app;
  await addTestBank(page, 'user_ok');
  await expect(page.getByTestId('connection-status').locator('[data-status="SUCCESS"]')).toBeVisible({
    timeout: 60_000,
  });
  await nav(page, 'History');
  await expect(page.getByTestId('history-count')).not.toContainText('Loading', { timeout: 30_000 });
  await inEachLanguage(page, async (lang) => {
    for (const [width, height] of [[1280, 800], [1101, 800], [1000, 700], [800, 600]]) {
      await page.setViewportSize({ width, height });
      // The salary (the largest amount) first, so the widest amount is among the rows in view.
      await page.getByTestId('history-search').fill('salaire');
      await page.getByTestId('tx-row').first().click();
      await expect(page.locator('.history-detail')).toBeVisible();
      expect(await cutAmounts(page), `${lang} ${width}×${height} with details`).toEqual([]);
      if (width === 1280 || width === 800) await shot(page, `history-${lang}-${width}-details`);
      await page.keyboard.press('Escape');
      await page.getByTestId('history-search').fill('');
      expect(await cutAmounts(page), `${lang} ${width}×${height}`).toEqual([]);
    }
  });
  await page.setViewportSize({ width: 1320, height: 900 });
});

/** The signed amounts of the rows in view ("-€1,234.50" → -1234.5, "+3 048,30 €" → 3048.3). */
async function amountsInView(page: Page): Promise<number[]> {
  return (await page.getByTestId('tx-amount').allTextContents()).map((text) => {
    const digits = text.replace(/[^\d,.]/g, '');
    const value = Number(/,\d{2}$/.test(digits) ? digits.replace(/\./g, '').replace(',', '.') : digits.replace(/,/g, ''));
    return /^[-−]/.test(text.trim()) ? -value : value;
  });
}

/** The top of the table: it does not move when a filter's problem is shown. */
const tableTop = async (page: Page) => (await page.getByTestId('history-table').boundingBox())!.y;

test('amounts filter by size with money in or out; "abc" and a wrong day are said inline and move nothing', async () => {
  const { page } = app;
  // The history of the previous test, loaded and on screen, before a filter is typed.
  await expect(page.getByTestId('history-count')).not.toContainText('Loading', { timeout: 30_000 });
  await expect(page.getByTestId('tx-row').first()).toBeVisible();
  await page.getByTestId('filter-min').fill('100');
  await expect(page.getByTestId('filter-min')).toHaveValue('100');
  await expect(async () => {
    const amounts = await amountsInView(page);
    // What the table shows when it fails (an empty table and a wrong filter fail differently).
    const seen = `${page.url()} · ${await page.getByTestId('history-count').textContent()} · ${amounts.join(' ')}`;
    expect(amounts.length, seen).toBeGreaterThan(0);
    expect(amounts.some((a) => a <= -100), seen).toBe(true); // purchases of 100 or more are kept
    for (const a of amounts) expect(Math.abs(a)).toBeGreaterThanOrEqual(100);
  }).toPass();
  await page.getByTestId('filter-direction').selectOption('out');
  await expect(async () => {
    const amounts = await amountsInView(page);
    expect(amounts.length).toBeGreaterThan(0);
    for (const a of amounts) expect(a).toBeLessThanOrEqual(-100);
  }).toPass();
  await page.getByTestId('filter-direction').selectOption('in');
  await expect(async () => {
    const amounts = await amountsInView(page);
    expect(amounts.length).toBeGreaterThan(0);
    for (const a of amounts) expect(a).toBeGreaterThanOrEqual(100);
  }).toPass();
  await page.getByTestId('filter-direction').selectOption('');
  await page.getByTestId('filter-min').fill('');

  const top = await tableTop(page);
  await page.getByTestId('filter-max').fill('abc');
  await expect(page.getByTestId('filter-max-error')).toHaveText(
    '“abc” is not an amount: type a number, such as 100 or 42.50.',
  );
  await expect(page.getByTestId('filter-max')).toHaveAttribute('aria-invalid', 'true');
  expect(await tableTop(page)).toBe(top);
  await page.getByRole('textbox', { name: 'From' }).fill('32/13/2025');
  await page.getByRole('textbox', { name: 'From' }).blur();
  await expect(page.getByText('Not a date: type it as dd/mm/yyyy.')).toBeVisible();
  expect(await tableTop(page)).toBe(top);
  await shot(page, 'history-en-1280-wrong-inputs');
  await page.getByTestId('filter-max').fill('');
  await page.getByRole('textbox', { name: 'From' }).fill('');
});

test('the filters are kept in the address: a reload keeps them, Back and Forward step through them', async () => {
  const { page } = app;
  await page.getByTestId('history-search').fill('monoprix');
  await page.getByTestId('filter-direction').selectOption('out');
  await page.getByTestId('filter-min').fill('20');
  await expect(page).toHaveURL(/[?&]q=monoprix/);
  await expect(page).toHaveURL(/[?&]dir=out/);
  await expect(page).toHaveURL(/[?&]min=20/);
  const count = await page.getByTestId('history-count').textContent();

  await page.reload();
  await expect(page.getByTestId('history-search')).toHaveValue('monoprix');
  await expect(page.getByTestId('filter-direction')).toHaveValue('out');
  await expect(page.getByTestId('filter-min')).toHaveValue('20');
  await expect(page.getByTestId('history-count')).toHaveText(count!, { timeout: 30_000 });

  await page.goBack(); // before "min 20"
  await expect(page.getByTestId('filter-min')).toHaveValue('');
  await expect(page.getByTestId('filter-direction')).toHaveValue('out');
  await page.goBack(); // before "money out"
  await expect(page.getByTestId('filter-direction')).toHaveValue('');
  await expect(page.getByTestId('history-search')).toHaveValue('monoprix');
  await page.goForward();
  await page.goForward();
  await expect(page.getByTestId('filter-min')).toHaveValue('20');
  await expect(page.getByTestId('history-count')).toHaveText(count!);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/history$/);

  // Typing letter by letter is one step of the history, not one per letter.
  await page.getByTestId('history-search').pressSequentially('lidl');
  await expect(page).toHaveURL(/[?&]q=lidl/);
  await page.goBack();
  await expect(page.getByTestId('history-search')).toHaveValue('');
  await expect(page).toHaveURL(/\/history$/);
});

test('filters that hide every row say so and offer to clear them', async () => {
  const { page } = app;
  await page.getByTestId('history-search').fill('no such shop anywhere');
  await expect(page.getByTestId('history-scroll')).toContainText('No transaction matches these filters');
  await expect(page.getByTestId('history-scroll')).toContainText('clear them all to see your 2,');
  await shot(page, 'history-en-1280-filtered-empty');
  await page.getByTestId('history-clear-empty').click();
  await expect(page.getByTestId('history-search')).toHaveValue('');
  await expect(page.getByTestId('tx-row').first()).toBeVisible();
});

test('at 800×600 the history shows more than 4 rows, in English and French, filters set or not', async () => {
  const { page } = app;
  await page.setViewportSize({ width: 800, height: 600 });
  await inEachLanguage(page, async (lang) => {
    await expect(page.getByTestId('history-count')).not.toContainText(/Loading|Chargement/, { timeout: 30_000 });
    const plain = await visibleRows(page);
    await shot(page, `history-${lang}-800-table`);
    // The filters besides the search fold behind one button, which tells how many are set.
    await page.getByTestId('history-more-filters').click();
    await page.getByTestId('filter-direction').selectOption('out');
    await page.getByTestId('filter-min').fill('20');
    await page.getByTestId('filter-max').fill('abc');
    await expect(page.getByTestId('filter-max-error')).toHaveText(
      lang === 'en'
        ? '“abc” is not an amount: type a number, such as 100 or 42.50.'
        : '« abc » n’est pas un montant : tapez un nombre, par exemple 100 ou 42,50.',
    );
    const bubble = (await page.getByTestId('filter-max-error').boundingBox())!;
    expect(bubble.x + bubble.width).toBeLessThanOrEqual(800);
    await shot(page, `history-${lang}-800-filters-open`);
    await page.getByTestId('filter-max').fill('');
    await page.getByTestId('history-more-filters').click();
    await expect(page.getByTestId('history-more-filters')).toHaveText(lang === 'en' ? 'Filters · 2' : 'Filtres · 2');
    await expect(page.getByTestId('filter-min')).toBeHidden();
    const filtered = await visibleRows(page);
    await shot(page, `history-${lang}-800-filtered`);
    console.log(`rows in view at 800×600, ${lang}: ${plain} (no filter), ${filtered} (filters set)`);
    expect(plain).toBeGreaterThanOrEqual(7);
    expect(filtered).toBeGreaterThanOrEqual(7);
    await page.getByRole('button', { name: lang === 'en' ? 'Clear filters' : 'Effacer les filtres' }).first().click();
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await inEachLanguage(page, async (lang) => {
    await page.getByTestId('filter-direction').selectOption('out');
    await page.getByTestId('filter-min').fill('20');
    await shot(page, `history-${lang}-1280-filtered`);
    await page.getByTestId('filter-min').fill('');
    await page.getByTestId('filter-direction').selectOption('');
  });
});

test('a phone-narrow window: the label keeps room to be read, no header runs into another', async () => {
  const { page } = app;
  await page.setViewportSize({ width: 420, height: 860 });
  await expect(page.getByTestId('tx-label').first()).toBeVisible();
  const label = (await page.getByTestId('tx-label').first().boundingBox())!;
  expect(label.width).toBeGreaterThan(100);
  const headers = await page.locator('.vhead [role="columnheader"]').evaluateAll((cells) =>
    cells
      .filter((c) => (c as HTMLElement).offsetParent !== null)
      .map((c) => {
        const r = c.getBoundingClientRect();
        return { left: r.left, right: r.right, text: c.textContent };
      }),
  );
  for (let i = 1; i < headers.length; i++) expect(headers[i].left).toBeGreaterThanOrEqual(headers[i - 1].right - 8);
  expect(await cutAmounts(page)).toEqual([]);
  await page.getByTestId('sort-amount').focus();
  await shot(page, 'history-en-420');
  await page.setViewportSize({ width: 1320, height: 900 });
});
