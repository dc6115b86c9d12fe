import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { accountsOf, api, connectEmbedded, getJson, transactionsOf, waitSettled, type Caller } from './sync-helpers';

/**
 * The person's ledger follows synchronizations, with the Test Bank through real HTTP, on both results
 * writers: a run's standing transfers to savings and card settlements (both sides in the person's own
 * accounts) are linked as transfers in the same write as its rows (so as soon as the connection's status
 * says the run is over); a PENDING card payment split by the person keeps its parts when the next run books
 * it; an unlinked pair is not linked again by later runs.
 */
const MANAGE = ['accounts_read', 'transactions_read', 'transactions_manage', 'connections_manage', 'connections_sync'] as const;

describe.each([['main thread', 'inline'] as const, ['results writer thread', 'thread'] as const])('with the results written on the %s', (_, writer) => {
  let engine: TestEngine;
  let c: Caller;
  beforeAll(async () => {
    engine = await startTestEngine({ resultsWriter: writer });
    const userId = engine.createUser();
    c = { engine, userId, token: engine.userToken(userId, MANAGE) };
  });
  afterAll(async () => engine?.stop());

  it('links transfers after a run, keeps a pending split through booking, never relinks an unlinked pair', async () => {
    const connection = await connectEmbedded(c, 'user_ok');
    expect((await waitSettled(c, connection)).status).toBe('SUCCESS');
    const transfers = await getJson<any[]>(c, '/transfers?limit=500');
    expect(transfers.length).toBeGreaterThan(0);
    const accounts = await accountsOf(c, connection);
    const rows = new Map<string, any>();
    for (const a of accounts) for (const t of await transactionsOf(c, a.id)) rows.set(t.id, t);
    for (const link of transfers) {
      const debit = rows.get(link.debit_transaction_id);
      const credit = rows.get(link.credit_transaction_id);
      expect(link.confirmed).toBe(false);
      expect(debit.amount).toBe(-credit.amount);
      expect(debit.account_id).not.toBe(credit.account_id);
      expect(Math.abs(debit.date - credit.date)).toBeLessThanOrEqual(5 * 86_400);
      expect(debit.transfer).toEqual({ id: link.id, transaction_id: credit.id, confirmed: false });
    }
    expect(transfers.some((l) => rows.get(l.debit_transaction_id).type === 'INTERNAL_TRANSFER'), 'a standing transfer to savings').toBe(true);

    const card = accounts.find((a) => a.type === 'CREDIT_CARD');
    const pending = (await transactionsOf(c, card.id)).find((t) => t.status === 'PENDING');
    expect(pending, 'a pending card payment after the first run').toBeDefined();
    const cents = Math.round(pending.amount * 100);
    const first = Math.trunc(cents / 2);
    const parts = [
      { amount: first / 100, category_id: 'RESTAURANT', note: 'mine' },
      { amount: (cents - first) / 100, category_id: 'HEALTH' },
    ];
    expect((await api(c, `/transactions/${pending.id}/splits`, { method: 'PUT', json: { splits: parts } })).status).toBe(204);

    // The latest link: its rows are among those the next run looks at again (5 days before its new rows).
    const unlinked = transfers.reduce((a, b) => (rows.get(b.debit_transaction_id).date > rows.get(a.debit_transaction_id).date ? b : a));
    expect((await api(c, `/transfers/${unlinked.id}`, { method: 'DELETE' })).status).toBe(204);

    expect((await api(c, `/connections/${connection}/synchronize`, { method: 'POST' })).status).toBeLessThan(300);
    expect((await waitSettled(c, connection)).status).toBe('SUCCESS');
    const settled = await getJson<any>(c, `/transactions/${pending.id}`);
    expect(settled.status).toBe('BOOKED');
    expect(settled.splits).toEqual([
      { amount: parts[0].amount, category_id: 'RESTAURANT', note: 'mine' },
      { amount: parts[1].amount, category_id: 'HEALTH' },
    ]);
    // And a detection over the whole history (not only the rows near this run's) does not relink it either.
    const { ledgerAfterResults } = await import('../../../src/main/engine/sync/ledger-after-results');
    ledgerAfterResults({ store: c.engine.ctx.store }, c.userId, 0, 0);
    const again = await getJson<any[]>(c, '/transfers?limit=500');
    const pair = (l: any) => `${l.debit_transaction_id}:${l.credit_transaction_id}`;
    expect(again.map(pair)).not.toContain(pair(unlinked));
    // The other links stay as they were.
    expect(again.map(pair)).toEqual(expect.arrayContaining(transfers.filter((l) => l !== unlinked).map(pair)));
  });
});
