import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { insertAccount, insertConnection, insertTransaction } from '../../helpers/fixtures';
import { buildHistory, TODAY } from '../../fixtures/recurring/histories';
import { startReceiver, waitFor } from '../events/events-helpers';
import { ALL_SCOPES, api, connectEmbedded, getJson, subscribe, until, waitSettled, type Caller } from '../sync/sync-helpers';

/**
 * Recurring payments over real HTTP and SQLite: detection of the two-year test history, the list, confirm /
 * correct / dismiss (a dismissed one is never proposed again), the events (new, price change, missed), every
 * bad input, and the detection a synchronization with the Test Bank runs when it ends.
 */
const DAY = 86_400;
let engine: TestEngine;
let c: Caller;
let other: Caller;
let readOnly: string;
let account: number;
let events: () => Promise<any[]>;

const SCOPES = [...ALL_SCOPES, 'transactions_manage'] as const;
const newCaller = (e: TestEngine): Caller => {
  const userId = e.createUser();
  return { engine: e, userId, token: e.userToken(userId, SCOPES) };
};
/** Moves the engine's clock; the caller gets a token valid at that time. */
const atTime = (seconds: number) => {
  engine.ctx.now = () => seconds;
  c.token = engine.userToken(c.userId, SCOPES);
};

beforeAll(async () => {
  engine = await startTestEngine();
  engine.ctx.now = () => TODAY;
  c = newCaller(engine);
  other = newCaller(engine);
  readOnly = engine.userToken(c.userId, ['transactions_read']);
  const db = engine.ctx.db;
  account = insertAccount(db, c.userId, insertConnection(db, c.userId), { type: 'CHECKINGS' });
  for (const t of buildHistory()) {
    insertTransaction(db, c.userId, account, {
      amount: t.amount,
      date: t.date,
      importDate: t.date,
      label: t.label,
      notes: t.notes,
      sourceLabel: t.counterparty ?? null,
      remittance: t.remittance ? [t.remittance] : null,
    });
  }
  events = await subscribe(c);
});
afterAll(async () => engine?.stop());

const list = (query = '') => getJson<any[]>(c, `/recurring_payments${query}`);
const byName = async (name: string, query = '') => (await list(query)).find((r) => r.detected_name === name);
const put = (id: string, json: unknown, caller = c) => api(caller, `/recurring_payments/${id}`, { method: 'PUT', json });
const detect = async () => {
  const res = await api(c, '/recurring_payments/detect', { method: 'POST' });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json() as Promise<{ found: number; proposed: number }>;
};
const recurringEvents = async (type: string) => (await events()).filter((e) => e.event_type === type);

describe('recurring payments of a two-year history', () => {
  it('proposes each series found, except the bill that already ended, without an event the first time', async () => {
    expect(await detect()).toEqual({ found: 7, proposed: 6 });
    const rows = await list();
    expect(rows.map((r) => r.detected_name)).toEqual(['MARIE DUPONT', 'SCI LES LILAS GESTION', 'Netflix', 'EDF', 'ACME SAS', 'MAIF']);
    expect(rows.every((r) => r.status === 'PROPOSED' && r.account_id === String(account))).toBe(true);
    const netflix = rows.find((r) => r.detected_name === 'Netflix');
    expect(netflix).toMatchObject({ period: 'MONTHLY', amount: -15.99, amount_min: -15.99, price_change: { from: -13.49, to: -15.99 }, state: 'ACTIVE' });
    expect(rows.find((r) => r.detected_name === 'MAIF')).toMatchObject({ period: 'YEARLY', amount: -441.9, amount_min: -441.9, amount_max: -412.3 });
    // The whole history is proposed at once: the app says how many wait, twenty notifications would not.
    expect(await recurringEvents('RECURRING_PAYMENT_NEW')).toEqual([]);
    expect(await recurringEvents('RECURRING_PAYMENT_PRICE_CHANGE')).toEqual([]);
  });

  it('confirms and corrects one: name, amount and period win; null gives the detected value back', async () => {
    const edf = await byName('EDF');
    expect((await put(edf.id, { status: 'CONFIRMED', name: '  Électricité  ', amount: -45.5, period: 'QUARTERLY' })).status).toBe(204);
    const edited = await getJson<any>(c, `/recurring_payments/${edf.id}`);
    expect(edited).toMatchObject({ status: 'CONFIRMED', name: 'Électricité', amount: -45.5, period: 'QUARTERLY', detected_period: 'MONTHLY' });
    expect(new Date(edited.next_date * 1000).toISOString().slice(0, 10)).toBe('2027-02-10');
    expect((await put(edf.id, { name: null, amount: null, period: null })).status).toBe(204);
    expect(await getJson<any>(c, `/recurring_payments/${edf.id}`)).toMatchObject({ name: 'EDF', amount: edf.typical_amount, period: 'MONTHLY', status: 'CONFIRMED' });
  });

  it('never proposes a dismissed one again', async () => {
    const cleaner = await byName('MARIE DUPONT');
    expect((await put(cleaner.id, { status: 'DISMISSED' })).status).toBe(204);
    expect(await byName('MARIE DUPONT')).toBeUndefined();
    expect(await detect()).toEqual({ found: 7, proposed: 0 });
    expect(await byName('MARIE DUPONT')).toBeUndefined();
    expect(await byName('MARIE DUPONT', '?status=DISMISSED')).toMatchObject({ status: 'DISMISSED' });
    expect(await recurringEvents('RECURRING_PAYMENT_NEW')).toEqual([]);
  });

  it('says when a new one appears, when the price changed and when an expected payment did not come', async () => {
    const salary = await byName('ACME SAS');
    expect((await put(salary.id, { status: 'CONFIRMED' })).status).toBe(204);
    // Three weeks later: the rent came at a new price, the salary of 25 December did not come.
    const db = engine.ctx.db;
    for (const d of [1, 2].map((i) => Date.UTC(2026, 11 + i - 1, 1) / 1000)) {
      insertTransaction(db, c.userId, account, { amount: -99000, date: d, importDate: d, label: 'Loyer', notes: 'VIR SEPA PERMANENT', remittance: ['FR76 3000 4000 0312 3456 7890 143'] });
    }
    // A new subscription since October.
    for (const m of [9, 10, 11]) {
      const d = Date.UTC(2026, m, 8) / 1000;
      insertTransaction(db, c.userId, account, { amount: -1099, date: d, importDate: d, label: 'Deezer', notes: 'CB DEEZER 08/11 PARIS X4521' });
    }
    atTime(Date.UTC(2027, 0, 6) / 1000);
    // The webhook receives the same events as the queue.
    const receiver = await startReceiver();
    const admin = engine.clientToken(['admin']);
    expect((await engine.http('/v2/admin/webhook', { method: 'PUT', token: admin, json: { url: receiver.url } })).status).toBe(200);
    expect(await detect()).toMatchObject({ proposed: 1 });
    const created = await recurringEvents('RECURRING_PAYMENT_NEW');
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ resource_type: 'CONNECTION', resource: { id: expect.any(String) }, recurring_payment: { name: 'Deezer', status: 'PROPOSED', amount: -10.99 } });
    const changed = await recurringEvents('RECURRING_PAYMENT_PRICE_CHANGE');
    expect(changed).toHaveLength(1);
    expect(changed[0].recurring_payment).toMatchObject({ price_change: { from: -950, to: -990 }, amount: -990 });
    const missed = await recurringEvents('RECURRING_PAYMENT_MISSED');
    expect(missed.map((e) => e.recurring_payment.detected_name).sort()).toEqual(['ACME SAS', 'EDF', 'Netflix']);
    expect(missed.find((e) => e.recurring_payment.detected_name === 'ACME SAS').recurring_payment.state).toBe('LATE');
    const posted = await waitFor(() => (receiver.requests.length >= 5 ? receiver.requests : undefined), 10_000, 'five webhook posts');
    expect(posted.map((r) => JSON.parse(r.body).event_type).sort()).toEqual([
      'RECURRING_PAYMENT_MISSED', 'RECURRING_PAYMENT_MISSED', 'RECURRING_PAYMENT_MISSED', 'RECURRING_PAYMENT_NEW', 'RECURRING_PAYMENT_PRICE_CHANGE',
    ]);
    expect(posted.every((r) => String(r.headers['x-coffer-signature']).startsWith('t='))).toBe(true);
    expect(JSON.parse(posted.find((r) => r.body.includes('PRICE_CHANGE'))!.body).recurring_payment).toMatchObject({ price_change: { to: -990 } });
    // Once per missed date.
    await detect();
    expect(await recurringEvents('RECURRING_PAYMENT_MISSED')).toHaveLength(3);
    await engine.http('/v2/admin/webhook', { method: 'DELETE', token: admin });
    await receiver.close();
    atTime(TODAY);
  });
});

describe('bad input', () => {
  let id: string;
  beforeAll(async () => (id = (await byName('MAIF')).id));

  it.each([
    [{}, 'at least one'],
    [{ status: 'MAYBE' }, 'status'],
    [{ period: 'DAILY' }, 'period'],
    [{ amount: 0 }, 'other than 0'],
    [{ amount: 441.9 }, 'negative'],
    [{ amount: -1.234 }, 'decimals'],
    [{ amount: '-12' }, 'amount'],
    [{ name: 5 }, 'name'],
    [{ name: 'x'.repeat(101) }, '100 characters'],
    [{ status: 'CONFIRMED', colour: 'red' }, 'additional properties'],
  ])('PUT %j answers 400 saying what is wrong', async (body, words) => {
    const res = await put(id, body);
    expect(res.status).toBe(400);
    const error = (await res.json()) as any;
    expect(error.error).toBe('invalid_request');
    expect(error.error_description).toContain(words);
  });

  it('answers 404 for another person\'s id or an id that is no id, 403 without the manage scope', async () => {
    expect((await put(id, { status: 'CONFIRMED' }, other)).status).toBe(404);
    expect((await api(other, `/recurring_payments/${id}`)).status).toBe(404);
    expect((await put('abc', { status: 'CONFIRMED' })).status).toBe(404);
    expect((await api(other, '/recurring_payments')).headers.get('x-total-count')).toBe('0');
    const res = await engine.http(`/v2/recurring_payments/${id}`, { method: 'PUT', token: readOnly, json: { status: 'CONFIRMED' } });
    expect(res.status).toBe(403);
    expect((await engine.http('/v2/recurring_payments', { token: readOnly })).status).toBe(200);
  });

  it('refuses an unknown status in the list filter', async () => {
    const res = await api(c, '/recurring_payments?status=CONFIRMED,NOPE');
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error_description).toContain('NOPE');
  });
});

describe('after a synchronization', () => {
  it('proposes the Test Bank history recurring payments, with their events', async () => {
    const sync = await startTestEngine();
    try {
      const caller = newCaller(sync);
      const read = await subscribe(caller);
      const connection = await connectEmbedded(caller, 'user_ok');
      expect((await waitSettled(caller, connection)).status).toBe('SUCCESS');
      const found = await until('recurring payments proposed', async () => {
        const rows = await getJson<any[]>(caller, '/recurring_payments');
        return rows.length ? rows : undefined;
      });
      expect(found.every((r) => r.status === 'PROPOSED' && r.next_date > sync.ctx.now() - 40 * DAY)).toBe(true);
      // The first synchronization's proposals come without events: the queue holds the run's own.
      expect((await read()).map((e) => e.event_type)).toEqual(['RUNNING', 'SUCCESS']);
    } finally {
      await sync.stop();
    }
  });
});
