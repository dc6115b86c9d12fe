import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { accountsOf, api, connectEmbedded, getJson, transactionsOf, waitSettled, type Caller } from '../sync/sync-helpers';

/**
 * Budgets through real HTTP on the Test Bank's user_ok history (several months of a household): a month's
 * spending and income are checked against the transactions listed by GET /transactions (booked rows of that
 * month, by category type), the envelope arithmetic month to month, and every bad input.
 */
const SCOPES = ['accounts_read', 'transactions_read', 'transactions_manage', 'connections_manage', 'connections_sync', 'profile'] as const;

const monthOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 7);
const shift = (month: string, by: number) => {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y!, m! - 1 + by, 1));
  return d.toISOString().slice(0, 7);
};
const cents = (n: number) => Math.round(n * 100);

describe('budgets', () => {
  let engine: TestEngine;
  let c: Caller;
  let other: Caller;
  let booked: any[];
  let types: Map<string, string>;
  let thisMonth: string;

  beforeAll(async () => {
    engine = await startTestEngine();
    const userId = engine.createUser();
    c = { engine, userId, token: engine.userToken(userId, SCOPES) };
    const otherId = engine.createUser();
    other = { engine, userId: otherId, token: engine.userToken(otherId, SCOPES) };
    const connection = await connectEmbedded(c, 'user_ok');
    expect((await waitSettled(c, connection)).status).toBe('SUCCESS');
    booked = [];
    for (const a of await accountsOf(c, connection)) booked.push(...(await transactionsOf(c, a.id, 'BOOKED')));
    types = new Map((await getJson<any[]>(c, '/categories')).map((x) => [x.id, x.type]));
    thisMonth = monthOf(engine.ctx.now());
  });
  afterAll(async () => engine?.stop());

  const put = (path: string, json: unknown, who = c) => api(who, path, { method: 'PUT', json });
  /** Spending (positive) per category and income of a month, from the listed transactions. */
  const oracle = (month: string) => {
    const spent = new Map<string, number>();
    let income = 0;
    for (const t of booked) {
      // A transfer between the person's accounts counts nowhere; a split row counts as its parts.
      if (monthOf(t.date) !== month || t.transfer) continue;
      for (const part of t.splits ?? [t]) {
        const type = types.get(part.category_id);
        if (type === 'INCOME') income += cents(part.amount);
        else if (type === 'EXPENSE' || type === 'OTHER') spent.set(part.category_id, (spent.get(part.category_id) ?? 0) - cents(part.amount));
      }
    }
    return { spent, income };
  };

  it('answers 404 before a budget is started, and 409 to an amount set before', async () => {
    expect((await api(c, '/budget')).status).toBe(404);
    const res = await put(`/budget/months/${thisMonth}/categories/SUPERMARKET`, { amount: 10 });
    expect(res.status).toBe(409);
    expect(((await res.json()) as any).error_description).toMatch(/PUT \/budget/);
  });

  it('starts an envelope budget in the currency of the accounts', async () => {
    const res = await put('/budget', { style: 'ENVELOPE', start_month: shift(thisMonth, -3) });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ style: 'ENVELOPE', currency: 'EUR', start_month: shift(thisMonth, -3) });
  });

  it('a split row counts in its parts’ categories; a transfer between own accounts counts nowhere', async () => {
    const month = shift(thisMonth, -1);
    const row = booked.find((t) => monthOf(t.date) === month && t.amount <= -20 && !t.transfer && types.get(t.category_id) === 'EXPENSE');
    const half = Math.round(cents(row.amount) / 2);
    const res = await put(`/transactions/${row.id}/splits`, { splits: [{ amount: half / 100, category_id: 'GIFTS' }, { amount: (cents(row.amount) - half) / 100, category_id: 'PHARMACY' }] });
    expect(res.status, await res.clone().text()).toBe(204);
    row.splits = [{ amount: half / 100, category_id: 'GIFTS' }, { amount: (cents(row.amount) - half) / 100, category_id: 'PHARMACY' }];
    const view = await getJson(c, `/budget/months/${month}`);
    const gifts = view.groups.flatMap((g: any) => g.categories).find((l: any) => l.category_id === 'GIFTS');
    expect(cents(gifts.spent)).toBe(oracle(month).spent.get('GIFTS'));
    expect(cents(gifts.spent)).toBeGreaterThanOrEqual(-half);
    expect(booked.some((t) => t.transfer), 'user_ok has transfers between its accounts, linked after the synchronization').toBe(true);
  });

  it('a month’s spending and income are the booked transactions of that month (transfers left out)', async () => {
    for (const month of [shift(thisMonth, -2), shift(thisMonth, -1)]) {
      const view = await getJson(c, `/budget/months/${month}`);
      const { spent, income } = oracle(month);
      expect(cents(view.income)).toBe(income);
      const lines = view.groups.flatMap((g: any) => g.categories);
      for (const [id, value] of spent) expect(cents(lines.find((l: any) => l.category_id === id)?.spent ?? NaN), `${month} ${id}`).toBe(value);
      const total = [...spent.values()].reduce((a, b) => a + b, 0);
      expect(cents(view.spent)).toBe(total);
      expect(total).toBeGreaterThan(0);
      for (const g of view.groups) expect(cents(g.spent)).toBe(g.categories.reduce((a: number, l: any) => a + cents(l.spent), 0));
    }
  });

  it('assigned money carries over; overspending comes back out of next month’s money to assign', async () => {
    const m0 = shift(thisMonth, -2);
    const m1 = shift(thisMonth, -1);
    const { spent } = oracle(m0);
    const [[over, overSpent], [under, underSpent]] = [...spent].filter(([, v]) => v > 0).slice(0, 2);
    expect((await put(`/budget/months/${m0}/categories/${over}`, { amount: (overSpent - 100) / 100 })).status).toBe(204); // 1.00 short
    expect((await put(`/budget/months/${m0}/categories/${under}`, { amount: (underSpent + 2500) / 100 })).status).toBe(204); // 25.00 left
    const before = await getJson(c, `/budget/months/${m0}`);
    const after = await getJson(c, `/budget/months/${m1}`);
    const line = (view: any, id: string) => view.groups.flatMap((g: any) => g.categories).find((l: any) => l.category_id === id);
    expect(cents(line(before, over).available)).toBe(-100);
    expect(cents(line(before, under).available)).toBe(2500);
    expect(cents(line(after, under).carry_in)).toBe(2500);
    expect(cents(line(after, over).carry_in)).toBe(0);
    // Every category left below zero (this one 1.00 short, the others spent without money assigned) comes
    // back out of the money to assign; what is above zero stays in its category.
    const lines = (view: any) => view.groups.flatMap((g: any) => g.categories);
    const deficits = lines(before).reduce((sum: number, l: any) => sum + Math.min(0, cents(l.available)), 0);
    expect(deficits).toBeLessThanOrEqual(-100);
    expect(cents(after.from_last_month)).toBe(deficits);
    for (const l of lines(before)) expect(cents(line(after, l.category_id).carry_in), l.category_id).toBe(Math.max(0, cents(l.available)));
    // The money to assign, month to month: last month's + what came back + income − assigned.
    expect(cents(after.to_assign)).toBe(cents(before.to_assign) + cents(after.from_last_month) + cents(after.income) - cents(after.assigned));

    // A deficit that carries stays in its category instead.
    expect((await put(`/budget/categories/${over}`, { carry_deficit: true })).status).toBe(200);
    const carried = await getJson(c, `/budget/months/${m1}`);
    expect(cents(line(carried, over).carry_in)).toBe(-100);
    expect(cents(carried.from_last_month)).toBe(deficits + 100);
  });

  it('copies last month’s amounts onto the categories that have none', async () => {
    const m1 = shift(thisMonth, -1);
    const res = await api(c, `/budget/months/${m1}/copy_previous`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as any).copied).toBe(2);
    const again = await api(c, `/budget/months/${m1}/copy_previous`, { method: 'POST' });
    expect(((await again.json()) as any).copied).toBe(0);
    expect(cents((await getJson(c, `/budget/months/${m1}`)).assigned)).toBe(cents((await getJson(c, `/budget/months/${shift(m1, -1)}`)).assigned));
  });

  it('targets: a monthly amount, an amount by a month, the average of the last months', async () => {
    expect((await put('/budget/categories/GIFTS', { target: { kind: 'MONTHLY', amount: 50 } })).status).toBe(200);
    expect((await put(`/budget/months/${thisMonth}/categories/GIFTS`, { amount: 20 })).status).toBe(204);
    let view = await getJson(c, `/budget/months/${thisMonth}`);
    const gifts = view.groups.flatMap((g: any) => g.categories).find((l: any) => l.category_id === 'GIFTS');
    expect(gifts).toMatchObject({ target: { kind: 'MONTHLY', amount: 50 }, target_amount: 50, target_needed: 30 });

    const byDate = await put('/budget/categories/GIFTS', { target: { kind: 'BY_DATE', amount: 600, month: shift(thisMonth, 5) } });
    expect(await byDate.json()).toMatchObject({ category_id: 'GIFTS', target: { kind: 'BY_DATE', amount: 600, month: shift(thisMonth, 5) } });
    view = await getJson(c, `/budget/months/${thisMonth}`);
    expect(view.groups.flatMap((g: any) => g.categories).find((l: any) => l.category_id === 'GIFTS').target_amount).toBe(100);

    const { spent } = oracle(shift(thisMonth, -1));
    const [busy] = [...spent].filter(([, v]) => v > 0).map(([id]) => id);
    expect((await put(`/budget/categories/${busy}`, { target: { kind: 'AVERAGE', months: 3 } })).status).toBe(200);
    view = await getJson(c, `/budget/months/${thisMonth}`);
    const expected = Math.round([1, 2, 3].reduce((a, k) => a + Math.max(0, oracle(shift(thisMonth, -k)).spent.get(busy!) ?? 0), 0) / 3);
    expect(cents(view.groups.flatMap((g: any) => g.categories).find((l: any) => l.category_id === busy).target_amount)).toBe(expected);

    expect((await put('/budget/categories/GIFTS', { target: null })).status).toBe(200);
    expect((await getJson(c, '/budget/categories')).find((x: any) => x.category_id === 'GIFTS').target).toBeUndefined();
  });

  it('a tracking budget plans without carrying anything', async () => {
    expect((await put('/budget', { style: 'TRACKING' })).status).toBe(200);
    const view = await getJson(c, `/budget/months/${shift(thisMonth, -1)}`);
    for (const line of view.groups.flatMap((g: any) => g.categories)) expect(line.carry_in).toBe(0);
    const res = await put(`/budget/months/${thisMonth}/categories/GIFTS`, { amount: -5 });
    expect(res.status).toBe(400);
    expect((await put('/budget', { style: 'ENVELOPE' })).status).toBe(200);
  });

  it('every bad input gets the error body, nothing written', async () => {
    const bad: [string, string, unknown, number][] = [
      ['PUT', '/budget', { style: 'ZERO_BASED' }, 400],
      ['PUT', '/budget', { style: 'ENVELOPE', colour: 'red' }, 400],
      ['PUT', '/budget', { style: 'ENVELOPE', start_month: '1998-12' }, 400],
      ['PUT', `/budget/months/2026-13/categories/GIFTS`, { amount: 1 }, 400],
      ['PUT', `/budget/months/${thisMonth}/categories/GIFTS`, { amount: 1.234 }, 400],
      ['PUT', `/budget/months/${thisMonth}/categories/GIFTS`, { amount: '12' }, 400],
      ['PUT', `/budget/months/${thisMonth}/categories/GIFTS`, { amount: 1e13 }, 400],
      ['PUT', `/budget/months/${thisMonth}/categories/SALARY`, { amount: 1 }, 400],
      ['PUT', `/budget/months/${thisMonth}/categories/NO_SUCH`, { amount: 1 }, 404],
      ['PUT', '/budget/categories/GIFTS', { target: { kind: 'BY_DATE', amount: 10, month: shift(thisMonth, -1) } }, 400],
      ['PUT', '/budget/categories/GIFTS', { target: { kind: 'BY_DATE', amount: 10 } }, 400],
      ['PUT', '/budget/categories/GIFTS', { target: { kind: 'AVERAGE', months: 5 } }, 400],
      ['PUT', '/budget/categories/GIFTS', { target: { kind: 'MONTHLY', amount: 0 } }, 400],
      ['PUT', '/budget/categories/GIFTS', { target: { kind: 'MONTHLY', amount: 10, extra: 1 } }, 400],
      ['GET', '/budget/months/2026-1', undefined, 400],
    ];
    const settingsBefore = await getJson(c, '/budget/categories');
    for (const [method, path, json, status] of bad) {
      const res = await api(c, path, { method, ...(json === undefined ? {} : { json }) });
      expect(res.status, `${method} ${path} ${JSON.stringify(json)}: ${await res.clone().text()}`).toBe(status);
      const body = (await res.json()) as any;
      expect(typeof body.error).toBe('string');
      expect(typeof body.error_description).toBe('string');
    }
    expect(await getJson(c, '/budget/categories')).toEqual(settingsBefore);
  });

  it('another user has their own budget and sees nothing of this one', async () => {
    expect((await api(other, '/budget')).status).toBe(404);
    expect((await put('/budget', { style: 'TRACKING' }, other)).status).toBe(200);
    const view = await getJson(other, `/budget/months/${shift(thisMonth, -1)}`);
    expect(view.spent).toBe(0);
    expect(view.assigned).toBe(0);
    expect((await getJson(c, '/budget')).style).toBe('ENVELOPE');
  });

  it('a reader without transactions_manage cannot plan', async () => {
    const reader = { ...c, token: engine.userToken(c.userId, ['transactions_read']) };
    expect((await api(reader, `/budget/months/${thisMonth}`)).status).toBe(200);
    expect((await put(`/budget/months/${thisMonth}/categories/GIFTS`, { amount: 1 }, reader)).status).toBe(403);
  });
});
