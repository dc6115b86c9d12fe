import { describe, expect, it } from 'vitest';
import { detectTransfers, type TransferRow } from '../../../src/main/engine/domain/transfer-detection';

const DAY = 86_400;
const T0 = 1_700_000_000;
let next = 1;
const row = (accountId: number, amount: number, day: number, currency = 'EUR', id = next++): TransferRow => ({
  id,
  accountId,
  amount,
  currency,
  date: T0 + day * DAY,
});

describe('detectTransfers', () => {
  it('links a debit and the opposite credit of another account within 5 days', () => {
    const out = row(1, -50_000, 0);
    const into = row(2, 50_000, 5);
    expect(detectTransfers([out, into])).toEqual([{ debitId: out.id, creditId: into.id }]);
  });

  it('does not link rows more than 5 days apart, of the same account, or of amounts that differ by a cent', () => {
    expect(detectTransfers([row(1, -50_000, 0), row(2, 50_000, 5.0001)])).toEqual([]);
    expect(detectTransfers([row(1, -50_000, 0), row(1, 50_000, 1)])).toEqual([]);
    expect(detectTransfers([row(1, -50_000, 0), row(2, 49_999, 1)])).toEqual([]);
    expect(detectTransfers([row(1, -50_000, 0), row(2, -50_000, 1)])).toEqual([]);
    expect(detectTransfers([row(1, 0, 0), row(2, 0, 0)])).toEqual([]);
  });

  it('never pairs two currencies without a rate source', () => {
    expect(detectTransfers([row(1, -10_000, 0, 'EUR'), row(2, 10_000, 0, 'USD')])).toEqual([]);
  });

  it('pairs two currencies within 3 % at the debit day’s rate when a rate source is given', () => {
    const eur = row(1, -10_000, 0, 'EUR');
    const usd = row(2, 10_800, 1, 'USD');
    const far = row(3, 11_200, 1, 'USD');
    const rate = (from: string, to: string) => (from === 'EUR' && to === 'USD' ? 1.08 : undefined);
    expect(detectTransfers([eur, far], { rate })).toEqual([]);
    expect(detectTransfers([eur, usd, far], { rate })).toEqual([{ debitId: eur.id, creditId: usd.id }]);
    // 0 decimals (JPY): compared in major units.
    const jpy = row(4, 16_000, 0, 'JPY');
    expect(detectTransfers([eur, jpy], { rate: () => 160, exponent: (c) => (c === 'JPY' ? 0 : 2) })).toEqual([{ debitId: eur.id, creditId: jpy.id }]);
  });

  it('uses each row once; the closest in time wins, whatever the order given', () => {
    const out = row(1, -2_000, 0);
    const early = row(2, 2_000, -3);
    const close = row(3, 2_000, 1);
    const out2 = row(4, -2_000, 4);
    // out2 is 7 days after `early`: out2 can only take what is left within 5 days, and nothing is.
    expect(detectTransfers([out, early, close, out2])).toEqual([{ debitId: out.id, creditId: close.id }]);
    expect(detectTransfers([out2, close, early, out])).toEqual([{ debitId: out.id, creditId: close.id }]);
    const late = row(5, 2_000, 6);
    expect(detectTransfers([late, out2, close, early, out])).toEqual([
      { debitId: out.id, creditId: close.id },
      { debitId: out2.id, creditId: late.id },
    ]);
  });

  it('ties on time go to the oldest rows (smallest ids)', () => {
    const a = row(1, -700, 0, 'EUR', 100);
    const b = row(2, 700, 1, 'EUR', 102);
    const c = row(3, 700, 1, 'EUR', 101);
    expect(detectTransfers([a, b, c])).toEqual([{ debitId: 100, creditId: 101 }]);
  });

  it('never proposes a pair the person unlinked, and takes the next candidate instead', () => {
    const out = row(1, -300, 0);
    const refusedOne = row(2, 300, 0);
    const other = row(3, 300, 2);
    const refused = (d: number, c: number) => d === out.id && c === refusedOne.id;
    expect(detectTransfers([out, refusedOne, other], { refused })).toEqual([{ debitId: out.id, creditId: other.id }]);
    expect(detectTransfers([out, refusedOne], { refused })).toEqual([]);
  });
});
