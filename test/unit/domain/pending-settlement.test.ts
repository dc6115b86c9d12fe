/** The pending → posted settlement rule (see docs/api/simplefin.md#pending), as a table. */
import { describe, expect, it } from 'vitest';
import {
  matchPendingToBooked,
  settles,
  vanishedPendingIsCovered,
  type SettlementRow,
} from '../../../src/main/engine/domain/pending-settlement';

const DAY = 86_400;
const D = 20_000 * DAY + 15 * 3600; // a pending row's time
const row = (over: Partial<SettlementRow> = {}): SettlementRow => ({
  key: 'k',
  date: D,
  amount: -2500,
  payee: 'Tartine Bakery',
  text: 'TARTINE BAKERY SF',
  ...over,
});

describe('pending settlement: one pair', () => {
  const cases: Array<[string, Partial<SettlementRow>, boolean]> = [
    ['same amount, same day', {}, true],
    ['a tip of 15 % two days later', { date: D + 2 * DAY, amount: -2875 }, true],
    ['exactly 25 % more', { amount: -3125 }, true],
    ['just over 25 % more', { amount: -3126 }, false],
    ['exactly 25 % less', { amount: -1875 }, true],
    ['the opposite sign (a refund)', { amount: 2500 }, false],
    ['posted 7 days later (day count)', { date: D + 7 * DAY }, true],
    ['posted 8 days later', { date: D + 8 * DAY }, false],
    ['posted the day before the pending date', { date: D - DAY }, false],
    ['the same day but earlier in it', { date: D - 3600 }, true],
    ['another payee and another text', { payee: 'Blue Bottle', text: 'SQ *BLUE BOTTLE' }, false],
    ['same payee, other text', { text: 'TARTINE #2 SF' }, true],
    ['no payee, same text (spaces and case differ)', { payee: '', text: 'tartine  bakery sf' }, true],
    ['no payee on either side, other text', { payee: '', text: 'OTHER' }, false],
  ];
  for (const [what, booked, expected] of cases) {
    it(`${what} → ${expected ? 'settles' : 'does not settle'}`, () => {
      expect(settles(row({ payee: what.startsWith('no payee') ? '' : 'Tartine Bakery' }), row({ key: 'b', ...booked }))).toBe(expected);
    });
  }
});

describe('pending settlement: several rows', () => {
  it('pairs one to one: two pending and two identical posted purchases make two settlements', () => {
    const pending = [row({ key: 'p1' }), row({ key: 'p2' })];
    const booked = [row({ key: 'b1', date: D + DAY }), row({ key: 'b2', date: D + DAY })];
    const m = matchPendingToBooked(pending, booked);
    expect(m.map((x) => [x.pending.key, x.booked.key])).toEqual([
      ['p1', 'b1'],
      ['p2', 'b2'],
    ]);
  });

  it('identical posted twins without pending rows settle nothing (both stay)', () => {
    expect(matchPendingToBooked([], [row({ key: 'b1' }), row({ key: 'b2' })])).toEqual([]);
  });

  it('one pending row and two candidates: the closest in time, then in amount, wins; the other stays a new row', () => {
    const m = matchPendingToBooked([row({ key: 'p' })], [row({ key: 'far', date: D + 3 * DAY }), row({ key: 'near', date: D + DAY, amount: -2600 }), row({ key: 'near-exact', date: D + DAY })]);
    expect(m).toHaveLength(1);
    expect(m[0].booked.key).toBe('near-exact');
  });

  it('a vanished pending row is judged only when the answer covered its date', () => {
    expect(vanishedPendingIsCovered(D, D - DAY)).toBe(true);
    expect(vanishedPendingIsCovered(D, D)).toBe(true);
    expect(vanishedPendingIsCovered(D, D + 1)).toBe(false);
    expect(vanishedPendingIsCovered(D, undefined)).toBe(true);
  });
});
