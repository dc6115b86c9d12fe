import { expect, test } from '@playwright/test';
import { nav, OWNER } from './app/helpers';
import { useSignedInApp } from './app/session';

const app = useSignedInApp();
const CODE = /^([0-9A-Z]{4} ){13}[0-9A-Z]{4}$/;
const SHOTS = process.env.COFFER_SHOTS_DIR;
const shot = async (name: string) => {
  if (SHOTS) await app.page.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled' });
};

test('Settings → Backups → Recovery key: shown until written down, then after the password; in French too', async () => {
  const { page } = app;
  // From the first run on, the dashboard asks for it to be written down and leads to it.
  await nav(page, 'Dashboard');
  const reminder = page.getByTestId('recovery-key-reminder');
  await expect(reminder).toContainText('Write down your recovery key');
  await shot('recovery-0-reminder-en');
  await reminder.getByRole('link', { name: 'See the recovery key' }).click();
  await expect(page.getByText('Write down your recovery key now')).toBeVisible();
  const code = page.getByTestId('recovery-code');
  await expect(code).toHaveText(CODE);
  const first = await code.textContent();
  await expect(page.getByRole('button', { name: 'Copy' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await shot('recovery-1-first-time-en');

  // The same first time in French: the dashboard's reminder and the card.
  await page.locator('nav.tabs').getByRole('link', { name: 'General' }).click();
  await page.getByTestId('language-select').selectOption('fr');
  await nav(page, 'Tableau de bord');
  await expect(page.getByTestId('recovery-key-reminder')).toContainText('Notez votre clé de secours');
  await shot('recovery-1-reminder-fr');
  await page.getByTestId('recovery-key-reminder').getByRole('link', { name: 'Voir la clé de secours' }).click();
  await expect(page.getByText('Notez votre clé de secours maintenant')).toBeVisible();
  await expect(page.getByTestId('recovery-code')).toHaveText(first!);
  await shot('recovery-1-first-time-fr');
  await page.locator('nav.tabs').getByRole('link', { name: 'Général' }).click();
  await page.getByTestId('language-select').selectOption('en');
  await page.locator('nav.tabs').getByRole('link', { name: 'Backups' }).click();

  await page.getByRole('button', { name: 'I have written it down' }).click();
  await expect(page.getByText('It is now shown only after your password')).toBeVisible();
  await nav(page, 'Dashboard');
  // Its question answered (no request left), the dashboard shows no reminder.
  await page.reload({ waitUntil: 'networkidle' });
  await expect(page.getByTestId('recovery-key-reminder')).toHaveCount(0);
  await nav(page, 'Settings');
  await page.locator('nav.tabs').getByRole('link', { name: 'Backups' }).click();
  await expect(page.getByText('To see your recovery key again')).toBeVisible();
  await expect(page.getByTestId('recovery-code')).toHaveCount(0);

  await page.getByLabel('Your password', { exact: true }).fill('not my password');
  await page.getByRole('button', { name: 'Show the recovery key' }).click();
  await expect(page.getByText('This is not your password.')).toBeVisible();
  await expect(page.getByTestId('recovery-code')).toHaveCount(0);
  await shot('recovery-2-wrong-password-en');
  await page.getByLabel('Your password', { exact: true }).fill(OWNER.password);
  await page.getByRole('button', { name: 'Show the recovery key' }).click();
  await expect(page.getByTestId('recovery-code')).toHaveText(first!);
  await shot('recovery-3-shown-en');
  await page.getByRole('button', { name: 'Hide' }).click();
  await expect(page.getByTestId('recovery-code')).toHaveCount(0);

  // Restoring asks for another computer's key (optional); a mistyped one is refused in words, nothing restored.
  await page.getByRole('button', { name: 'Back up now' }).click();
  await expect(page.getByText('Backup made.')).toBeVisible();
  await page.getByRole('table', { name: 'Backups' }).getByRole('button', { name: 'Restore' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByLabel('Recovery key of the other computer').fill('K0NK 89GT');
  await shot('recovery-6-restore-dialog-en');
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('The recovery key has a typing mistake')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Backups' }).getByRole('row')).toHaveCount(2);
  await shot('recovery-7-restore-typo-en');

  await page.locator('nav.tabs').getByRole('link', { name: 'General' }).click();
  await page.getByTestId('language-select').selectOption('fr');
  await page.locator('nav.tabs').getByRole('link', { name: 'Sauvegardes' }).click();
  await expect(page.getByText('Pour revoir votre clé de secours')).toBeVisible();
  await page.getByLabel('Votre mot de passe', { exact: true }).fill('pas le bon');
  await page.getByRole('button', { name: 'Afficher la clé de secours' }).click();
  await expect(page.getByText('Ce n’est pas votre mot de passe.')).toBeVisible();
  await shot('recovery-4-wrong-password-fr');
  await page.getByLabel('Votre mot de passe', { exact: true }).fill(OWNER.password);
  await page.getByRole('button', { name: 'Afficher la clé de secours' }).click();
  await expect(page.getByTestId('recovery-code')).toHaveText(first!);
  await expect(page.getByRole('button', { name: 'Imprimer' })).toBeVisible();
  await shot('recovery-5-shown-fr');
  await page.getByRole('table', { name: 'Sauvegardes' }).getByRole('button', { name: 'Restaurer' }).click();
  await expect(page.getByRole('alertdialog').getByLabel('Clé de secours de l’autre ordinateur')).toBeVisible();
  await shot('recovery-8-restore-dialog-fr');
});
