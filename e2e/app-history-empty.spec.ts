import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { addTestBank, nav } from './app/helpers';
import { useSignedInApp } from './app/session';

const app = useSignedInApp();

const SHOTS = '/tmp/shots-d';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false, animations: 'disabled' });

test('an empty history offers the next step: add a connection or import a statement file (en and fr)', async () => {
  const { page } = app;
  await nav(page, 'History');
  const empty = page.getByTestId('history-scroll');
  await expect(empty).toContainText('No transactions yet');
  await expect(empty).toContainText('import a statement file your bank gave you');
  // Nothing to filter: no filter bar, and the next steps in view even at 800×600.
  await expect(page.getByTestId('history-search')).toBeHidden();
  for (const [width, height] of [[1280, 800], [800, 600]]) {
    await page.setViewportSize({ width, height });
    await expect(empty.getByRole('button', { name: 'Import a statement file' })).toBeInViewport({ ratio: 1 });
    await shot(page, `history-en-${width}-empty`);
  }
  await empty.getByRole('button', { name: 'Import a statement file' }).click();
  await expect(page).toHaveURL(/\/connections\/new\?provider=/);
  await expect(page.getByRole('heading', { name: 'Add a connection' })).toBeVisible();
  await page.goBack();
  await empty.getByRole('button', { name: 'Add a connection' }).click();
  await expect(page).toHaveURL(/\/connections\/new$/);

  await nav(page, 'Settings');
  await page.getByTestId('language-select').selectOption('fr');
  await nav(page, 'Historique');
  await expect(empty).toContainText('Aucune opération pour l’instant');
  await expect(empty.getByRole('button', { name: 'Importer un relevé' })).toBeVisible();
  await expect(empty.getByRole('button', { name: 'Ajouter une connexion' })).toBeVisible();
  for (const [width, height] of [[1280, 800], [800, 600]]) {
    await page.setViewportSize({ width, height });
    await expect(empty.getByRole('button', { name: 'Importer un relevé' })).toBeInViewport({ ratio: 1 });
    await shot(page, `history-fr-${width}-empty`);
  }
  await nav(page, 'Réglages');
  await page.getByTestId('language-select').selectOption('en');
});

test('a connection that brought no transaction: the empty history leads to the connections', async () => {
  const { page } = app;
  await page.setViewportSize({ width: 1280, height: 800 });
  await addTestBank(page, 'someone', 'wrong-password');
  await expect(page.getByTestId('connection-status')).toContainText('Your bank rejected the login or password', {
    timeout: 60_000,
  });
  await nav(page, 'History');
  const empty = page.getByTestId('history-scroll');
  await expect(empty).toContainText('Your connections have not brought any transaction yet');
  await shot(page, 'history-en-1280-empty-connected');
  await empty.getByRole('button', { name: 'Open your connections' }).click();
  await expect(page).toHaveURL(/\/connections$/);
});
