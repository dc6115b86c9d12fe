/**
 * The statement connector finds its own engine: after a restart on the same data directory, and with two
 * engines in one process (each imports into its own database, each register follows its own runs).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { accountsOf, newCaller, transactionsOf } from '../sync/sync-helpers';
import { addFile, connectFolder, documents, folderWith, hasKeychain, resync } from './documents-helpers';

describe.skipIf(!hasKeychain)('statement files and engines', () => {
  const running: TestEngine[] = [];
  afterAll(async () => {
    for (const e of running) await e.stop();
  });

  it('two engines in one process import into their own databases', async () => {
    const [a, b] = await Promise.all([startTestEngine(), startTestEngine()]);
    running.push(a, b);
    const ca = newCaller(a);
    const cb = newCaller(b);
    // Same connection ids in both databases: the reports must not cross.
    const [ra, rb] = await Promise.all([
      connectFolder(ca, folderWith('qfx-creditcard-us.qfx')),
      connectFolder(cb, folderWith('ofx2-bank-us.ofx')),
    ]);
    expect(ra.id).toBe(rb.id);
    expect((await accountsOf(ca, ra.id)).map((x) => x.reference)).toEqual(['4111111111111111']);
    expect((await accountsOf(cb, rb.id)).map((x) => x.reference)).toEqual(['4417239081']);
    expect((await documents(ca, ra.id)).map((d) => [d.name, d.status])).toEqual([
      ['qfx-creditcard-us.qfx', 'IMPORTED'],
    ]);
    expect((await documents(cb, rb.id)).map((d) => [d.name, d.status])).toEqual([['ofx2-bank-us.ofx', 'IMPORTED']]);
  });

  it('after a restart on the same data directory: the register is kept, new files import, nothing doubles', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'coffer-restart-'));
    const folder = folderWith('ofx-overlap-2024-01-02.ofx');
    const first = await startTestEngine({ dataDir });
    const c1 = newCaller(first);
    const { id } = await connectFolder(c1, folder);
    await first.stop();

    const second = await startTestEngine({ dataDir });
    running.push(second);
    const c2 = {
      ...c1,
      engine: second,
      token: second.userToken(c1.userId, [
        'accounts_read',
        'transactions_read',
        'connections_manage',
        'connections_sync',
      ]),
    };
    addFile(folder, 'ofx-overlap-2024-02-03.ofx');
    expect((await resync(c2, id)).status).toBe('SUCCESS');
    const [account] = await accountsOf(c2, id);
    expect(await transactionsOf(c2, account.id)).toHaveLength(12);
    expect((await documents(c2, id)).map((d) => [d.name, d.status])).toEqual([
      ['ofx-overlap-2024-01-02.ofx', 'IMPORTED'],
      ['ofx-overlap-2024-02-03.ofx', 'IMPORTED'],
    ]);
  });
});
