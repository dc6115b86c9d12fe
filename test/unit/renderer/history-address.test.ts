import { describe, expect, it } from 'vitest';
import {
  addressOfFilter,
  changedFields,
  filterFromAddress,
  hasFilterInAddress,
} from '../../../src/renderer/src/lib/history-address';
import { EMPTY_FILTER, type TxFilter } from '../../../src/renderer/src/lib/tx-filter';

const from = (query: string) => filterFromAddress(new URLSearchParams(query));

describe("the history's filter in its address", () => {
  const full: TxFilter = {
    q: 'café de flore',
    accounts: ['a1', 'a2'],
    accountType: 'CREDIT_CARD',
    categories: ['FOOD'],
    statuses: ['PENDING'],
    payees: ['7', '9'],
    minAmount: '100',
    maxAmount: '1 234,50',
    direction: 'out',
    from: '2025-01-01',
    to: '2025-02-01',
  };

  it('writes every field that is set and reads the same filter back', () => {
    const query = addressOfFilter(full);
    expect(query).toContain('accounts=a1,a2');
    expect(query).toContain('dir=out');
    expect(query).toContain('payees=7,9');
    expect(from(query)).toEqual(full);
  });

  it('writes nothing for no filter, and an address without filter is no filter', () => {
    expect(addressOfFilter(EMPTY_FILTER)).toBe('');
    expect(hasFilterInAddress(new URLSearchParams(''))).toBe(false);
    expect(hasFilterInAddress(new URLSearchParams('?min=abc'))).toBe(true);
    expect(from('')).toEqual(EMPTY_FILTER);
  });

  it("reads the dashboard's drill-down address and the older account link", () => {
    expect(from('?categories=1,2&statuses=BOOKED&from=2025-01-01&to=2025-02-01&account=7')).toEqual({
      ...EMPTY_FILTER,
      categories: ['1', '2'],
      statuses: ['BOOKED'],
      accounts: ['7'],
      from: '2025-01-01',
      to: '2025-02-01',
    });
  });

  it('drops values it does not know, and keeps a bound as typed (it is said to be no amount again)', () => {
    expect(from('?dir=sideways&type=YACHT&statuses=LOST&from=2025-13-45&min=abc')).toEqual({
      ...EMPTY_FILTER,
      minAmount: 'abc',
    });
  });

  it('names the fields that changed (a saved filter from before "direction" counts it as empty)', () => {
    const old = { ...EMPTY_FILTER, q: 'x' } as Partial<TxFilter>;
    delete old.direction;
    expect(changedFields(old as TxFilter, { ...EMPTY_FILTER, q: 'xy' })).toEqual(['q']);
  });
});
