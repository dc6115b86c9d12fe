import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { hashToken, newTokenValue } from '../../../src/main/engine/auth/token-hash';
import { upsertCatalogue } from '../../../src/main/engine/catalogue/seed';
import { CATEGORY_DEFINITIONS } from '../../../src/main/engine/catalogue/categories';
import { testBankDefinition } from '../../../src/main/engine/connectors/testbank/definition';
import type { ProviderDefinition } from '../../../src/main/engine/connectors/types';
import { listProviderDefinitions } from '../../../src/main/engine/connectors/registry';

let engine: TestEngine;
let userToken: string;
let clientToken: string;
let patToken: string;
/** Providers of the connector registry (seeded at start), listed before the extra ones. */
let registryIds: string[];

/** Extra providers written into the catalogue tables (the read path goes through them). */
const extra: ProviderDefinition[] = [
  {
    id: '8801',
    name: 'Société Générale Démo',
    type: 'BANKING',
    country_code: 'FRA',
    base_url: 'https://sg.example',
    logo: '8801.svg',
    channel_definitions: [{ id: '880100', mode: 'EMBEDDED', account_types: ['SAVINGS'], interactive: false, credentials: [], unavailable: false, capabilities: [] }],
  },
  {
    id: '8802',
    name: 'Statement folder',
    type: 'DOCUMENT',
    country_code: 'DEU',
    base_url: 'file://',
    logo: '8802.svg',
    channel_definitions: [{ id: '880200', mode: 'EMBEDDED', account_types: ['CHECKINGS'], interactive: true, credentials: [], unavailable: false, capabilities: [] }],
  },
];

beforeAll(async () => {
  engine = await startTestEngine();
  upsertCatalogue(engine.ctx.db, [...listProviderDefinitions(), ...extra], CATEGORY_DEFINITIONS);
  registryIds = listProviderDefinitions().map((p) => p.id);
  const user = engine.createUser();
  userToken = engine.userToken(user, ['profile']);
  clientToken = engine.clientToken(['users_create']);
  patToken = newTokenValue('pat');
  engine.ctx.db
    .prepare("INSERT INTO oauth_tokens (hash, kind, user_id, scopes, creation_date, expires) VALUES (?, 'pat', ?, '', ?, NULL)")
    .run(hashToken(patToken), user, engine.ctx.now());
});
afterAll(async () => engine?.stop());

async function get(path: string, token = userToken, headers: Record<string, string> = {}) {
  const res = await engine.http(`/v2${path}`, { token, headers });
  return { res, body: (await res.json()) as any };
}
const ids = (body: any[]) => body.map((p) => p.id);
/** The ids among those of the test's extra providers (the registry may hold more providers than the test bank). */
const extraIds = (body: any[]) => ids(body).filter((id: string) => id.startsWith('88'));

describe('GET /providers', () => {
  it('needs a valid token of any kind but no scope', async () => {
    for (const t of [userToken, clientToken, patToken]) expect((await get('/providers', t)).res.status).toBe(200);
    expect((await engine.http('/v2/providers')).status).toBe(401);
    expect((await engine.http('/v2/providers', { token: 'cat_nope' })).status).toBe(401);
    expect((await engine.http('/v2/providers/9000')).status).toBe(401);
    expect((await engine.http('/v2/categories')).status).toBe(401);
  });

  it('serves the Coffer Test Bank as a Provider record, labels in French by default', async () => {
    const { res, body } = await get('/providers/9000');
    expect(res.status).toBe(200);
    expect(body).toEqual({
      id: '9000',
      name: 'Coffer Test Bank',
      type: 'BANKING',
      base_url: 'https://testbank.coffer.invalid',
      logo_url: `${engine.urls.host_url}/logos/9000.svg`,
      country_code: 'FRA',
      channel_definitions: [
        {
          id: '900001',
          mode: 'REDIRECT',
          account_types: ['CHECKINGS', 'CREDIT_CARD'],
          interactive: true,
          credentials: [
            { id: 'AUTHORIZATION_CODE', label: "Code d'autorisation", type: 'AUTHORIZATION_CODE', encrypt: false, regexp: '^[\\x21-\\x7E]{1,16384}$' },
            { id: 'STATE', label: 'État', type: 'STATE', encrypt: false, regexp: '^[^\\x00-\\x1F\\x7F]{1,16384}$' },
          ],
          unavailable: false,
          capabilities: ['PFM_ACCOUNT'],
        },
        {
          id: '900000',
          mode: 'EMBEDDED',
          account_types: ['CHECKINGS', 'SAVINGS', 'LOAN', 'CREDIT_CARD'],
          interactive: true,
          credentials: [
            { id: 'login', label: 'Identifiant', type: 'TEXT', encrypt: false, regexp: '^.{1,64}$' },
            { id: 'password', label: 'Mot de passe', type: 'PWD', encrypt: true, regexp: '^.{1,128}$' },
          ],
          unavailable: false,
          capabilities: ['PFM_ACCOUNT'],
        },
      ],
    });
    const en = await get('/providers/9000', userToken, { 'accept-language': 'en-US,en;q=0.9' });
    expect(en.body.channel_definitions[1].credentials.map((c: any) => c.label)).toEqual(['Login', 'Password']);
    expect((await get('/providers/nope')).res.status).toBe(404);
  });

  it('names a provider in the request language when it has a French name (statement files)', async () => {
    const fr = await get('/providers/9500', userToken, { 'accept-language': 'fr-FR' });
    expect(fr.body.name).toBe('Relevés de compte');
    expect(fr.body.channel_definitions[0].credentials[0].label).toBe('Dossier des relevés (chemin absolu)');
    const en = await get('/providers/9500', userToken, { 'accept-language': 'en' });
    expect(en.body.name).toBe('Statement files');
    // A request that asks for no language (a script) keeps the name the provider always had.
    expect((await get('/providers/9500', userToken)).body.name).toBe('Statement files');
    // Bank names are names: the same in both languages.
    expect((await get('/providers/9000', userToken, { 'accept-language': 'fr' })).body.name).toBe('Coffer Test Bank');
  });

  it('filters by type, country_code, interactive and q; X-Total-Count', async () => {
    const all = await get('/providers');
    const total = registryIds.length + extra.length;
    expect(all.res.headers.get('x-total-count')).toBe(String(total));
    expect(ids(all.body)).toEqual([...registryIds, '8801', '8802']);
    const documents = await get('/providers?type=DOCUMENT');
    expect(documents.body.every((p: any) => p.type === 'DOCUMENT')).toBe(true);
    expect(extraIds(documents.body)).toEqual(['8802']);
    expect(ids((await get('/providers?type=BANKING,DOCUMENT')).body)).toEqual(ids(all.body));
    expect(ids((await get('/providers?country_code=DEU')).body)).toEqual(['8802']);
    const fra = (await get('/providers?country_code=fra')).body;
    expect(ids(fra)).toContain('9000');
    expect(extraIds(fra)).toEqual(['8801']);
    const nonInteractive = (await get('/providers?interactive=false')).body;
    expect(extraIds(nonInteractive)).toEqual(['8801']);
    expect(ids(nonInteractive)).not.toContain('9000');
    const interactive = (await get('/providers?interactive=true')).body;
    expect(extraIds(interactive)).toEqual(['8802']);
    expect(ids(interactive)).toContain('9000');
    expect(ids((await get('/providers?q=societe')).body)).toEqual(['8801']);
    expect(ids((await get('/providers?q=COFFER%20test%20bank')).body)).toEqual(['9000']);
    expect(ids((await get('/providers?q=nothing-like-this')).body)).toEqual([]);
    for (const q of ['type=BANK', 'type=', 'country_code=FR', 'country_code=F1A', 'interactive=yes', 'pagination=0', 'page=0', 'limit=501']) {
      const { res, body } = await get(`/providers?${q}`);
      expect(res.status, q).toBe(400);
      expect(body.error).toBe('invalid_request');
    }
  });

  it('pages, and pagination=false returns every provider', async () => {
    const all = ids((await get('/providers')).body);
    const p = await get('/providers?limit=1&page=2');
    expect(ids(p.body)).toEqual([all[1]]);
    expect(p.res.headers.get('x-total-count')).toBe(String(all.length));
    expect(ids((await get('/providers?limit=1&pagination=false')).body)).toEqual(all);
    expect(ids((await get('/providers?pagination=true&limit=2')).body)).toEqual(all.slice(0, 2));
  });
});

describe('GET /logos/<provider_id>.svg', () => {
  it('is public and serves the SVG; unknown providers and odd names are 404', async () => {
    const res = await engine.http('/logos/9000.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await res.text()).toContain('<svg');
    for (const path of ['/logos/8801.svg', '/logos/nope.svg', '/logos/9000.png', '/logos/..%2F..%2Fpackage.json', '/logos/..%2Fcategories.json']) {
      expect((await engine.http(path)).status, path).toBe(404);
    }
  });
});

describe('GET /categories', () => {
  it('lists the tree with labels in the request language (fr by default) and parent info', async () => {
    const fr = await get('/categories');
    expect(fr.res.status).toBe(200);
    expect(Number(fr.res.headers.get('x-total-count'))).toBe(CATEGORY_DEFINITIONS.length);
    expect(fr.body.length).toBeGreaterThan(40);
    expect(fr.body.find((c: any) => c.id === 'SUPERMARKET')).toEqual({ id: 'SUPERMARKET', label: 'Supermarché', type: 'EXPENSE', parent: { id: 'FOOD', label: 'Alimentation & restaurants' } });
    expect(fr.body.find((c: any) => c.id === 'FOOD')).not.toHaveProperty('parent');
    const en = await get('/categories', clientToken, { 'accept-language': 'en' });
    expect(en.body.find((c: any) => c.id === 'SUPERMARKET')).toEqual({ id: 'SUPERMARKET', label: 'Groceries', type: 'EXPENSE', parent: { id: 'FOOD', label: 'Food & dining' } });
    expect(en.body.find((c: any) => c.id === 'UNCATEGORIZED')?.type).toBe('OTHER');
  });

  it('filters by type and parent_id; unknown type → 400', async () => {
    const income = (await get('/categories?type=INCOME')).body;
    expect(income.length).toBeGreaterThan(1);
    expect(income.every((c: any) => c.type === 'INCOME')).toBe(true);
    const food = (await get('/categories?parent_id=FOOD')).body;
    expect(food.map((c: any) => c.id)).toContain('SUPERMARKET');
    expect(food.every((c: any) => c.parent.id === 'FOOD')).toBe(true);
    expect((await get('/categories?parent_id=NOPE')).body).toEqual([]);
    expect((await get('/categories?type=EXPENSE&parent_id=INCOME')).body).toEqual([]);
    expect((await get('/categories?type=SPENDING')).res.status).toBe(400);
  });
});

describe('catalogue seeding', () => {
  it('is idempotent and keeps the roll-out-owned fields of channel definitions', () => {
    const db = engine.ctx.db;
    db.prepare("UPDATE channel_definitions SET account_types = '[\"SAVINGS\",\"LOAN\"]', unavailable = 0 WHERE id = '900000'").run();
    const before = db.prepare('SELECT count(*) FROM providers').pluck().get();
    upsertCatalogue(db, [testBankDefinition, ...extra], CATEGORY_DEFINITIONS);
    upsertCatalogue(db, [testBankDefinition, ...extra], CATEGORY_DEFINITIONS);
    expect(db.prepare("SELECT account_types FROM channel_definitions WHERE id = '900000'").pluck().get()).toBe('["SAVINGS","LOAN"]');
    expect(db.prepare('SELECT count(*) FROM providers').pluck().get()).toBe(before);
    expect(db.prepare('SELECT count(*) FROM categories').pluck().get()).toBe(CATEGORY_DEFINITIONS.length);
    // A definition the code no longer has becomes unavailable.
    upsertCatalogue(db, [testBankDefinition, { ...extra[0], channel_definitions: [] }, extra[1]], CATEGORY_DEFINITIONS);
    expect(db.prepare("SELECT unavailable FROM channel_definitions WHERE id = '880100'").pluck().get()).toBe(1);
  });
});
