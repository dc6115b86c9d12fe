import { expect, test } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { addTestBank, nav } from '../../e2e/app/helpers';
import { useSignedInApp } from '../../e2e/app/session';

/**
 * Issue 7's UI figures, measured inside the page (performance.now + requestAnimationFrame, so Playwright's
 * own round trips are not counted) with a user_big connection (100,000 transactions):
 * - opening the history → first rows painted;
 * - the most table rows present in the DOM at any frame while scrolling from the top to the end;
 * - a text search → the filtered rows painted;
 * - then, with 150 more accounts, opening the dashboard and switching its period.
 * The cold start, the dashboard's opening and the period rounds are repeated and their median reported, the
 * samples kept in the JSON.
 * Results go to test-results/ui-bench.json for bench/scenarios/ui-history.ts.
 */
const app = useSignedInApp();
/** Reloads measured for the cold start, and repeats of the dashboard's opening and period rounds. */
const COLD_STARTS = 5;
const REPEATS = 3;

test('history with 100,000 transactions', async () => {
  test.setTimeout(400_000);
  const { page } = app;
  await addTestBank(page, 'user_big');
  await expect(page.getByTestId('connection-status').locator('[data-status="SUCCESS"]')).toBeVisible({ timeout: 300_000 });
  await nav(page, 'Dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  const historyLink = page
    .getByRole('navigation', { name: /Main navigation|Navigation principale/ })
    .getByRole('link', { name: /^History/ });
  const firstRowsMs = await historyLink.evaluate(
    (link) =>
      new Promise<number>((resolve) => {
        const start = performance.now();
        (link as HTMLElement).click();
        const check = () => {
          if (document.querySelector('[data-testid="tx-row"]')) {
            // The frame after the rows are in the DOM is the one that paints them.
            requestAnimationFrame(() => resolve(performance.now() - start));
          } else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
  await expect(page.getByTestId('history-count')).toHaveText(/^100,000 transactions$/, { timeout: 300_000 });

  // The same, once every row is loaded: leave for the dashboard, come back.
  await nav(page, 'Dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const warmFirstRowsMs = await historyLink.evaluate(
    (link) =>
      new Promise<number>((resolve) => {
        const start = performance.now();
        (link as HTMLElement).click();
        const check = () => {
          if (document.querySelector('[data-testid="tx-row"]')) requestAnimationFrame(() => resolve(performance.now() - start));
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );

  // A cold start straight on the history (reload): from navigation start to the first rows painted.
  await page.addInitScript(() => {
    const w = window as unknown as { __firstRowsAt?: number };
    const obs = new MutationObserver(() => {
      if (document.querySelector('[data-testid="tx-row"]')) {
        obs.disconnect();
        requestAnimationFrame(() => (w.__firstRowsAt = performance.now()));
      }
    });
    document.addEventListener('DOMContentLoaded', () => obs.observe(document.body, { childList: true, subtree: true }));
  });
  // Repeated (COLD_STARTS reloads, the median reported): one reload on this shared 2-core machine varies by
  // ±30 % from one run to the next.
  const coldStartsMs: number[] = [];
  for (let i = 0; i < COLD_STARTS; i++) {
    await page.goto(page.url());
    coldStartsMs.push(
      (await (
        await page.waitForFunction(() => (window as unknown as { __firstRowsAt?: number }).__firstRowsAt, undefined, { timeout: 60_000 })
      ).jsonValue()) as number,
    );
    await expect(page.getByTestId('history-count')).toHaveText(/^100,000 transactions$/, { timeout: 300_000 });
  }

  const scroll = await page.getByTestId('history-scroll').evaluate(
    (el) =>
      new Promise<{ maxRows: number; frames: number; reachedEnd: boolean }>((resolve) => {
        let maxRows = 0;
        let frames = 0;
        const step = () => {
          frames++;
          maxRows = Math.max(maxRows, el.querySelectorAll('[data-testid="tx-row"]').length);
          const atEnd = el.scrollTop + el.clientHeight >= el.scrollHeight - 2;
          if (atEnd || frames > 2000) {
            resolve({ maxRows, frames, reachedEnd: atEnd && !!el.querySelector('[aria-rowindex="100001"]') });
            return;
          }
          el.scrollTop += Math.max(el.clientHeight, el.scrollHeight / 600);
          requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      }),
  );
  await page.getByTestId('history-scroll').evaluate((el) => (el.scrollTop = 0));

  const term = ((await page.getByTestId('tx-row').first().innerText()).match(/[A-Za-zÀ-ÿ]{4,}/) ?? ['carte'])[0];
  const searches: number[] = [];
  for (const q of [term, 'zzzz-nothing-matches', term.slice(0, 3)]) {
    const ms = await page.getByTestId('history-search').evaluate(
      (input, value) =>
        new Promise<number>((resolve) => {
          const count = document.querySelector('[data-testid="history-count"]')!;
          const before = count.textContent;
          const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
          const start = performance.now();
          setter.call(input, value);
          input.dispatchEvent(new Event('input', { bubbles: true }));
          const check = () => {
            if (count.textContent !== before) requestAnimationFrame(() => resolve(performance.now() - start));
            else if (performance.now() - start > 10_000) resolve(Number.NaN);
            else requestAnimationFrame(check);
          };
          requestAnimationFrame(check);
        }),
      q,
    );
    searches.push(ms);
    await page.getByTestId('history-search').fill('');
    await expect(page.getByTestId('history-count')).toHaveText(/^100,000 transactions$/);
  }

  // The dashboard with 150 more accounts (user_many) on top of the 100,000 transactions: opening it → charts
  // painted, and a period switch → the charts redrawn (issue 15: every total and chart is computed in the page).
  await addTestBank(page, 'user_many');
  await expect(page.getByTestId('connection-status').locator('[data-status="SUCCESS"]')).toBeVisible({ timeout: 300_000 });
  await nav(page, 'History');
  await expect(page.getByTestId('history-count')).toHaveText(/^\d{3},\d{3} transactions$/, { timeout: 300_000 });
  const dashboardLink = page
    .getByRole('navigation', { name: /Main navigation|Navigation principale/ })
    .getByRole('link', { name: /^Dashboard/ });
  const dashboardOpensMs: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    if (i > 0) {
      await nav(page, 'History');
      await expect(page.getByTestId('tx-row').first()).toBeVisible();
    }
    dashboardOpensMs.push(
      await dashboardLink.evaluate(
        (link) =>
          new Promise<number>((resolve) => {
            const start = performance.now();
            (link as HTMLElement).click();
            const check = () => {
              if (document.querySelector('[data-testid="balance-chart"] .recharts-area-curve') && document.querySelector('[data-testid="spending-chart"] .recharts-bar-rectangle')) {
                requestAnimationFrame(() => resolve(performance.now() - start));
              } else requestAnimationFrame(check);
            };
            requestAnimationFrame(check);
          }),
      ),
    );
  }
  const accountRows = await page.getByTestId('account-row').count();
  // REPEATS rounds of All, 1M, 1Y: each round's worst switch, the median round reported.
  const periodRoundsMs: number[][] = [];
  for (let round = 0; round < REPEATS; round++) {
    const periodMs: number[] = [];
    for (const name of ['All', '1M', '1Y']) {
      const button = page.getByRole('group', { name: 'Period' }).getByRole('button', { name, exact: true });
      periodMs.push(
        await button.evaluate(
          (b) =>
            new Promise<number>((resolve) => {
              const ticks = () => [...document.querySelectorAll('[data-testid="balance-chart"] .recharts-cartesian-axis-tick-value')].map((e) => e.textContent).join('|');
              const before = ticks();
              const start = performance.now();
              (b as HTMLElement).click();
              const check = () => {
                if (ticks() !== before) requestAnimationFrame(() => resolve(performance.now() - start));
                else if (performance.now() - start > 10_000) resolve(Number.NaN);
                else requestAnimationFrame(check);
              };
              requestAnimationFrame(check);
            }),
        ),
      );
    }
    periodRoundsMs.push(periodMs);
  }

  mkdirSync('test-results', { recursive: true });
  writeFileSync(
    'test-results/ui-bench.json',
    JSON.stringify({ firstRowsMs, warmFirstRowsMs, coldStartsMs, maxRows: scroll.maxRows, scrollFrames: scroll.frames, reachedEnd: scroll.reachedEnd, searchMs: searches, term, dashboardOpensMs, accountRows, periodRoundsMs }),
  );
  expect(scroll.reachedEnd).toBe(true);
});
