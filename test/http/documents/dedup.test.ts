/**
 * No duplicates for statement files (docs/api/synchronization.md#transaction-keys): re-importing adds nothing,
 * overlapping statements add only what is new, two identical purchases stay two, the latest statement wins the balance
 * and balance_history stays exact.
 */
import { utimesSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { accountsOf, api, newCaller, transactionsOf, type Caller } from '../sync/sync-helpers';
import {
  addFile,
  connectFolder,
  documents,
  folderWith,
  hasKeychain,
  resync,
  utc,
  writeText,
} from './documents-helpers';
import { ofx, qif } from './statement-writers';

async function setDateOrder(c: Caller, id: string, order: 'DMY' | 'MDY'): Promise<void> {
  const res = await api(c, `/connections/${id}/document_settings`, { method: 'PUT', json: { date_order: order } });
  expect(res.status, await res.clone().text()).toBe(204);
}

async function onlyAccount(c: Caller, id: string): Promise<{ account: any; txs: any[] }> {
  const accounts = await accountsOf(c, id);
  expect(accounts).toHaveLength(1);
  return { account: accounts[0], txs: await transactionsOf(c, accounts[0].id) };
}

describe.skipIf(!hasKeychain)('dedup across statement files (see docs/api/synchronization.md#transaction-keys)', () => {
  let engine: TestEngine;
  let c: Caller;
  beforeAll(async () => {
    engine = await startTestEngine();
    c = newCaller(engine);
  });
  afterAll(async () => engine?.stop());

  it('importing the same file again adds nothing, even after it was touched or copied under another name', async () => {
    const folder = folderWith('ofx1-bank-fr-cp1252.ofx');
    const { id } = await connectFolder(c, folder);
    const first = await onlyAccount(c, id);
    expect(first.txs).toHaveLength(6);

    const again = await resync(c, id);
    expect(again.status).toBe('SUCCESS');
    utimesSync(join(folder, 'ofx1-bank-fr-cp1252.ofx'), new Date(), new Date(Date.now() + 5000));
    await resync(c, id);
    addFile(folder, 'ofx1-bank-fr-cp1252.ofx', 'copy of january.ofx');
    await resync(c, id);

    const after = await onlyAccount(c, id);
    expect(after.txs).toHaveLength(6);
    expect(after.txs.map((t) => t.id).sort()).toEqual(first.txs.map((t) => t.id).sort());
    expect(after.txs.every((t) => t.last_update_date === t.import_date)).toBe(true);
    expect((await documents(c, id)).map((d) => [d.name, d.status])).toEqual([
      ['copy of january.ofx', 'IMPORTED'],
      ['ofx1-bank-fr-cp1252.ofx', 'IMPORTED'],
    ]);
  });

  it('two statements overlapping by a month add only the new days; the later statement gives the balance', async () => {
    const folder = folderWith('ofx-overlap-2024-01-02.ofx');
    const { id } = await connectFolder(c, folder);
    expect((await onlyAccount(c, id)).txs).toHaveLength(8);
    addFile(folder, 'ofx-overlap-2024-02-03.ofx');
    await resync(c, id);
    const { account, txs } = await onlyAccount(c, id);
    expect(txs).toHaveLength(12); // 8 + 8 − the 4 of February both files carry
    expect(account).toMatchObject({ balance: 5425.98, balance_date: utc(2024, 3, 28) });
    const february = txs.filter((t) => t.date >= utc(2024, 2, 1) && t.date < utc(2024, 3, 1));
    expect(february.map((t) => t.amount).sort()).toEqual([-12.99, -45.9, -78.12, 2350]);
  });

  it('the same two statements in one synchronization give the same result', async () => {
    const { id } = await connectFolder(c, folderWith('ofx-overlap-2024-02-03.ofx', 'ofx-overlap-2024-01-02.ofx'));
    const { account, txs } = await onlyAccount(c, id);
    expect(txs).toHaveLength(12);
    expect(account).toMatchObject({ balance_date: utc(2024, 3, 28) });
  });

  it('an older statement imported after a newer one adds its rows, keeps the newer balance and exact end-of-day balances', async () => {
    const folder = folderWith();
    writeText(
      folder,
      '2024-03.ofx',
      ofx(
        '111',
        [
          ['20240305', '-100.00', 'A', 'F1'],
          ['20240315', '50.00', 'B', 'F2'],
          ['20240325', '-30.00', 'C', 'F3'],
        ],
        { amount: '1000.00', ymd: '20240331' },
      ),
    );
    const { id } = await connectFolder(c, folder);
    writeText(
      folder,
      '2024-02.ofx',
      ofx(
        '111',
        [
          ['20240205', '-20.00', 'D', 'F4'],
          ['20240220', '200.00', 'E', 'F5'],
        ],
        { amount: '1080.00', ymd: '20240229' },
      ),
    );
    await resync(c, id);
    const { account, txs } = await onlyAccount(c, id);
    expect(account).toMatchObject({ balance: 1000, balance_date: utc(2024, 3, 31) });
    expect(txs).toHaveLength(5);
    const history = new Map(
      (
        engine.ctx.db
          .prepare('SELECT date, balance FROM balance_history WHERE account_id = ?')
          .all(Number(account.id)) as Array<{ date: number; balance: number }>
      ).map((r) => [r.date, r.balance / 100]),
    );
    expect(history.get(utc(2024, 2, 5))).toBe(880);
    expect(history.get(utc(2024, 2, 19))).toBe(880);
    expect(history.get(utc(2024, 2, 20))).toBe(1080);
    expect(history.get(utc(2024, 2, 29))).toBe(1080);
    expect(history.get(utc(2024, 3, 4))).toBe(1080);
    expect(history.get(utc(2024, 3, 5))).toBe(980);
    expect(history.get(utc(2024, 3, 24))).toBe(1030);
    expect(history.get(utc(2024, 3, 31))).toBe(1000);
  });

  it('two genuinely identical purchases on one day stay two, and stay two when read again', async () => {
    const folder = folderWith();
    const { id } = await connectFolder(c, folder);
    await setDateOrder(c, id, 'DMY');
    writeText(
      folder,
      'cafe.qif',
      qif([
        ['10/01/2024', '-4.50', 'CAFE DU COIN'],
        ['10/01/2024', '-4.50', 'CAFE DU COIN'],
        ['11/01/2024', '-9.00', 'BOULANGERIE'],
      ]),
    );
    await resync(c, id);
    expect((await onlyAccount(c, id)).txs.map((t) => t.amount).sort((a, b) => a - b)).toEqual([-9, -4.5, -4.5]);
    utimesSync(join(folder, 'cafe.qif'), new Date(), new Date(Date.now() + 5000));
    await resync(c, id);
    expect((await onlyAccount(c, id)).txs).toHaveLength(3);
  });

  it('without ids (QIF): overlapping files add only the new rows', async () => {
    const folder = folderWith();
    const { id } = await connectFolder(c, folder);
    await setDateOrder(c, id, 'DMY');
    writeText(
      folder,
      'jan-feb.qif',
      qif([
        ['05/01/2024', '-10.00', 'A'],
        ['05/02/2024', '-20.00', 'B'],
        ['06/02/2024', '-20.00', 'B'],
      ]),
    );
    await resync(c, id);
    writeText(
      folder,
      'feb-mar.qif',
      qif([
        ['05/02/2024', '-20.00', 'B'],
        ['06/02/2024', '-20.00', 'B'],
        ['05/03/2024', '-30.00', 'C'],
      ]),
    );
    await resync(c, id);
    const { txs, account } = await onlyAccount(c, id);
    expect(txs.map((t) => t.amount).sort((a, b) => a - b)).toEqual([-30, -20, -20, -10]);
    // No closing balance in QIF: the balance is the sum of the rows (an estimate, documented).
    expect(account).toMatchObject({ balance: -80, balance_date: utc(2024, 3, 5) });
  });

  it('edge case of per-file ordinals: a purchase once in file A and twice (same day) in file B ends as two, in either order', async () => {
    for (const order of [
      ['a.qif', 'b.qif'],
      ['b.qif', 'a.qif'],
    ]) {
      const folder = folderWith();
      const { id } = await connectFolder(c, folder);
      await setDateOrder(c, id, 'DMY');
      const files: Record<string, string> = {
        'a.qif': qif([
          ['10/01/2024', '-4.50', 'CAFE'],
          ['11/01/2024', '-7.00', 'CINEMA'],
        ]),
        'b.qif': qif([
          ['10/01/2024', '-4.50', 'CAFE'],
          ['10/01/2024', '-4.50', 'CAFE'],
        ]),
      };
      for (const name of order) {
        writeText(folder, name, files[name]);
        await resync(c, id);
      }
      const { txs } = await onlyAccount(c, id);
      expect(
        txs.map((t) => t.amount).sort((a, b) => a - b),
        `order ${order.join(', ')}`,
      ).toEqual([-7, -4.5, -4.5]);
    }
  });

  it('a file that grows (a new month appended) adds only its new rows', async () => {
    const folder = folderWith();
    const rows: Array<[string, string, string, string]> = [
      ['20240110', '-10.00', 'A', 'G1'],
      ['20240120', '-20.00', 'B', 'G2'],
    ];
    writeText(folder, 'account.ofx', ofx('222', rows, { amount: '500.00', ymd: '20240131' }));
    const { id } = await connectFolder(c, folder);
    const before = await onlyAccount(c, id);
    writeText(
      folder,
      'account.ofx',
      ofx('222', [...rows, ['20240205', '-5.00', 'C', 'G3']], { amount: '495.00', ymd: '20240229' }),
    );
    await resync(c, id);
    const after = await onlyAccount(c, id);
    expect(after.txs).toHaveLength(3);
    expect(after.txs.filter((t) => before.txs.some((b) => b.id === t.id))).toHaveLength(2);
    expect(after.account).toMatchObject({ balance: 495, balance_date: utc(2024, 2, 29) });
  });

  it('a PENDING row the next statement no longer shows has ended (statement as recent as any: its pending list is complete)', async () => {
    const folder = folderWith('camt052-de.xml');
    const { id } = await connectFolder(c, folder);
    const pending = (await onlyAccount(c, id)).txs.find((t) => t.status === 'PENDING');
    expect(pending).toMatchObject({ amount: -89.9 });
    writeText(
      folder,
      'next.ofx',
      ofx('DE89370400440532013000', [['20240116', '-89.90', 'DEUTSCHE BAHN AG', 'DB1']], {
        amount: '959.60',
        ymd: '20240116',
      }),
    );
    await resync(c, id);
    const { txs, account } = await onlyAccount(c, id);
    expect(account).toMatchObject({ balance: 959.6, balance_date: utc(2024, 1, 16) });
    // Ended rather than left PENDING for ever: EXPIRED here, as it is dated more than 30 days ago (else CANCELLED).
    expect(txs.find((t) => t.id === pending.id).status).toBe('EXPIRED');
    expect(
      txs
        .filter((t) => t.status === 'BOOKED')
        .map((t) => t.amount)
        .sort((a, b) => a - b),
    ).toEqual([-200.5, -89.9, 1500]);
  });
});
