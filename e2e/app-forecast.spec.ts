import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { addTestBank, nav } from './app/helpers';
import { useSignedInApp } from './app/session';

const app = useSignedInApp();

/** Screenshots of this journey, looked at by hand (en + fr, 800×600). */
const SHOTS = '/tmp/shots-forecast';
mkdirSync(SHOTS, { recursive: true });
/** Shots without the toasts of the edits nor a tooltip under the mouse. */
const shot = async (page: Page, name: string) => {
  await expect(page.locator('.toast')).toHaveCount(0, { timeout: 15_000 });
  await page.mouse.move(0, 0);
  await page.getByTestId('forecast-note').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled' });
};

const item = (page: Page, name: string) => page.getByTestId('recurring-item').filter({ has: page.getByTestId('recurring-name').getByText(name, { exact: true }) });

test('the account page draws the forecast after the history and says the first day below zero (en, fr, 800×600)', async () => {
  test.setTimeout(180_000);
  const { page } = app;
  await page.setViewportSize({ width: 800, height: 600 });
  await addTestBank(page, 'user_ok');
  await expect(page.getByTestId('connection-status').locator('[data-status="SUCCESS"]')).toBeVisible({ timeout: 60_000 });

  await nav(page, 'Recurring');
  await expect(async () => {
    await page.reload();
    await expect(item(page, 'FREE MOBILE')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  // A phone bill the person says is far dearer than seen: the everyday account cannot pay it.
  await item(page, 'FREE MOBILE').getByTestId('recurring-edit-open').click();
  await page.getByTestId('recurring-edit-amount').fill('20000');
  await page.getByTestId('recurring-edit-save').click();
  await item(page, 'FREE MOBILE').getByTestId('recurring-confirm').click();
  await expect(page.getByTestId('recurring-followed').getByTestId('recurring-name')).toContainText(['FREE MOBILE']);

  await nav(page, 'Dashboard');
  await page.getByTestId('account-row').filter({ hasText: 'Compte Courant' }).first().click();
  const note = page.getByTestId('forecast-note');
  await expect(note).toContainText(/At this pace, Compte Courant goes below zero on \d{1,2} [A-Z][a-z]+\./);
  await expect(note).toContainText('From the recurring payments you confirmed and your budget.');
  await shot(page, '1-account-en');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
  expect(overflow, 'no sideways scrolling at 800×600').toBe(false);

  // The savings account: nothing confirmed on it, so the app says how to get a forecast.
  await nav(page, 'Dashboard');
  await page.getByTestId('account-row').filter({ hasText: 'Livret' }).first().click();
  await expect(page.getByTestId('forecast-note')).toContainText('stays above zero for the next 90 days');
  await expect(page.getByTestId('forecast-note')).toContainText('Confirm your recurring payments');

  await nav(page, 'Settings');
  await page.getByTestId('language-select').selectOption('fr');
  await nav(page, 'Tableau de bord');
  await page.getByTestId('account-row').filter({ hasText: 'Compte Courant' }).first().click();
  await expect(page.getByTestId('forecast-note')).toContainText(/À ce rythme, Compte Courant passera sous zéro le \d{1,2} [a-zéû]+\./);
  await shot(page, '2-account-fr');
});
