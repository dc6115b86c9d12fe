import { expect, test } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveEngine, type ServedEngine } from './engine';

let engine: ServedEngine | undefined;
test.afterEach(async () => {
  await engine?.stop();
  engine = undefined;
});

/** What a failing disk leaves: a coffer.db whose bytes are not a database any more. */
const damaged = (dir: string) => writeFileSync(join(dir, 'coffer.db'), Buffer.alloc(64 * 1024, 0x42));
/** A folder used before (its integrator file is there) whose database is gone. */
const emptied = (dir: string) => writeFileSync(join(dir, 'integrator.json'), '{"client_id":"x","client_secret":"y"}\n');

for (const [locale, title, body] of [
  ['en-GB', 'Your Coffer database is damaged', /coffer\.db\) is damaged.*Restore a backup from Settings → Backups/],
  ['fr-FR', 'Votre base de données Coffer est endommagée', /coffer\.db\) est endommagée.*Restaurez une sauvegarde depuis Réglages → Sauvegardes/],
] as const) {
  test(`a damaged database: the app says which file and the ways back (${locale})`, async ({ browser }) => {
    engine = await serveEngine({}, damaged);
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto(engine.hostUrl + '/');
    await expect(page.getByText(title)).toBeVisible();
    await expect(page.getByText(body)).toContainText(join(engine.dataDir, 'coffer.db'));
    await page.screenshot({ path: `e2e/screenshots/app-damaged-database-${locale}.png`, animations: 'disabled' });
    await context.close();
  });
}

for (const [locale, title, body] of [
  ['en-GB', 'Your Coffer data is not there', /missing or empty.*found: integrator\.json.*COFFER_START_FRESH=1/],
  ['fr-FR', 'Vos données Coffer ne sont pas là', /absente ou vide.*trouvé : integrator\.json.*COFFER_START_FRESH=1/],
] as const) {
  test(`a missing database in a folder used before: the app says so and how to proceed (${locale})`, async ({ browser }) => {
    engine = await serveEngine({}, emptied);
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto(engine.hostUrl + '/');
    await expect(page.getByText(title)).toBeVisible();
    await expect(page.getByText(body)).toBeVisible();
    await page.screenshot({ path: `e2e/screenshots/app-missing-database-${locale}.png`, animations: 'disabled' });
    await context.close();
  });
}
