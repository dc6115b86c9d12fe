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
export async function visibleRows(page: Page): Promise<number> {
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
