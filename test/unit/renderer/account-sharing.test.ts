import { describe, expect, it } from 'vitest';
import { notCountedReason, splitForTotals } from '../../../src/renderer/src/lib/account-sharing';

describe('which accounts count in the totals', () => {
  it('counts the shared accounts: ACTIVE, MANUAL, and ERROR (its last known balance stands)', () => {
    for (const status of ['ACTIVE', 'MANUAL', 'ERROR'] as const) expect(notCountedReason({ status })).toBeNull();
  });

  it('leaves out accounts not shared: waiting for consent, closed, suspended, unavailable, not found', () => {
    for (const status of ['PENDING_CONSENT', 'CLOSED', 'SUSPENDED', 'UNAVAILABLE', 'NOT_FOUND'] as const) {
      expect(notCountedReason({ status })).toBe(status);
    }
  });

  it('leaves out a shared account the person hid from totals, and an unknown status', () => {
    expect(notCountedReason({ status: 'ACTIVE', hidden_from_totals: true })).toBe('HIDDEN');
    expect(notCountedReason({ status: 'ACTIVE', hidden_from_totals: false })).toBeNull();
    // A status that is not shared stays its own reason even when hidden too.
    expect(notCountedReason({ status: 'CLOSED', hidden_from_totals: true })).toBe('CLOSED');
    expect(notCountedReason({ status: 'SOMETHING_NEW' as 'ACTIVE' })).toBe('OTHER');
  });

  it('splits a list and counts the left-out ones per reason, most actionable first', () => {
    const accounts = [
      { id: 'a', status: 'ACTIVE' as const },
      { id: 'b', status: 'CLOSED' as const },
      { id: 'c', status: 'PENDING_CONSENT' as const },
      { id: 'd', status: 'PENDING_CONSENT' as const },
      { id: 'e', status: 'ERROR' as const },
      { id: 'f', status: 'ACTIVE' as const, hidden_from_totals: true },
    ];
    const split = splitForTotals(accounts);
    expect(split.counted.map((a) => a.id)).toEqual(['a', 'e']);
    expect(split.left.map((l) => [l.account.id, l.reason])).toEqual([
      ['c', 'PENDING_CONSENT'],
      ['d', 'PENDING_CONSENT'],
      ['f', 'HIDDEN'],
      ['b', 'CLOSED'],
    ]);
    expect(split.byReason).toEqual([
      { reason: 'PENDING_CONSENT', count: 2 },
      { reason: 'HIDDEN', count: 1 },
      { reason: 'CLOSED', count: 1 },
    ]);
  });
});
