import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { connectEmbedded, getJson, newCaller, transactionsOf, waitSettled, type Caller } from '../sync/sync-helpers';

/**
 * The reports of a Test Bank synchronization (user_ok) checked against the transactions the history lists:
 * each month's money in and out, and each category's spending, are the sums of the booked euro rows the
 * API lists, less the rows linked as transfers between the person's accounts.
 */
let engine: TestEngine;
let c: Caller;
const FROM = '2002-01-01';
const today = () => new Date().toISOString().slice(0, 10);
const cents = (n: number) => Math.round(n * 100);

beforeAll(async () => {
  engine = await startTestEngine();
  c = newCaller(engine);
  const connection = await connectEmbedded(c, 'user_ok');
  expect((await waitSettled(c, connection)).status).not.toBe('RUNNING');
});
afterAll(async () => engine?.stop());

/** The booked euro rows of every account within the period, transfers left out. */
async function listedRows(): Promise<any[]> {
  const accounts = await getJson<any[]>(c, '/accounts?limit=500');
  const transfers = await getJson<any[]>(c, '/transfers?limit=500');
  // The Test Bank's history holds transfers between its accounts, which the synchronization links.
  expect(transfers.length).toBeGreaterThan(0);
  const linked = new Set(transfers.flatMap((t) => [String(t.debit_transaction_id), String(t.credit_transaction_id)]));
  const start = Date.parse(`${FROM}T00:00:00Z`) / 1000;
  const end = Date.parse(`${today()}T00:00:00Z`) / 1000 + 86_400;
  const rows = (await Promise.all(accounts.map((a) => transactionsOf(c, a.id, 'BOOKED')))).flat();
  return rows.filter((t) => t.currency === 'EUR' && t.date >= start && t.date < end && !linked.has(String(t.id)));
}

describe('reports of a Test Bank synchronization', () => {
  it('cash_flow: each month is the sum of the listed rows of that month', async () => {
    const rows = await listedRows();
    expect(rows.length).toBeGreaterThan(10);
    const report = await getJson(c, `/reports/cash_flow?from=${FROM}&to=${today()}&currency=EUR`);
    const expected = new Map<string, { in: number; out: number }>();
    for (const t of rows) {
      const month = new Date(t.date * 1000).toISOString().slice(0, 7);
      const m = expected.get(month) ?? { in: 0, out: 0 };
      if (t.amount > 0) m.in += cents(t.amount);
      else m.out -= cents(t.amount);
      expected.set(month, m);
    }
    const nonEmpty = report.rows.filter((r: any) => r.in !== 0 || r.out !== 0);
    expect(nonEmpty.map((r: any) => [r.month, cents(r.in), cents(r.out)])).toEqual(
      [...expected].sort(([a], [b]) => a.localeCompare(b)).map(([month, m]) => [month, m.in, m.out]),
    );
  });

  it('spending_by_category: each category is the sum of its listed rows (income and transfer categories aside)', async () => {
    const rows = await listedRows();
    const categories = await getJson<any[]>(c, '/categories');
    const typeOf = new Map(categories.map((k) => [k.id, k.type]));
    const report = await getJson(c, `/reports/spending_by_category?from=${FROM}&to=${today()}&currency=EUR`);
    const expected = new Map<string, number>();
    for (const t of rows) {
      const type = typeOf.get(t.category_id) ?? 'OTHER';
      if (type === 'INCOME' || type === 'TRANSFER') continue;
      expected.set(t.category_id, (expected.get(t.category_id) ?? 0) - cents(t.amount));
    }
    const got = new Map(report.rows.map((r: any) => [r.category_id, cents(r.amount)]));
    expect(got).toEqual(new Map([...expected].filter(([, v]) => v !== 0)));
    expect(got.size).toBeGreaterThan(1);
  });
});
