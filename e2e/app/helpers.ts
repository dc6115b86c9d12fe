import { expect, type Page } from '@playwright/test';

export const OWNER = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  password: 'analytical-engine',
};

/** Clicks an entry of the main navigation. */
export async function nav(page: Page, name: string): Promise<void> {
  await page
    .getByRole('navigation', { name: /Main navigation|Navigation principale/ })
    .getByRole('link', { name: new RegExp(`^${name}`) })
    .click();
}

export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: false, animations: 'disabled' });
}

/** First run through the UI: profile, terms, then the (empty) dashboard. */
export async function completeFirstRun(page: Page, hostUrl: string): Promise<void> {
  await page.goto(hostUrl + '/');
  await expect(page.getByRole('heading', { name: 'Welcome to Coffer' })).toBeVisible();
  await page.getByLabel('First name').fill(OWNER.firstName);
  await page.getByLabel('Last name').fill(OWNER.lastName);
  await page.getByLabel('E-mail address').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Create my profile' }).click();
  await expect(page.getByRole('heading', { name: 'Terms of use', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'I accept the terms' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

/** Adds a "Statement files" connection on this folder through the app's own add flow. */
export async function addStatementFiles(page: Page, folder: string): Promise<void> {
  await nav(page, 'Connections');
  await page.getByRole('button', { name: 'Add a connection' }).first().click();
  await page.getByLabel('Search by name or country').fill('statement');
  await page.getByTestId('provider-option').filter({ hasText: 'Statement files' }).click();
  const channel = page.locator('[data-testid="channel-option"][data-mode="EMBEDDED"]');
  if (await channel.count()) await channel.click();
  await page.getByLabel(/Folder of statement files/).fill(folder);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByTestId('connection-detail')).toBeVisible();
}

/** Adds a Coffer Test Bank connection with the EMBEDDED channel through the app's own add flow. */
export async function addTestBank(page: Page, login: string, password = 'pass_ok'): Promise<void> {
  await nav(page, 'Connections');
  await page.getByRole('button', { name: 'Add a connection' }).first().click();
  await page.getByLabel('Search by name or country').fill('bank');
  await expect(page.getByTestId('provider-option').first()).toBeVisible();
  await shot(page, 'app-add-1-providers');
  await page.getByTestId('provider-option').filter({ hasText: 'Coffer Test Bank' }).click();
  await shot(page, 'app-add-2-channel');
  await page.locator('[data-testid="channel-option"][data-mode="EMBEDDED"]').click();
  await page.getByLabel('Login').fill(login);
  await page.getByLabel('Password').fill(password);
  await shot(page, 'app-add-3-credentials');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByTestId('connection-detail')).toBeVisible();
}
