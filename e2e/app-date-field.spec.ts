import { expect, test } from '@playwright/test';
import { addTestBank, nav, shot } from './app/helpers';
import { useSignedInApp } from './app/session';

const app = useSignedInApp();

const FR_MONTHS = ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'];

/** "24 nov. 2026" (how the app writes a day in French) → "24/11/2026". */
function typed(day: string): string {
  const m = /^(\d{1,2}) (\S+) (\d{4})$/.exec(day.trim());
  if (!m) throw new Error(`not a French day: ${day}`);
  const month = FR_MONTHS.indexOf(m[2]) + 1;
  if (month < 1) throw new Error(`unknown month ${m[2]}`);
  return `${m[1].padStart(2, '0')}/${String(month).padStart(2, '0')}/${m[3]}`;
}

test('dates are typed as the app writes them, in French jj/mm/aaaa, and "Jusqu’au" includes its day', async () => {
  test.setTimeout(120_000);
  const { page } = app;
  await addTestBank(page, 'user_ok');
  await expect(page.getByTestId('connection-status').locator('[data-status="SUCCESS"]')).toBeVisible({
    timeout: 60_000,
  });
  await nav(page, 'Settings');
  await page.getByTestId('language-select').selectOption('fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await nav(page, 'Historique');
  const rows = page.getByTestId('tx-row');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });

  const from = page.getByLabel('Du', { exact: true });
  const until = page.getByLabel('Jusqu’au', { exact: true });
  for (const field of [from, until]) {
    await expect(field).toHaveAttribute('placeholder', 'jj/mm/aaaa');
    await expect(field).not.toHaveAttribute('type', 'date');
  }

  // The newest day with transactions, as the table writes it ("24 nov. 2026").
  const newest = (await rows.first().getByRole('gridcell').first().textContent())!.trim();
  const day = typed(newest);
  await from.fill(day);
  // Other separators are understood, and the field then shows the day as jj/mm/aaaa.
  await until.fill(day.replaceAll('/', '.'));
  await until.press('Tab');
  await expect(until).toHaveValue(day);
  await expect(from).toHaveValue(day);

  // From that day until that same day: that day's transactions (the last day is included).
  await expect(rows.first()).toBeVisible();
  const shown = await rows.count();
  expect(shown).toBeGreaterThan(0);
  for (let i = 0; i < shown; i++) {
    await expect(rows.nth(i).getByRole('gridcell').first()).toHaveText(newest);
  }
  await shot(page, 'app-date-field-1-fr');

  // A day that does not exist is refused in words, and the filter stays as it was.
  await from.fill('31/02/2026');
  await from.press('Tab');
  await expect(from).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Date invalide : tapez-la sous la forme jj/mm/aaaa.')).toBeVisible();
  expect(await rows.count()).toBe(shown);

  // Emptied: no lower bound any more.
  await from.fill('');
  await from.press('Tab');
  await expect(from).not.toHaveAttribute('aria-invalid', 'true');
  await expect.poll(() => rows.count()).toBeGreaterThan(shown);
});
