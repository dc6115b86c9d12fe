import { describe, expect, it } from 'vitest';
import type { Account, Connection } from '../../../src/renderer/src/lib/api';
import { accountsByConnection, daySeconds, manualConnectionOf, typedAmount } from '../../../src/renderer/src/features/ledger/ledger-input';

const account = (id: string, connection_id: string, type: Account['type'], name: string, balance: number, currency = 'EUR') =>
  ({ id, connection_id, type, name, balance, currency, status: 'ACTIVE' }) as Account;
const connection = (id: string, provider_id = '9000') => ({ id, provider_id, name: `c${id}` }) as Connection;

describe('the Accounts page\'s input and grouping', () => {
  it('reads amounts typed with a comma or a dot, spaces between groups, a sign', () => {
    expect(typedAmount('12,30')).toBe('12.30');
    expect(typedAmount(' -1 200.5 ')).toBe('-1200.5');
    expect(typedAmount('+7')).toBe('7');
    expect(typedAmount('150\u202f000,00')).toBe('150000.00');
    for (const bad of ['', '12,345', '1.2.3', '12 €', 'abc', '1e5', '-']) expect(typedAmount(bad)).toBeNull();
  });

  it('takes a day\'s midnight UTC', () => {
    expect(daySeconds('2026-10-01')).toBe(Date.UTC(2026, 9, 1) / 1000);
  });

  it('groups by connection in the connections\' order, then by type, with a total per currency', () => {
    const groups = accountsByConnection(
      [
        account('1', 'b', 'LOAN', 'Car', -100),
        account('2', 'a', 'CHECKINGS', 'Main', 10.1),
        account('3', 'b', 'CHECKINGS', 'Zed', 0.2),
        account('4', 'b', 'CHECKINGS', 'Alpha', 0.1),
        account('5', 'b', 'SAVINGS', 'US', 5, 'USD'),
        account('6', 'gone', 'CHECKINGS', 'Orphan', 1),
      ],
      [connection('a'), connection('b', 'manual')],
    );
    expect(groups.map((g) => g.connectionId)).toEqual(['a', 'b', 'gone']);
    const b = groups[1];
    expect(b.types.map((t) => [t.type, t.accounts.map((a) => a.name)])).toEqual([
      ['CHECKINGS', ['Alpha', 'Zed']],
      ['SAVINGS', ['US']],
      ['LOAN', ['Car']],
    ]);
    expect(b.totals).toEqual([
      { currency: 'EUR', amount: -99.7 },
      { currency: 'USD', amount: 5 },
    ]);
    expect(groups[2].connection).toBeUndefined();
  });

  it('finds the manual connection', () => {
    expect(manualConnectionOf([connection('a'), connection('b', 'manual')])?.id).toBe('b');
    expect(manualConnectionOf([connection('a')])).toBeUndefined();
  });
});
