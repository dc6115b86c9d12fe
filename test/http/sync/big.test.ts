/** user_big: 100 000 transactions in one account, written in one transaction, never duplicated. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { accountsOf, api, connectEmbedded, newCaller, totalTransactions, waitSettled } from './sync-helpers';

let engine: TestEngine;
beforeAll(async () => {
  engine = await startTestEngine();
});
afterAll(async () => {
  await engine?.stop();
});

describe('user_big (see docs/api/providers-and-test-bank.md)', () => {
  it('1 account with 100 000 transactions; a second synchronization adds only the few new ones', async () => {
    const c = newCaller(engine);
    const started = performance.now();
    const id = await connectEmbedded(c, 'user_big');
    expect((await waitSettled(c, id, 60_000)).status).toBe('SUCCESS');
    const seconds = (performance.now() - started) / 1000;
    const accounts = await accountsOf(c, id);
    expect(accounts).toHaveLength(1);
    expect(await totalTransactions(c, accounts[0].id)).toBe(100_000);
    const page = await api(c, `/transactions?account_id=${accounts[0].id}&limit=500`);
    expect(page.status).toBe(200);
    expect(((await page.json()) as any[]).length).toBe(500);
    process.stderr.write(`user_big first synchronization: ${seconds.toFixed(2)} s\n`);

    expect((await api(c, `/connections/${id}/synchronize`, { method: 'POST' })).status).toBe(204);
    expect((await waitSettled(c, id, 60_000)).status).toBe('SUCCESS');
    const after = await totalTransactions(c, accounts[0].id);
    expect(after).toBeGreaterThan(100_000);
    expect(after).toBeLessThan(100_010);
  }, 120_000);
});
