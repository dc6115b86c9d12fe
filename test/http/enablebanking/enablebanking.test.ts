/**
 * Enable Banking (see docs/api/enablebanking.md) through real HTTP against the loopback emulator, with the real OS
 * keychain.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendConsentReminders } from '../../../src/main/engine/connector-config/consent-reminder';
import { runDueSynchronizations } from '../../../src/main/engine/sync/scheduler';
import { accountsOf, api, getJson, newCaller, subscribe, totalTransactions, transactionsOf, waitSettled } from '../sync/sync-helpers';
import { APP_ID, configure, connect, consentAt, credentialsOf, OTHER_APP_ID, providerNamed, REDIRECT, startWorld, type EbWorld } from './eb-helpers';

let w: EbWorld;
const answers: string[] = [];

beforeAll(async () => {
  w = await startWorld();
});
afterAll(async () => {
  await w?.stop();
});

const DAY = 86_400;

async function syncNow(c: ReturnType<typeof newCaller>, id: string): Promise<any> {
  const res = await api(c, `/connections/${id}/synchronize`, { method: 'POST' });
  expect([200, 204]).toContain(res.status);
  const settled = await waitSettled(c, id);
  answers.push(JSON.stringify(settled));
  return settled;
}

describe('configuration', () => {
  it('refuses a malformed PEM, a key of another application and an unknown application, keeping nothing', async () => {
    const bad = await configure(w, 'not a key');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as any).error_description).toMatch(/PEM/);

    const cut = await configure(w, w.key.privatePem.slice(0, 300) + '\n-----END PRIVATE KEY-----');
    expect(cut.status).toBe(400);
    expect(((await cut.json()) as any).error_description).toMatch(/PEM/);

    const other = await configure(w, w.otherKey.privatePem, APP_ID);
    expect(other.status).toBe(400);
    const body = (await other.json()) as any;
    expect(body.error).toBe('invalid_request');
    expect(body.error_description).toMatch(/refused the key for application/);

    const none = await w.engine.http('/v2/admin/connectors/enablebanking', { token: w.admin });
    expect(none.status).toBe(404);
    const providers = await getJson<any[]>(newCaller(w.engine), '/providers?q=Mock&pagination=false');
    expect(providers).toEqual([]);
  });

  it('needs the admin scope', async () => {
    const c = newCaller(w.engine);
    const res = await w.engine.http('/v2/admin/connectors/enablebanking', { token: c.token });
    expect(res.status).toBe(403);
  });

  it('keeps a good key (checked with GET /application) and shows the application, never the key', async () => {
    const res = await configure(w);
    const text = await res.text();
    expect(res.status, text).toBe(200);
    expect(text).not.toContain('PRIVATE KEY');
    expect(JSON.parse(text)).toEqual({
      application_id: APP_ID,
      name: 'My Coffer',
      environment: 'PRODUCTION',
      active: true,
      redirect_urls: [REDIRECT],
      countries: ['FR', 'DE', 'FI'],
    });
    const got = await w.engine.http('/v2/admin/connectors/enablebanking', { token: w.admin });
    expect(await got.json()).toEqual(JSON.parse(text));
    expect(w.emu.requests(/^\/application$/).length).toBeGreaterThan(0);
  });
});

describe('catalogue', () => {
  it('lists the redirect banks of the countries, searchable by name and country, with stable ids', async () => {
    const c = newCaller(w.engine);
    const all = await getJson<any[]>(c, '/providers?q=Mock&pagination=false');
    expect(all.map((p) => `${p.name}/${p.country_code}`).sort()).toEqual([
      'Mock Banque FR/FRA',
      'Mock NullRef Bank/DEU',
      'Mock Redirect Bank/FIN',
    ]);
    const fr = all.find((p) => p.name === 'Mock Banque FR');
    expect(fr.type).toBe('BANKING');
    expect(fr.id).toMatch(/^97\d{4}$/);
    expect(fr.logo_url).toContain(`/logos/${fr.id}.svg`);
    expect((await w.engine.http(new URL(fr.logo_url).pathname)).status).toBe(200);
    expect(fr.channel_definitions).toHaveLength(1);
    expect(fr.channel_definitions[0].id).toBe(`${fr.id}01`);
    expect(fr.channel_definitions[0].mode).toBe('REDIRECT');
    expect(fr.channel_definitions[0].credentials.map((x: any) => x.type)).toEqual(['AUTHORIZATION_CODE', 'STATE']);

    const deu = await getJson<any[]>(c, '/providers?country_code=DEU&pagination=false');
    expect(deu.map((p) => p.name)).toContain('Mock NullRef Bank');
    expect(deu.map((p) => p.name)).not.toContain('Mock Banque FR');

    // The configuration changes: refreshed, same ids.
    expect((await configure(w)).status).toBe(200);
    const again = await getJson<any[]>(c, '/providers?q=Mock&pagination=false');
    expect(Object.fromEntries(again.map((p) => [p.name, p.id]))).toEqual(Object.fromEntries(all.map((p) => [p.name, p.id])));
  });
});

describe('consent and first synchronization', () => {
  it('refuses a redirect URL the application does not list, naming those it does', async () => {
    const c = newCaller(w.engine);
    const p = await providerNamed(c, 'Mock Redirect Bank');
    const res = await api(c, `/providers/${p.id}/channel_definitions/${p.id}01/authorize_url`, {
      method: 'POST',
      json: { redirect_uri: 'https://elsewhere.invalid/cb', state: 's' },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error_description).toContain(REDIRECT);
  });

  it("asks Enable Banking for the bank's pages in the language of the screen that asked (none named: none asked)", async () => {
    const c = newCaller(w.engine);
    const p = await providerNamed(c, 'Mock Redirect Bank');
    const ask = (headers: Record<string, string>) =>
      api(c, `/providers/${p.id}/channel_definitions/${p.id}01/authorize_url`, {
        method: 'POST',
        headers,
        json: { redirect_uri: REDIRECT, state: 'lang' },
      });
    const before = w.emu.authLanguages().length;
    expect((await ask({ 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5' })).status).toBe(200);
    expect((await ask({ 'accept-language': 'en-GB' })).status).toBe(200);
    expect((await ask({ 'accept-language': 'de-DE' })).status).toBe(200);
    expect((await ask({})).status).toBe(200);
    expect(w.emu.authLanguages().slice(before)).toEqual(['fr', 'en', undefined, undefined]);
  });

  it('connects, reads balances and 730 days of transactions page by page, signed, keyed by entry_reference', async () => {
    const c = newCaller(w.engine);
    const before = Math.floor(Date.now() / 1000);
    const id = await connect(w, c, 'Mock Redirect Bank');
    const connection = await waitSettled(c, id);
    expect(connection.status, JSON.stringify(connection)).toBe('SUCCESS');
    const accounts = await accountsOf(c, id);
    expect(accounts.map((a) => a.type).sort()).toEqual(['CHECKINGS', 'CREDIT_CARD']);
    const checking = accounts.find((a) => a.type === 'CHECKINGS');
    expect(checking.balance).toBe(1523.4);
    expect(await totalTransactions(c, checking.id)).toBe(60);
    const rows = await transactionsOf(c, checking.id);
    const emuRows = w.emu.accountsOf('Mock Redirect Bank')[0].rows;
    const salary = emuRows.find((r) => r.indicator === 'CRDT')!;
    const debit = emuRows.find((r) => r.indicator === 'DBIT')!;
    expect(rows.some((t) => t.amount === Number(salary.amount) && t.label === 'ACME SAS')).toBe(true);
    expect(rows.some((t) => t.amount === -Number(debit.amount) && t.label === debit.counterpart)).toBe(true);

    const txCalls = w.emu.requests(/\/transactions$/).filter((r) => !r.query.continuation_key);
    const first = txCalls[txCalls.length - 1];
    expect(first.query.strategy).toBe('longest');
    // The first synchronization asks for the 730 days before its own clock, as a UTC day: the day of
    // (now - 730 days) for a now between `before` and the end of the synchronization. (Rounding the days
    // between `before` and that midnight gave 731 whenever the test ran after noon UTC.)
    const dayOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
    const after = Math.floor(Date.now() / 1000);
    expect([dayOf(before - 730 * DAY), dayOf(after - 730 * DAY)]).toContain(first.query.date_from);
    expect(w.emu.requests(/\/transactions$/).some((r) => r.query.continuation_key)).toBe(true);

    // The consent ends when the bank's maximum (90 days here) minus an hour says.
    const expires = w.engine.ctx.db.prepare('SELECT expires FROM channels WHERE connection_id = ?').pluck().get(Number(id)) as number;
    expect(Math.abs(expires - (before + 90 * DAY - 3600))).toBeLessThan(120);

    // A later synchronization reads from 14 days before the last one and adds nothing twice.
    const again = await syncNow(c, id);
    expect(again.status).toBe('SUCCESS');
    expect(await totalTransactions(c, checking.id)).toBe(60);
    const later = w.emu.requests(/\/transactions$/).filter((r) => !r.query.continuation_key).pop()!;
    expect(later.query.strategy).toBeUndefined();
    expect(Math.round((before - Date.parse(`${later.query.date_from}T00:00:00Z`) / 1000) / DAY)).toBeLessThanOrEqual(15);
  });

  it('a reused code, a consent that links no account, an unknown code: the channel fails saying why', async () => {
    const c = newCaller(w.engine);
    const p = await providerNamed(c, 'Mock Redirect Bank');
    const back = await consentAt(w, c, p.id);
    const post = (credentials: unknown) =>
      api(c, '/connections', { method: 'POST', json: { provider_id: p.id, channel_definition_id: `${p.id}01`, credentials } });
    const first = await post(credentialsOf(back));
    expect((await waitSettled(c, first.headers.get('location')!.split('/').pop()!)).status).toBe('SUCCESS');
    const reused = await post(credentialsOf(back));
    const reusedId = reused.headers.get('location')!.split('/').pop()!;
    const settled = await waitSettled(c, reusedId);
    expect(settled.status).toBe('AUTH_FAILED');
    const lastError = (connectionId: string) =>
      w.engine.ctx.db.prepare('SELECT last_error FROM channels WHERE connection_id = ?').pluck().get(Number(connectionId)) as string;
    expect(lastError(reusedId)).toMatch(/already used/);
    expect(await accountsOf(c, reusedId)).toEqual([]);

    const none = await consentAt(w, c, p.id, 'no_accounts');
    const noneRes = await post(credentialsOf(none));
    const noneId = noneRes.headers.get('location')!.split('/').pop()!;
    expect((await waitSettled(c, noneId)).status).toBe('AUTH_FAILED');
    expect(lastError(noneId)).toMatch(/linked no account/);

    const unknown = await post([{ id: 'AUTHORIZATION_CODE', value: 'b3f0c1d2-0000-4000-8000-000000000000' }, { id: 'STATE', value: 'x' }]);
    const unknownId = unknown.headers.get('location')!.split('/').pop()!;
    expect((await waitSettled(c, unknownId)).status).toBe('AUTH_FAILED');
    expect(lastError(unknownId)).toMatch(/does not know this authorization code/);

    const denied = await consentAt(w, c, p.id, 'deny');
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('code')).toBeNull();
  });

  it('rows without entry_reference get derived keys: no duplicate on the next read', async () => {
    const c = newCaller(w.engine);
    const id = await connect(w, c, 'Mock NullRef Bank');
    expect((await waitSettled(c, id)).status).toBe('SUCCESS');
    const [acc] = await accountsOf(c, id);
    const n = await totalTransactions(c, acc.id);
    expect(n).toBe(60);
    await syncNow(c, id);
    expect(await totalTransactions(c, acc.id)).toBe(60);
  });

  it('falls back to 89 days when the bank refuses the period', async () => {
    const c = newCaller(w.engine);
    w.emu.refuseOlderThanDays = 89;
    try {
      const id = await connect(w, c, 'Mock Redirect Bank');
      const settled = await waitSettled(c, id);
      expect(settled.status).toBe('SUCCESS');
      const acc = (await accountsOf(c, id)).find((a) => a.type === 'CHECKINGS');
      expect(await totalTransactions(c, acc.id)).toBe(45);
    } finally {
      w.emu.refuseOlderThanDays = null;
    }
  });
});

describe('failures keep the data', () => {
  const cases: Array<[string, () => void, string]> = [
    ['429 ASPSP_RATE_LIMIT_EXCEEDED', () => w.emu.failNext({ path: /balances/, status: 429, error: 'ASPSP_RATE_LIMIT_EXCEEDED' }), 'SERVICE_UNAVAILABLE'],
    ['408 ASPSP_TIMEOUT', () => w.emu.failNext({ path: /transactions/, status: 408, error: 'ASPSP_TIMEOUT' }), 'SERVICE_UNAVAILABLE'],
    ['500 ASPSP_ERROR', () => w.emu.failNext({ path: /balances/, status: 500, error: 'ASPSP_ERROR' }), 'SERVICE_UNAVAILABLE'],
    ['HTML 502', () => w.emu.failNext({ path: /balances/, status: 502, html: true }), 'SERVICE_UNAVAILABLE'],
    ['ASPSP_PSU_ACTION_REQUIRED', () => w.emu.failNext({ path: /balances/, status: 422, error: 'ASPSP_PSU_ACTION_REQUIRED' }), 'USER_ACTION_REQUIRED'],
    ['401 UNAUTHORIZED_ACCESS', () => w.emu.failNext({ path: /balances/, status: 401, error: 'UNAUTHORIZED_ACCESS' }), 'AUTH_FAILED'],
  ];
  it.each(cases)('%s', async (_name, arm, status) => {
    const c = newCaller(w.engine);
    const id = await connect(w, c, 'Mock Redirect Bank');
    expect((await waitSettled(c, id)).status).toBe('SUCCESS');
    const acc = (await accountsOf(c, id)).find((a) => a.type === 'CHECKINGS');
    arm();
    expect((await syncNow(c, id)).status).toBe(status);
    expect(await totalTransactions(c, acc.id)).toBe(60);
    expect((await syncNow(c, id)).status).toBe('SUCCESS');
  });

  it('an answer of 450 MB is given up past 64 MB: SERVICE_UNAVAILABLE in words, the data kept', async () => {
    const c = newCaller(w.engine);
    const id = await connect(w, c, 'Mock Redirect Bank');
    expect((await waitSettled(c, id)).status).toBe('SUCCESS');
    const acc = (await accountsOf(c, id)).find((a) => a.type === 'CHECKINGS');
    w.emu.failNext({ path: /transactions/, status: 200, hugeBytes: 450 * 1024 * 1024 });
    expect((await syncNow(c, id)).status).toBe('SERVICE_UNAVAILABLE');
    const channel = w.engine.ctx.db.prepare('SELECT last_error FROM channels WHERE connection_id = ?').get(Number(id)) as { last_error: string };
    expect(channel.last_error).toMatch(/larger than 64 MB.*imported nothing/);
    expect(await totalTransactions(c, acc.id)).toBe(60);
    expect((await syncNow(c, id)).status).toBe('SUCCESS');
  });

  it('an account that disappears: NOT_FOUND, the channel PARTIAL_SUCCESS', async () => {
    const c = newCaller(w.engine);
    const id = await connect(w, c, 'Mock Redirect Bank');
    expect((await waitSettled(c, id)).status).toBe('SUCCESS');
    const card = w.emu.accountsOf('Mock Redirect Bank')[1];
    w.emu.gone.add(card.hash);
    try {
      expect((await syncNow(c, id)).status).toBe('PARTIAL_SUCCESS');
      const accounts = await accountsOf(c, id);
      expect(accounts.find((a) => a.type === 'CREDIT_CARD').status).toBe('NOT_FOUND');
      expect(accounts.find((a) => a.type === 'CHECKINGS').status).toBe('ACTIVE');
    } finally {
      w.emu.gone.delete(card.hash);
    }
  });

  it('expiry then re-consent with a new code: new session, accounts matched back, nothing duplicated', async () => {
    const c = newCaller(w.engine);
    const earlier = new Set(w.emu.sessionIds());
    const id = await connect(w, c, 'Mock Banque FR');
    expect((await waitSettled(c, id)).status).toBe('SUCCESS');
    const firstSession = w.emu.sessionIds().filter((s) => !earlier.has(s));
    expect(firstSession).toHaveLength(1);
    const before = await accountsOf(c, id);
    const counts = await Promise.all(before.map((a) => totalTransactions(c, a.id)));
    w.emu.expireSessions();
    const expired = await syncNow(c, id);
    expect(expired.status).toBe('TOKEN_EXPIRED');
    expect(await Promise.all(before.map((a) => totalTransactions(c, a.id)))).toEqual(counts);

    const p = await providerNamed(c, 'Mock Banque FR');
    const back = await consentAt(w, c, p.id);
    const oldSessions = new Set(w.emu.sessionIds());
    const put = await api(c, `/connections/${id}/credentials`, {
      method: 'PUT',
      json: { channel_definition_id: `${p.id}01`, credentials: credentialsOf(back) },
    });
    expect([200, 201, 204]).toContain(put.status);
    expect((await waitSettled(c, id)).status).toBe('SUCCESS');
    const after = await accountsOf(c, id);
    expect(after.map((a) => a.id).sort()).toEqual(before.map((a) => a.id).sort());
    expect(await Promise.all(before.map((a) => totalTransactions(c, a.id)))).toEqual(counts);
    // The replaced session was closed at Enable Banking (DELETE /sessions/{old}), the new one stays open.
    const deleted = w.emu.requests(/^\/sessions\//).filter((r) => r.method === 'DELETE').map((r) => decodeURIComponent(r.path.split('/').pop()!));
    const newSessions = w.emu.sessionIds().filter((s) => !oldSessions.has(s));
    expect(newSessions).toHaveLength(1);
    expect(deleted).toContain(firstSession[0]);
    expect(deleted).not.toContain(newSessions[0]);
  });

  it('a revoked session → TOKEN_EXPIRED', async () => {
    const c = newCaller(w.engine);
    const id = await connect(w, c, 'Mock Redirect Bank');
    expect((await waitSettled(c, id)).status).toBe('SUCCESS');
    w.emu.revokeSessions();
    expect((await syncNow(c, id)).status).toBe('TOKEN_EXPIRED');
  });
});

describe('pending rows, PSD2 budget, PSU headers, deletion, reminders', () => {
  it('a pending row settled under a new reference and amount is updated in place', async () => {
    const c = newCaller(w.engine);
    const account = w.emu.accountsOf('Mock Redirect Bank')[0];
    const today = new Date().toISOString().slice(0, 10);
    account.rows.unshift({ entry_reference: null, amount: '12.00', indicator: 'DBIT', status: 'PDNG', date: today, counterpart: 'RATP', remittance: 'CB RATP' });
    try {
      const id = await connect(w, c, 'Mock Redirect Bank');
      expect((await waitSettled(c, id)).status).toBe('SUCCESS');
      const acc = (await accountsOf(c, id)).find((a) => a.type === 'CHECKINGS');
      const pending = (await transactionsOf(c, acc.id)).filter((t) => t.status === 'PENDING');
      expect(pending).toHaveLength(1);
      account.rows[0] = { entry_reference: 'SETTLED-1', amount: '12.50', indicator: 'DBIT', status: 'BOOK', date: today, counterpart: 'RATP', remittance: 'CB RATP 2' };
      await syncNow(c, id);
      const rows = await transactionsOf(c, acc.id);
      const same = rows.find((t) => t.id === pending[0].id);
      expect(same.status).toBe('BOOKED');
      expect(same.amount).toBe(-12.5);
      expect(rows).toHaveLength(61);
      await syncNow(c, id);
      expect(await transactionsOf(c, acc.id)).toHaveLength(61);
    } finally {
      account.rows.shift();
    }
  });

  it('RJCT and CNCL rows are kept as REJECTED and CANCELLED; a pending row rejected under its reference ends in place', async () => {
    const c = newCaller(w.engine);
    const account = w.emu.accountsOf('Mock Redirect Bank')[0];
    const today = new Date().toISOString().slice(0, 10);
    const row = { entry_reference: 'CARD-77', amount: '40.00', indicator: 'DBIT', status: 'PDNG', date: today, counterpart: 'HOTEL', remittance: 'CB HOTEL' } as const;
    account.rows.unshift({ ...row }, { ...row, entry_reference: 'VOID-1', amount: '9.90', status: 'CNCL', counterpart: 'SHOP' });
    try {
      const id = await connect(w, c, 'Mock Redirect Bank');
      expect((await waitSettled(c, id)).status).toBe('SUCCESS');
      const acc = (await accountsOf(c, id)).find((a) => a.type === 'CHECKINGS');
      const first = await transactionsOf(c, acc.id);
      const pending = first.filter((t) => t.status === 'PENDING');
      expect(pending).toHaveLength(1);
      expect(first.filter((t) => t.status === 'CANCELLED').map((t) => t.amount)).toEqual([-9.9]);
      account.rows[0] = { ...row, status: 'RJCT' };
      await syncNow(c, id);
      const rows = await transactionsOf(c, acc.id);
      expect(rows.find((t) => t.id === pending[0].id).status).toBe('REJECTED');
      expect(rows).toHaveLength(first.length);
      // Neither counts in the balance history (booked rows only).
      expect(rows.filter((t) => t.status === 'BOOKED')).toHaveLength(60);
    } finally {
      account.rows.splice(0, 2);
    }
  });

  it('automatic runs: at most 4 reads per account and endpoint a day, then none; person-started runs send PSU headers', async () => {
    const c = newCaller(w.engine);
    const id = await connect(w, c, 'Mock Banque FR');
    expect((await waitSettled(c, id)).status).toBe('SUCCESS');
    const fr = w.emu.accountsOf('Mock Banque FR')[0];
    const psu = w.emu.requests(/\/balances$/).pop()!;
    expect(psu.headers['psu-ip-address']).toBeTruthy();
    expect(psu.headers['psu-user-agent']).toMatch(/Coffer/);

    const db = w.engine.ctx.db;
    const due = () => {
      db.prepare('UPDATE connections SET next_sync_date = 1, auto_sync = 1 WHERE id <> ?').run(Number(id));
      db.prepare("UPDATE connections SET next_sync_date = 1, auto_sync = 1 WHERE id = ?").run(Number(id));
      db.prepare('UPDATE connections SET auto_sync = 0 WHERE id <> ?').run(Number(id));
      return runDueSynchronizations(w.engine.ctx, w.engine.ctx.services.sync);
    };
    for (let i = 0; i < 4; i++) {
      expect(due()).toContain(Number(id));
      expect((await waitSettled(c, id)).status).toBe('SUCCESS');
      const last = w.emu.requests(/\/balances$/).pop()!;
      expect(last.headers['psu-ip-address']).toBeUndefined();
    }
    const calls = w.emu.requests(/\/accounts\//).length;
    expect(due()).toContain(Number(id));
    const fifth = await waitSettled(c, id);
    expect(fifth.status).toBe('SERVICE_UNAVAILABLE');
    expect(w.emu.requests(/\/accounts\//).length).toBe(calls);
    // The person can still synchronize.
    expect((await syncNow(c, id)).status).toBe('SUCCESS');
    expect(fr.rows.length).toBe(60);
  });

  it('CONSENT_REQUIRED seven days before the consent ends', async () => {
    const c = newCaller(w.engine);
    const events = await subscribe(c);
    const id = await connect(w, c, 'Mock Redirect Bank');
    expect((await waitSettled(c, id)).status).toBe('SUCCESS');
    const expires = w.engine.ctx.db.prepare('SELECT expires FROM channels WHERE connection_id = ?').pluck().get(Number(id)) as number;
    const realNow = w.engine.ctx.now;
    const at = (t: number) => {
      w.engine.ctx.now = () => t;
      try {
        const ctx = w.engine.ctx;
        return sendConsentReminders({ store: ctx.store, eventWriter: ctx.eventWriter, log: ctx.log, now: () => ctx.now(), isOpen: () => true });
      } finally {
        w.engine.ctx.now = realNow;
      }
    };
    at(expires - 8 * DAY);
    expect((await events()).filter((e) => e.event_type === 'CONSENT_REQUIRED')).toHaveLength(0);
    at(expires - 7 * DAY + 60);
    at(expires - 7 * DAY + 120);
    const reminders = (await events()).filter((e) => e.event_type === 'CONSENT_REQUIRED' && e.resource.id === id);
    expect(reminders).toHaveLength(1);
    expect(reminders[0].consent_expires).toBe(expires);
  });

  it('deleting the connection closes the session at Enable Banking', async () => {
    const c = newCaller(w.engine);
    const id = await connect(w, c, 'Mock Redirect Bank');
    expect((await waitSettled(c, id)).status).toBe('SUCCESS');
    const before = w.emu.requests(/^\/sessions\//).filter((r) => r.method === 'DELETE').length;
    const res = await api(c, `/connections/${id}`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(w.emu.requests(/^\/sessions\//).filter((r) => r.method === 'DELETE').length).toBe(before + 1);
    expect([...w.emu.sessions.values()].filter((s) => s.status === 'CLOSED').length).toBeGreaterThan(0);
  });

  it('deleting the profile closes the sessions of its connections at Enable Banking', async () => {
    const c = newCaller(w.engine);
    const ids = [await connect(w, c, 'Mock Redirect Bank'), await connect(w, c, 'Mock Redirect Bank')];
    for (const id of ids) expect((await waitSettled(c, id)).status).toBe('SUCCESS');
    const closed = () => w.emu.requests(/^\/sessions\//).filter((r) => r.method === 'DELETE').length;
    const before = closed();
    const token = w.engine.userToken(c.userId, ['profile_edit']);
    const res = await w.engine.http('/v2/users/me', { method: 'DELETE', token });
    expect(res.status).toBe(204);
    expect(closed()).toBe(before + 2);
  });
});

describe('secrets', () => {
  it('the private key and the session ids never reach the database file, the logs, events or API answers', async () => {
    const c = newCaller(w.engine);
    const id = await connect(w, c, 'Mock Redirect Bank');
    answers.push(JSON.stringify(await waitSettled(c, id)));
    answers.push(JSON.stringify(await accountsOf(c, id)));
    answers.push(await (await w.engine.http('/v2/admin/connectors/enablebanking', { token: w.admin })).text());
    w.engine.ctx.db.pragma('wal_checkpoint(TRUNCATE)');
    const files = [join(w.engine.dataDir, 'coffer.db'), ...readdirSync(join(w.engine.dataDir, 'logs')).map((f) => join(w.engine.dataDir, 'logs', f))];
    const haystacks = [...files.map((f) => readFileSync(f).toString('latin1')), ...answers];
    const events = w.engine.ctx.db.prepare('SELECT payload FROM events').pluck().all().join('\n');
    haystacks.push(events);
    const keyBody = w.key.privatePem.split('\n')[5];
    const sessions = w.emu.sessionIds();
    expect(sessions.length).toBeGreaterThan(3);
    for (const text of haystacks) {
      expect(text.includes(keyBody)).toBe(false);
      expect(text.includes('PRIVATE KEY')).toBe(false);
      for (const s of sessions) expect(text.includes(s), `session id in ${text.slice(0, 80)}`).toBe(false);
    }
    expect(OTHER_APP_ID).not.toBe(APP_ID);
  });

  it('DELETE forgets the application and its banks', async () => {
    const res = await w.engine.http('/v2/admin/connectors/enablebanking', { method: 'DELETE', token: w.admin });
    expect(res.status).toBe(204);
    expect((await w.engine.http('/v2/admin/connectors/enablebanking', { token: w.admin })).status).toBe(404);
    const left = await getJson<any[]>(newCaller(w.engine), '/providers?q=Mock&pagination=false');
    // Banks with connections stay (unavailable); the others leave the catalogue.
    expect(left.map((p) => p.name)).not.toContain('Mock NullRef Bank__');
    for (const p of left) expect(p.channel_definitions.every((d: any) => d.unavailable)).toBe(true);
  });
});
