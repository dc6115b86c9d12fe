import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { accountsOf, api, connectEmbedded, getJson, newCaller, transactionsOf, waitSettled, type Caller } from './sync-helpers';

/**
 * A transaction the person entered by hand on a bank's account survives every synchronization unchanged, and
 * the account's balance is the bank's plus it, before and after (Test Bank, real HTTP, both results writers).
 */
describe.each([['main thread', 'inline'] as const, ['results writer thread', 'thread'] as const])('with the results written on the %s', (_, writer) => {
  let engine: TestEngine;
  let c: Caller;
  beforeAll(async () => {
    engine = await startTestEngine({ resultsWriter: writer });
    c = newCaller(engine);
    c.token = engine.userToken(c.userId, ['accounts_read', 'accounts_manage', 'transactions_read', 'transactions_manage', 'connections_manage', 'connections_sync']);
  });
  afterAll(async () => engine?.stop());

  it('keeps the manual row and counts it in the balance', async () => {
    const connection = await connectEmbedded(c, 'user_ok');
    expect((await waitSettled(c, connection)).status).toBe('SUCCESS');
    const checking = (await accountsOf(c, connection)).find((a) => a.type === 'CHECKINGS');
    const res = await api(c, '/manual_transactions', { method: 'POST', json: { account_id: checking.id, amount: '-25.50', date: 1_790_000_000, label: 'Market, cash' } });
    expect(res.status, await res.clone().text()).toBe(201);
    const manual = (await res.json()) as any;

    for (let run = 0; run < 2; run++) {
      expect((await api(c, `/connections/${connection}/synchronize`, { method: 'POST' })).status).toBeLessThan(300);
      expect((await waitSettled(c, connection)).status).toBe('SUCCESS');
    }
    const rows = await transactionsOf(c, checking.id);
    expect(rows.filter((t) => t.manual)).toEqual([manual]);
    // The bank's balance (what the Test Bank says now) plus the person's row.
    const bankBalance = Number(engine.ctx.db.prepare('SELECT balance FROM accounts WHERE id = ?').pluck().get(Number(checking.id))) / 100;
    const served = (await getJson(c, `/accounts/${checking.id}`)).balance;
    expect(served).toBeCloseTo(bankBalance - 25.5, 2);
  });
});
