import { expect, test } from '@playwright/test';
import { addTestBank, nav, shot } from './app/helpers';
import { useSignedInApp } from './app/session';

const app = useSignedInApp();

test('switching to French translates the app, status sentences and category names, and is remembered', async () => {
  test.setTimeout(120_000);
  const { page } = app;
  await addTestBank(page, 'someone', 'wrong-password');
  await expect(page.getByTestId('connection-status')).toContainText('Your bank rejected the login or password', {
    timeout: 60_000,
  });

  await nav(page, 'Settings');
  await page.getByTestId('language-select').selectOption('fr');
  await expect(page.getByRole('heading', { name: 'Réglages' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toContainText('Tableau de bord');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await shot(page, 'app-language-1-settings-fr');

  await nav(page, 'Connexions');
  await expect(page.getByTestId('connection-status')).toContainText(
    'Votre banque a refusé l’identifiant ou le mot de passe',
  );
  await shot(page, 'app-language-2-connections-fr');

  // Kept across a reload (IndexedDB), whatever the browser's language.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Connexions' })).toBeVisible();
  await expect(page.getByTestId('engine-status')).toContainText('Moteur : en marche');

  // Category names come from the engine in the chosen language.
  await page.getByTestId('connection-card').getByRole('link').first().click();
  await page.getByRole('alert').getByRole('button', { name: 'Mettre à jour les identifiants' }).click();
  // The login is kept unless another one is chosen (issue 15: only the password is asked after a refusal).
  await page.getByRole('dialog').getByRole('button', { name: 'Utiliser un autre identifiant' }).click();
  await page.getByLabel('Identifiant', { exact: true }).fill('user_ok');
  await page.getByLabel('Mot de passe', { exact: true }).fill('pass_ok');
  await page.getByRole('dialog').getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByTestId('connection-status').locator('[data-status="SUCCESS"]')).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByTestId('connection-status')).toContainText('À jour');
  await nav(page, 'Historique');
  await expect(page.getByTestId('tx-row').first()).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Catégories' }).click();
  await expect(page.getByRole('group', { name: 'Catégories' })).toContainText('Alimentation');
  await page.keyboard.press('Escape');
  await nav(page, 'Tableau de bord');
  await expect(page.getByRole('figure', { name: 'Dépenses mensuelles par catégorie' })).toBeVisible({
    timeout: 30_000,
  });
  await shot(page, 'app-language-3-dashboard-fr');

  await nav(page, 'Réglages');
  await page.getByTestId('language-select').selectOption('en');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
});
