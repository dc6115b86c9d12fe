import { closeSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { api, connectEmbedded, newCaller, totalTransactions, accountsOf, waitSettled } from '../sync/sync-helpers';

let engine: TestEngine | undefined;
afterEach(async () => {
  await engine?.stop();
  engine = undefined;
});

describe('a synchronization on a full disk', () => {
  it('fails saying the disk is full and what to do, keeps the data as it was, and the next one after freeing space works', async () => {
    engine = await startTestEngine({ resultsWriter: 'inline' });
    const c = newCaller(engine);
    const id = await connectEmbedded(c, 'user_ok');
    expect((await waitSettled(c, id)).status).toBe('SUCCESS');
    const accounts = await accountsOf(c, id);
    const before = await Promise.all(accounts.map((a) => totalTransactions(c, a.id)));

    // The database cannot grow any more (SQLite answers SQLITE_FULL where a full disk would).
    engine.ctx.db.exec('VACUUM');
    engine.ctx.db.pragma(`max_page_count = ${engine.ctx.db.pragma('page_count', { simple: true }) as number}`);
    expect((await api(c, `/connections/${id}/synchronize`, { method: 'POST', json: {} })).status).toBe(204);
    expect((await waitSettled(c, id)).status).toBe('FAILED');
    const lastRun = () => engine!.ctx.db.prepare('SELECT status, error FROM sync_runs ORDER BY id DESC LIMIT 1').get() as { status: string; error: string };
    expect(lastRun()).toEqual({
      status: 'FAILED',
      error: 'the disk is full, so the synchronization could not save what the bank sent (nothing was lost): free some space, then synchronize again',
    });
    // Nothing of the run was half-written, and the history is still served.
    expect(await Promise.all(accounts.map((a) => totalTransactions(c, a.id)))).toEqual(before);

    // Space again: the next synchronization saves what the bank sends.
    engine.ctx.db.pragma('max_page_count = 1073741823');
    expect((await api(c, `/connections/${id}/synchronize`, { method: 'POST', json: {} })).status).toBe(204);
    expect((await waitSettled(c, id)).status).toBe('SUCCESS');
    expect(lastRun().status).toBe('SUCCESS');
  });
});

describe('a synchronization that meets a damaged database', () => {
  it('fails saying the database is damaged, and the engine stops serving every data path', async () => {
    engine = await startTestEngine({ resultsWriter: 'inline' });
    const c = newCaller(engine);
    const id = await connectEmbedded(c, 'user_ok');
    expect((await waitSettled(c, id)).status).toBe('SUCCESS');

    // Damaged pages where the next run writes (the transactions table and its indexes), not yet in the
    // engine's page cache: the run's write finds them.
    const db = engine.ctx.db;
    const roots = db.prepare("SELECT rootpage FROM sqlite_schema WHERE tbl_name = 'transactions' AND rootpage > 0").pluck().all() as number[];
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.exec('PRAGMA cache_size = 0');
    const size = db.pragma('page_size', { simple: true }) as number;
    const fd = openSync(join(engine.dataDir, 'coffer.db'), 'r+');
    for (const root of roots) writeSync(fd, Buffer.alloc(size, 0xa5), 0, size, (root - 1) * size);
    closeSync(fd);

    expect((await api(c, `/connections/${id}/synchronize`, { method: 'POST', json: {} })).status).toBe(204);
    await until(async () => ((await (await engine!.http('/health')).json()) as { status: string }).status === 'database_damaged');
    const me = await api(c, '/users/me');
    expect(me.status).toBe(503);
    expect(((await me.json()) as { error: string }).error).toBe('secret_store_unavailable');
  });
});

async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the engine never said the database is damaged');
}
