import { expect, test } from '@playwright/test';
import { nav } from './app/helpers';
import { addCategoryByKeyboard, connectBank, fileFirstRow, filterByPayee, FR, ledgerShot } from './app/ledger-journey';
import { useSignedInApp } from './app/session';

const app = useSignedInApp({ colorScheme: 'dark' });

test('en français et en sombre : une catégorie à soi, un bénéficiaire, et les erreurs dites en mots', async () => {
  test.setTimeout(180_000);
  const { page } = app;
  await connectBank(page);
  await nav(page, 'Settings');
  await page.getByTestId('language-select').selectOption('fr');
  await expect(page.getByRole('heading', { name: 'Réglages' })).toBeVisible();

  await addCategoryByKeyboard(page, FR, 'Jeux de société');
  // The same name again, accents and case aside: said in the person's words, nothing added.
  await page.getByTestId('new-category-name').fill('JEUX DE SOCIETE');
  await page.getByRole('button', { name: FR.add }).click();
  await expect(page.getByText('Une catégorie porte déjà ce nom : choisissez-en un autre.')).toBeVisible();
  await expect(page.getByTestId('own-category-name')).toHaveCount(1);
  await ledgerShot(page, 'fr-1-settings-dark');

  await fileFirstRow(page, FR, 'Jeux de société', 'Ludothèque');
  await ledgerShot(page, 'fr-2-history-dark');
  await filterByPayee(page, FR, 'Ludothèque');
  await ledgerShot(page, 'fr-3-filtered-dark');

  await nav(page, 'Réglages');
  await page.getByRole('link', { name: FR.tab }).click();
  await expect(page.getByTestId('payees').getByTestId('payee-name')).toHaveText(['Ludothèque']);
  await page.setViewportSize({ width: 800, height: 600 });
  await ledgerShot(page, 'fr-4-settings-800');
});
