import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { ALL_SCOPES, api, connectEmbedded, getJson, until, waitSettled, type Caller } from '../sync/sync-helpers';

/**
 * GET /forecast over real HTTP and SQLite, after a synchronization with the Test Bank: a recurring payment
 * the person confirms shows on its next date in its account's forecast; every bad `days` is refused.
 */
let engine: TestEngine;
let c: Caller;

const SCOPES = [...ALL_SCOPES, 'transactions_manage'] as const;
const newCaller = (e: TestEngine): Caller => {
  const userId = e.createUser();
  return { engine: e, userId, token: e.userToken(userId, SCOPES) };
};
const isoDay = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

beforeAll(async () => {
  engine = await startTestEngine();
  c = newCaller(engine);
  const connection = await connectEmbedded(c, 'user_ok');
  expect((await waitSettled(c, connection)).status).toBe('SUCCESS');
});
afterAll(async () => engine?.stop());

describe('GET /forecast', () => {
  it('shows a confirmed recurring payment on its next date, on its account', async () => {
    const before = await getJson<any>(c, '/forecast');
    expect(before.days).toBe(90);
    const found = await until('recurring payments proposed', async () => {
      const rows = await getJson<any[]>(c, '/recurring_payments');
      return rows.length ? rows : undefined;
    });
    const today = isoDay(engine.ctx.now());
    const payment = found.find((r) => isoDay(r.next_date) > today && r.state === 'ACTIVE');
    expect(payment, JSON.stringify(found)).toBeDefined();
    // Nothing is confirmed yet: the account's balance stays flat.
    const flat = before.accounts.find((a: any) => a.id === payment.account_id);
    expect(flat.points).toHaveLength(90);
    expect(new Set(flat.points.map((p: any) => p.balance))).toEqual(new Set([flat.balance]));

    expect((await api(c, `/recurring_payments/${payment.id}`, { method: 'PUT', json: { status: 'CONFIRMED' } })).status).toBe(204);
    const after = await getJson<any>(c, '/forecast?days=90');
    const account = after.accounts.find((a: any) => a.id === payment.account_id);
    const next = isoDay(payment.next_date);
    const at = account.points.findIndex((p: any) => p.date === next);
    expect(at).toBeGreaterThanOrEqual(0);
    const dayBefore = at === 0 ? account.balance : account.points[at - 1].balance;
    expect(account.points[at].balance - dayBefore).toBeCloseTo(payment.amount, 2);
    // Nothing moves before its next date.
    expect(account.points.slice(0, at).every((p: any) => p.balance === account.balance)).toBe(true);
  });

  it('gives one point per day for the days asked', async () => {
    const short = await getJson<any>(c, '/forecast?days=7');
    expect(short.days).toBe(7);
    expect(short.accounts.length).toBeGreaterThan(0);
    for (const a of short.accounts) expect(a.points).toHaveLength(7);
  });

  it.each(['0', '367', '1.5', 'abc', '-3', ''])('refuses days=%s with the error body', async (days) => {
    const res = await api(c, `/forecast?days=${days}`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as any;
    expect(body.error).toBe('invalid_request');
    expect(body.error_description).toMatch(/days/);
  });

  it('shows another person nothing of these accounts, and needs a reading scope', async () => {
    const other = newCaller(engine);
    expect(await getJson<any>(other, '/forecast')).toEqual({ days: 90, accounts: [] });
    const noScope = engine.userToken(c.userId, ['profile']);
    expect((await engine.http('/v2/forecast', { token: noScope })).status).toBe(403);
    const readOnly = engine.userToken(c.userId, ['accounts_read']);
    expect((await engine.http('/v2/forecast', { token: readOnly })).status).toBe(200);
  });
});
