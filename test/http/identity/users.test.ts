import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelSecretName } from '../../../src/main/engine/secrets/secret-names';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { apiCreateUser, integratorToken, MemorySecretStore, passwordGrant, uniqueEmail } from './identity-helpers';

let engine: TestEngine;
let secrets: MemorySecretStore;
beforeAll(async () => {
  secrets = new MemorySecretStore();
  engine = await startTestEngine({ secrets });
});
afterAll(async () => engine.stop());

const ALL = [
  'accounts_manage',
  'accounts_read',
  'connections_manage',
  'connections_sync',
  'transactions_read',
  'profile',
  'profile_edit',
] as const;
const userCount = () => (engine.ctx.db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n;

describe('POST /users', () => {
  it('creates a user: 201, Location, the record without the password', async () => {
    const email = uniqueEmail('create');
    const res = await engine.http('/v2/users', {
      method: 'POST',
      token: await integratorToken(engine, 'users_create'),
      json: {
        email,
        password: 'longenough',
        first_name: 'Ann',
        last_name: 'Lee',
        gender: 'F',
        birthdate: '1990-04-05',
        address: { city: 'Lyon', country: 'FRA' },
      },
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as any;
    expect(res.headers.get('location')).toBe(`/users/${body.id}`);
    expect(body).toEqual({
      id: expect.stringMatching(/^\d+$/),
      email,
      first_name: 'Ann',
      last_name: 'Lee',
      creation_date: expect.any(Number),
      gender: 'F',
      birthdate: '1990-04-05',
      address: { city: 'Lyon', country: 'FRA' },
      terms_current_version: 1,
    });
    const row = engine.ctx.db.prepare('SELECT password_hash FROM users WHERE id = ?').get(Number(body.id)) as any;
    expect(row.password_hash).toMatch(/^scrypt\$/);
  });

  it('answers 409 conflict for an e-mail in use, whatever its case', async () => {
    const u = await apiCreateUser(engine);
    const res = await engine.http('/v2/users', {
      method: 'POST',
      token: await integratorToken(engine),
      json: { email: u.email.toUpperCase(), password: 'longenough' },
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: 'conflict', error_description: expect.any(String) });
  });

  it.each([
    [{ email: 'not-an-email', password: 'longenough' }, 'e-mail'],
    [{ email: 'x@example.com', password: 'short' }, 'at least 8'],
    [{ email: 'x@example.com', password: 'x'.repeat(1025) }, 'at most 1024'],
    [{ password: 'longenough' }, 'email'],
    [{ email: 'x@example.com' }, 'password'],
    [{ email: 5, password: 'longenough' }, 'body.email must be string'],
    [{ email: 'x@example.com', password: 12345678 }, 'body.password must be string'],
    [{ email: 'x@example.com', password: 'longenough', first_name: 5 }, 'body.first_name must be string or null'],
    [{ email: 'x@example.com', password: 'longenough', birthdate: '1990-13-01' }, 'birthdate'],
    [{ email: 'x@example.com', password: 'longenough', address: 'Lyon' }, 'address'],
    [[], 'body must be object'],
  ])('refuses %j with 400', async (json, message) => {
    const before = userCount();
    const res = await engine.http('/v2/users', { method: 'POST', token: await integratorToken(engine), json });
    expect(res.status).toBe(400);
    const body = (await res.json()) as any;
    expect(body.error).toBe('invalid_request');
    expect(body.error_description).toContain(message);
    expect(userCount()).toBe(before);
  });

  it('refuses wrong content types, empty and oversized bodies without creating anything', async () => {
    const token = await integratorToken(engine);
    const before = userCount();
    const cases = [
      { headers: { 'content-type': 'text/plain' }, body: 'email=a@b.com' },
      {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'email=a%40example.com&password=longenough',
      },
      { headers: { 'content-type': 'application/json' }, body: '' },
      { headers: { 'content-type': 'application/json' }, body: '{"email":' },
      {
        headers: { 'content-type': 'application/json' },
        body: '{"__proto__":{"x":1},"email":"a@example.com","password":"longenough"}',
      },
    ];
    for (const c of cases) {
      const res = await engine.http('/v2/users', { method: 'POST', token, ...c });
      expect(res.status, c.body).toBe(400);
    }
    const big = await engine.http('/v2/users', {
      method: 'POST',
      token,
      json: { email: 'big@example.com', password: 'longenough', first_name: 'x'.repeat(1024 * 1024) },
    });
    expect(big.status).toBe(413);
    expect(userCount()).toBe(before);
  });

  it('needs a client token with users_create', async () => {
    const u = await apiCreateUser(engine);
    const userToken = (await passwordGrant(engine, u.email, u.password)).body.access_token;
    const json = { email: uniqueEmail(), password: 'longenough' };
    expect((await engine.http('/v2/users', { method: 'POST', json })).status).toBe(401);
    expect((await engine.http('/v2/users', { method: 'POST', token: userToken, json })).status).toBe(403);
    expect(
      (await engine.http('/v2/users', { method: 'POST', token: await integratorToken(engine, 'admin'), json })).status,
    ).toBe(403);
  });
});

describe('POST /users/availability', () => {
  it('answers 204 / 409 / 400 without a token', async () => {
    const u = await apiCreateUser(engine);
    const ask = (json: unknown) => engine.http('/v2/users/availability', { method: 'POST', json });
    expect((await ask({ email: uniqueEmail() })).status).toBe(204);
    const taken = await ask({ email: u.email });
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as any).error).toBe('conflict');
    for (const bad of [{ email: 'nope' }, {}, { email: 42 }]) {
      const res = await ask(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(((await res.json()) as any).error).toBe('invalid_request');
    }
  });
});

describe('GET and PUT /users/{id}', () => {
  it('reads me or the own id; another or unknown id answers 404 not_found (the token stays good)', async () => {
    const a = await apiCreateUser(engine);
    const b = await apiCreateUser(engine);
    const token = engine.userToken(Number(a.id), ['profile']);
    for (const id of ['me', a.id]) {
      const res = await engine.http(`/v2/users/${id}`, { token });
      expect(res.status).toBe(200);
      expect(((await res.json()) as any).email).toBe(a.email);
    }
    for (const id of [b.id, '999999', 'nobody']) {
      const res = await engine.http(`/v2/users/${id}`, { token });
      expect(res.status, id).toBe(404);
      expect(((await res.json()) as any).error).toBe('not_found');
    }
    // The same token still reads its own user afterwards.
    expect((await engine.http('/v2/users/me', { token })).status).toBe(200);
    // profile_edit is enough too; v2.1 is the same.
    expect(
      (await engine.http('/v2.1/users/me', { token: engine.userToken(Number(a.id), ['profile_edit']) })).status,
    ).toBe(200);
    expect(
      (await engine.http('/v2/users/me', { token: engine.userToken(Number(a.id), ['accounts_read']) })).status,
    ).toBe(403);
  });

  it('updates what is sent, clears null, keeps the rest', async () => {
    const u = await apiCreateUser(engine, {
      first_name: 'Ann',
      last_name: 'Lee',
      address: { city: 'Lyon', postcode: '69001' },
    });
    const token = engine.userToken(Number(u.id), ['profile_edit']);
    await engine.http('/v2/users/me/terms', { method: 'POST', token });
    const res = await engine.http('/v2/users/me', {
      method: 'PUT',
      token,
      json: { first_name: 'Anna', last_name: null, address: { city: 'Paris' } },
    });
    expect(res.status).toBe(204);
    const after = (await (await engine.http('/v2/users/me', { token })).json()) as any;
    expect(after).toMatchObject({ first_name: 'Anna', address: { city: 'Paris', postcode: '69001' } });
    expect(after.last_name).toBeUndefined();
  });

  it('ignores the e-mail and password when unchanged, refuses them otherwise (400, nothing changed)', async () => {
    const u = await apiCreateUser(engine, { first_name: 'Ann' });
    const token = engine.userToken(Number(u.id), ['profile_edit']);
    await engine.http('/v2/users/me/terms', { method: 'POST', token });
    const same = await engine.http('/v2/users/me', {
      method: 'PUT',
      token,
      json: { email: u.email.toUpperCase(), password: u.password, first_name: 'Same' },
    });
    expect(same.status).toBe(204);
    for (const json of [
      { email: uniqueEmail(), first_name: 'X' },
      { password: 'another-password', first_name: 'X' },
      { birthdate: 'yesterday' },
      { first_name: ['x'] },
    ]) {
      const res = await engine.http('/v2/users/me', { method: 'PUT', token, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
    }
    const after = (await (await engine.http('/v2/users/me', { token })).json()) as any;
    expect(after).toMatchObject({ email: u.email, first_name: 'Same' });
    expect((await passwordGrant(engine, u.email, u.password)).status).toBe(200);
  });

  it("another user's id answers 404 on every /users/{id} route", async () => {
    const a = await apiCreateUser(engine);
    const b = await apiCreateUser(engine);
    const token = engine.userToken(Number(a.id), [...ALL]);
    await engine.http('/v2/users/me/terms', { method: 'POST', token });
    const calls: Array<[string, string, unknown?]> = [
      ['PUT', `/v2/users/${b.id}`, { first_name: 'x' }],
      ['DELETE', `/v2/users/${b.id}`],
      ['GET', `/v2/users/${b.id}/properties`],
      ['PUT', `/v2/users/${b.id}/properties`, { a: 'b' }],
      ['POST', `/v2/users/${b.id}/terms`],
      ['GET', `/v2/users/${b.id}/terms`],
      ['GET', `/v2/users/${b.id}/tokens`],
      ['POST', `/v2/users/${b.id}/tokens`, { name: 'x', scopes: ['profile'] }],
      ['DELETE', `/v2/users/${b.id}/tokens/1`],
      ['PUT', `/v2/users/${b.id}/password`, { current_password: 'x', new_password: 'y' }],
      ['GET', `/v2/users/${b.id}`],
      ['DELETE', '/v2/users/999999'],
    ];
    for (const [method, path, json] of calls) {
      const res = await engine.http(path, { method, token, json });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(((await res.json()) as any).error).toBe('not_found');
    }
    expect(userCount()).toBeGreaterThanOrEqual(2);
    expect(
      (await engine.http(`/v2/users/${b.id}`, { token: engine.userToken(Number(b.id), ['profile']) })).status,
    ).toBe(200);
  });
});

describe('properties', () => {
  it('PUT replaces the whole object; GET returns it', async () => {
    const u = await apiCreateUser(engine);
    const token = engine.userToken(Number(u.id), ['profile']);
    await engine.http('/v2/users/me/terms', { method: 'POST', token });
    expect(await (await engine.http('/v2/users/me/properties', { token })).json()).toEqual({});
    expect(
      (await engine.http('/v2/users/me/properties', { method: 'PUT', token, json: { theme: 'dark', lang: 'fr' } }))
        .status,
    ).toBe(204);
    expect(
      (await engine.http(`/v2/users/${u.id}/properties`, { method: 'PUT', token, json: { theme: 'light' } })).status,
    ).toBe(204);
    expect(await (await engine.http('/v2/users/me/properties', { token })).json()).toEqual({ theme: 'light' });
  });

  it.each([
    [{ n: 1 }],
    [{ n: null }],
    [{ nested: { a: 'b' } }],
    [{ '': 'x' }],
    [{ ['k'.repeat(257)]: 'x' }],
    [{ big: 'x'.repeat(4097) }],
    [Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`k${i}`, 'v']))],
    [['a']],
    ['text'],
  ])('refuses %# with 400 and keeps the old properties', async (json) => {
    const u = await apiCreateUser(engine);
    const token = engine.userToken(Number(u.id), ['profile_edit']);
    await engine.http('/v2/users/me/terms', { method: 'POST', token });
    await engine.http('/v2/users/me/properties', { method: 'PUT', token, json: { keep: 'me' } });
    const res = await engine.http('/v2/users/me/properties', { method: 'PUT', token, json });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error).toBe('invalid_request');
    expect(await (await engine.http('/v2/users/me/properties', { token })).json()).toEqual({ keep: 'me' });
  });
});

describe('terms', () => {
  it('gates every user call until accepted, except GET /users/{id} and the terms routes', async () => {
    const u = await apiCreateUser(engine);
    const token = (await passwordGrant(engine, u.email, u.password)).body.access_token;
    const gated = await engine.http('/v2/users/me/properties', { token });
    expect(gated.status).toBe(401);
    expect(await gated.json()).toMatchObject({ error: 'terms_not_accepted' });
    expect(gated.headers.get('www-authenticate')).toBe('Bearer error="terms_not_accepted"');
    expect((await engine.http('/v2/users/me/tokens', { token })).status).toBe(401);
    expect((await engine.http('/v2/users/me', { method: 'PUT', token, json: {} })).status).toBe(401);

    const me = (await (await engine.http('/v2/users/me', { token })).json()) as any;
    expect(me.terms_accepted_version).toBeUndefined();
    expect(me.terms_current_version).toBe(1);

    const text = await engine.http('/v2/users/me/terms?lng=en', { token });
    expect(text.status).toBe(200);
    const t = (await text.json()) as any;
    expect(t).toMatchObject({ version: 1, language: 'en' });
    expect(t.accepted_version).toBeUndefined();
    expect(t.text).toContain('Your data stays on this machine');
    const fr = (await (
      await engine.http('/v2/users/me/terms', { token, headers: { 'accept-language': 'fr-FR' } })
    ).json()) as any;
    expect(fr.text).toContain('Vos données restent sur cette machine');

    expect((await engine.http('/v2/users/me/terms', { method: 'POST', token, json: { version: 0 } })).status).toBe(400);
    // An empty body with a JSON content type is accepted (published clients send that).
    const accept = await engine.http('/v2/users/me/terms', {
      method: 'POST',
      token,
      headers: { 'content-type': 'application/json' },
    });
    expect(accept.status).toBe(204);
    expect((await engine.http('/v2/users/me/properties', { token })).status).toBe(200);
    const after = (await (await engine.http('/v2/users/me', { token })).json()) as any;
    expect(after.terms_accepted_version).toBe(1);
  });

  it('any user token may accept them', async () => {
    const u = await apiCreateUser(engine);
    const token = engine.userToken(Number(u.id), ['connections_sync']);
    expect((await engine.http('/v2/users/me/terms', { method: 'POST', token, json: { version: 1 } })).status).toBe(204);
    expect(
      (await engine.http('/v2/users/me/terms', { method: 'POST', token: await integratorToken(engine) })).status,
    ).toBe(403);
  });
});

describe('DELETE /users/{id}', () => {
  function seed(userId: number, tag: string) {
    const db = engine.ctx.db;
    const now = engine.ctx.now();
    db.prepare(
      `INSERT OR IGNORE INTO providers (id, name, type, country_code, base_url, logo) VALUES ('t-prov', 'Test', 'BANKING', 'FRA', 'https://b.example', 'x.png')`,
    ).run();
    db.prepare(
      `INSERT OR IGNORE INTO channel_definitions (id, provider_id, mode, account_types, credentials) VALUES ('t-prov00', 't-prov', 'EMBEDDED', '[]', '[]')`,
    ).run();
    const conn = Number(
      db
        .prepare(
          "INSERT INTO connections (user_id, provider_id, name, status, creation_date) VALUES (?, 't-prov', ?, 'SUCCESS', ?)",
        )
        .run(userId, tag, now).lastInsertRowid,
    );
    const channel = Number(
      db
        .prepare(
          "INSERT INTO channels (connection_id, channel_definition_id, mode, status, has_secret) VALUES (?, 't-prov00', 'EMBEDDED', 'SUCCESS', 1)",
        )
        .run(conn).lastInsertRowid,
    );
    const account = Number(
      db
        .prepare(
          "INSERT INTO accounts (connection_id, user_id, reference, name, currency, status, type, creation_date) VALUES (?, ?, ?, 'Main', 'EUR', 'ACTIVE', 'CHECKINGS', ?)",
        )
        .run(conn, userId, tag, now).lastInsertRowid,
    );
    db.prepare(
      "INSERT INTO transactions (account_id, user_id, provider_key, amount, currency, date, import_date, last_update_date, label, type, status) VALUES (?, ?, 'k1', -500, 'EUR', ?, ?, ?, 'Shop', 'DEBIT', 'BOOKED')",
    ).run(account, userId, now, now, now);
    db.prepare('INSERT INTO balance_history (account_id, date, balance) VALUES (?, ?, 100)').run(account, now);
    db.prepare(
      "INSERT INTO encryption_keys (id, user_id, public_key, jwk, creation_date, expires) VALUES (?, ?, 'pem', '{}', ?, ?)",
    ).run(`key-${tag}`, userId, now, now + 900);
    db.prepare('INSERT INTO queues (user_id, start_event_id, creation_date, last_read_date) VALUES (?, 0, ?, ?)').run(
      userId,
      now,
      now,
    );
    db.prepare(
      "INSERT INTO events (user_id, connection_id, event_type, creation_date, payload) VALUES (?, ?, 'SUCCESS', ?, '{}')",
    ).run(userId, conn, now);
    db.prepare("INSERT INTO user_properties (user_id, key, value) VALUES (?, 'k', 'v')").run(userId);
    db.prepare(
      "INSERT INTO webhook_deliveries (event_id, user_id, connection_id, url, outcome, duration_ms, creation_date) VALUES ('1', ?, ?, 'http://127.0.0.1/h', 'delivered', 1, ?)",
    ).run(userId, conn, now);
    secrets.set(channelSecretName(channel), JSON.stringify({ password: `secret-${tag}` }));
    return { conn, channel, account };
  }

  const TABLES = [
    'connections',
    'channels',
    'accounts',
    'transactions',
    'encryption_keys',
    'queues',
    'events',
    'user_properties',
    'oauth_tokens',
    'webhook_deliveries',
  ];
  const countFor = (userId: number) => {
    const db = engine.ctx.db;
    const out: Record<string, number> = {};
    for (const t of TABLES) {
      const sql =
        t === 'channels'
          ? 'SELECT COUNT(*) AS n FROM channels WHERE connection_id IN (SELECT id FROM connections WHERE user_id = ?)'
          : `SELECT COUNT(*) AS n FROM ${t} WHERE user_id = ?`;
      out[t] = (db.prepare(sql).get(userId) as { n: number }).n;
    }
    out.balance_history = (
      db
        .prepare(
          'SELECT COUNT(*) AS n FROM balance_history WHERE account_id IN (SELECT id FROM accounts WHERE user_id = ?)',
        )
        .get(userId) as { n: number }
    ).n;
    return out;
  };

  it('stops syncs, removes keychain entries and everything the user owns, frees the e-mail; others keep theirs', async () => {
    const victim = await apiCreateUser(engine);
    const other = await apiCreateUser(engine);
    const v = seed(Number(victim.id), `v${victim.id}`);
    const o = seed(Number(other.id), `o${other.id}`);
    const token = (await passwordGrant(engine, victim.email, victim.password)).body.access_token;
    await engine.http('/v2/users/me/terms', { method: 'POST', token });
    const otherBefore = countFor(Number(other.id));

    const cancelled: number[] = [];
    const realSync = engine.ctx.services.sync;
    engine.ctx.services.sync = {
      ...realSync,
      cancel: async (id: number) => {
        // Deletion waits for the run to stop before removing its rows.
        await new Promise((r) => setTimeout(r, 20));
        expect(engine.ctx.db.prepare('SELECT id FROM connections WHERE id = ?').get(id)).toBeDefined();
        cancelled.push(id);
      },
    };
    try {
      const res = await engine.http('/v2/users/me', { method: 'DELETE', token });
      expect(res.status).toBe(204);
    } finally {
      engine.ctx.services.sync = realSync;
    }

    expect(cancelled).toEqual([v.conn]);
    expect(secrets.get(channelSecretName(v.channel))).toBeNull();
    expect(secrets.deleted).toContain(channelSecretName(v.channel));
    expect(secrets.get(channelSecretName(o.channel))).not.toBeNull();
    expect(Object.values(countFor(Number(victim.id))).every((n) => n === 0)).toBe(true);
    expect(engine.ctx.db.prepare('SELECT id FROM users WHERE id = ?').get(Number(victim.id))).toBeUndefined();
    expect(countFor(Number(other.id))).toEqual(otherBefore);
    // Its tokens are gone with it; the e-mail is free again.
    expect((await engine.http('/v2/users/me', { token })).status).toBe(401);
    expect(
      (await engine.http('/v2/users/availability', { method: 'POST', json: { email: victim.email } })).status,
    ).toBe(204);
    const again = await apiCreateUser(engine, { email: victim.email });
    expect(again.id).not.toBe(victim.id);
  });

  it('needs profile_edit', async () => {
    const u = await apiCreateUser(engine);
    const token = engine.userToken(Number(u.id), ['profile']);
    await engine.http('/v2/users/me/terms', { method: 'POST', token });
    const res = await engine.http('/v2/users/me', { method: 'DELETE', token });
    expect(res.status).toBe(403);
    expect(res.headers.get('www-authenticate')).toBe('Bearer error="insufficient_scope", scope="profile_edit"');
    expect(engine.ctx.db.prepare('SELECT id FROM users WHERE id = ?').get(Number(u.id))).toBeDefined();
  });
});
