import { describe, expect, it } from 'vitest';
import { InvalidInput } from '../../../src/main/engine/domain/errors';
import { checkAccountTakesManualTransactions, cleanLabel, dayEnd, parseManualAmount, parseMoney, reconciliationOf, servedBalance } from '../../../src/main/engine/domain/manual-ledger';

describe('the person\'s own ledger: pure rules', () => {
  it('reads amounts exactly in the currency\'s minor units, from text or a JSON number', () => {
    expect(parseMoney('amount', '-12.30', 'EUR')).toBe(-1230);
    expect(parseMoney('amount', 12.3, 'EUR')).toBe(1230);
    expect(parseMoney('amount', '1500', 'JPY')).toBe(1500);
    expect(parseMoney('amount', '1.234', 'KWD')).toBe(1234);
    expect(() => parseMoney('amount', '1.5', 'JPY')).toThrow(/at most 0 decimals for JPY/);
    expect(() => parseMoney('amount', 1e21, 'EUR')).toThrow(InvalidInput);
    expect(() => parseMoney('amount', Number.NaN, 'EUR')).toThrow(InvalidInput);
    expect(() => parseMoney('balance', '1000000000000', 'EUR')).toThrow(/balance is beyond/);
  });

  it('refuses a manual transaction of 0 and a closed account', () => {
    expect(() => parseManualAmount('0.00', 'EUR')).toThrow(/must not be 0/);
    expect(() => checkAccountTakesManualTransactions({ id: 3, status: 'CLOSED' })).toThrow(/account 3 is closed/);
    expect(() => checkAccountTakesManualTransactions({ id: 3, status: 'MANUAL' })).not.toThrow();
    expect(() => checkAccountTakesManualTransactions({ id: 3, status: 'ERROR' })).not.toThrow();
  });

  it('cleans labels: trimmed, spaces folded, 1 to 200 characters', () => {
    expect(cleanLabel('  Baker \n and  cakes ')).toBe('Baker and cakes');
    expect(() => cleanLabel('  ')).toThrow(/label must be 1 to 200/);
    expect(() => cleanLabel('x'.repeat(201))).toThrow(InvalidInput);
  });

  it('adds the manual rows to the balance, or to the closing balance of a closed account', () => {
    expect(servedBalance({ balance: 1000, manual_total: -250, status: 'ACTIVE', closing_balance: null })).toEqual({ balance: 750, closing_balance: null });
    expect(servedBalance({ balance: 0, manual_total: -250, status: 'CLOSED', closing_balance: 1000 })).toEqual({ balance: 0, closing_balance: 750 });
  });

  it('ends a day at the first second of the next one (UTC), and refuses days that do not exist', () => {
    expect(dayEnd('2026-10-31')).toBe(Date.UTC(2026, 10, 1) / 1000);
    expect(dayEnd('2024-02-29')).toBe(Date.UTC(2024, 2, 1) / 1000);
    for (const bad of ['2026-02-30', '2026-13-01', '31/10/2026', '2026-1-5', '']) expect(() => dayEnd(bad)).toThrow(/YYYY-MM-DD/);
  });

  it('says the difference as statement minus Coffer', () => {
    expect(reconciliationOf(9000, 9500)).toEqual({ balance: 9500, difference: -500 });
    expect(reconciliationOf(9500, 9500)).toEqual({ balance: 9500, difference: 0 });
  });
});
