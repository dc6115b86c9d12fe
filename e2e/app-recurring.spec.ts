import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { addTestBank, nav } from './app/helpers';
import { useSignedInApp } from './app/session';

const app = useSignedInApp();

/** Screenshots of this journey, looked at by hand (en + fr, light + dark, wide + 800×600). */
const SHOTS = '/tmp/shots-recurring';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true, animations: 'disabled' });

const item = (page: Page, name: string) => page.getByTestId('recurring-item').filter({ has: page.getByTestId('recurring-name').getByText(name, { exact: true }) });

/** Opens the screen until the detection that ran after the synchronization shows its proposals. */
async function openRecurring(page: Page, title: string) {
  await nav(page, title);
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('recurring-proposed').getByTestId('recurring-item').first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

test('recurring payments found after a synchronization: confirm, correct, dismiss, then the upcoming payments on the dashboard (en, fr, dark, 800×600)', async () => {
  test.setTimeout(180_000);
  const { page } = app;
  await addTestBank(page, 'user_ok');
  await expect(page.getByTestId('connection-status').locator('[data-status="SUCCESS"]')).toBeVisible({ timeout: 60_000 });

  await openRecurring(page, 'Recurring');
  await expect(page.getByRole('heading', { name: 'Recurring payments' })).toBeVisible();
  await expect(item(page, 'FREE MOBILE')).toContainText('every month');
  await shot(page, '1-proposed-en');

  // Confirm with the keyboard only.
  await item(page, 'FREE MOBILE').getByTestId('recurring-confirm').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('recurring-followed').getByTestId('recurring-name')).toContainText(['FREE MOBILE']);

  // Correct one: a name of the person's own, an amount written the French way, then confirm it.
  await item(page, 'BASIC FIT FRANCE').getByTestId('recurring-edit-open').click();
  await page.getByTestId('recurring-edit-amount').fill('abc');
  await page.getByTestId('recurring-edit-save').click();
  await expect(page.getByTestId('recurring-edit-problem')).toContainText('Write the amount as a number');
  await page.getByTestId('recurring-edit-name').fill('Gym');
  await page.getByTestId('recurring-edit-amount').fill('31,99');
  await shot(page, '2-edit-en');
  await page.getByTestId('recurring-edit-save').click();
  await expect(item(page, 'Gym')).toContainText('€31.99');
  await item(page, 'Gym').getByTestId('recurring-confirm').click();
  await expect(page.getByTestId('recurring-followed').getByTestId('recurring-name')).toContainText(['FREE MOBILE', 'Gym']);

  // Dismissed: gone, and not proposed again when Coffer looks again.
  await item(page, 'Frais de tenue de compte').getByTestId('recurring-dismiss').click();
  await expect(item(page, 'Frais de tenue de compte')).toHaveCount(0);
  await page.getByTestId('recurring-detect').click();
  await expect(page.getByTestId('recurring-detected')).toContainText('0 new recurring payments');
  await expect(item(page, 'Frais de tenue de compte')).toHaveCount(0);
  await shot(page, '3-followed-en');

  // The dashboard: the followed payments of the next 30 days, and the ones waiting for a review.
  await nav(page, 'Dashboard');
  const upcoming = page.getByTestId('upcoming-payments');
  await expect(upcoming.getByTestId('upcoming-item')).toHaveCount(2);
  await expect(upcoming).toContainText('FREE MOBILE');
  await expect(upcoming).toContainText('Gym');
  await expect(upcoming.getByTestId('upcoming-review')).toContainText('recurring payments found in your history');
  await upcoming.scrollIntoViewIfNeeded();
  await shot(page, '4-dashboard-en');

  // 800×600, dark.
  await page.setViewportSize({ width: 800, height: 600 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await nav(page, 'Recurring');
  await expect(item(page, 'Gym')).toBeVisible();
  await shot(page, '5-small-dark-en');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
  expect(overflow, 'no sideways scrolling at 800×600').toBe(false);

  // French.
  await page.emulateMedia({ colorScheme: 'light' });
  await nav(page, 'Settings');
  await page.getByTestId('language-select').selectOption('fr');
  await nav(page, 'Récurrents');
  await expect(page.getByRole('heading', { name: 'Paiements récurrents' })).toBeVisible();
  await expect(item(page, 'Gym')).toContainText('chaque mois');
  await expect(item(page, 'Gym')).toContainText('31,99');
  await shot(page, '6-small-fr');
  await page.setViewportSize({ width: 1320, height: 900 });
  await item(page, 'Gym').getByTestId('recurring-edit-open').click();
  await expect(page.getByTestId('recurring-edit')).toContainText('Laissez vide pour garder le montant trouvé');
  await shot(page, '7-edit-fr');
  await page.getByRole('button', { name: 'Annuler' }).click();
  await nav(page, 'Tableau de bord');
  await expect(page.getByTestId('upcoming-payments')).toContainText('Prochains paiements');
  await page.getByTestId('upcoming-payments').scrollIntoViewIfNeeded();
  await shot(page, '8-dashboard-fr');
});
