import { describe, expect, it } from 'vitest';
import { drillDownUrl, parseDrillDown } from '../../../src/renderer/src/lib/drill-down';
import { parseDay, periodFromQuery, periodQuery, periodRange, seriesStep } from '../../../src/renderer/src/lib/periods';

const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) / 1000;
const now = day(2026, 3, 31) + 15 * 3600;

describe('dashboard periods', () => {
  it('go back 1, 3 or 12 months from today, the 31st becoming the end of a shorter month', () => {
    expect(periodRange({ kind: '1M' }, now, null)).toEqual({ from: day(2026, 2, 28), to: day(2026, 3, 31) });
    expect(periodRange({ kind: '3M' }, now, null)).toEqual({ from: day(2025, 12, 31), to: day(2026, 3, 31) });
    expect(periodRange({ kind: '1Y' }, now, null)).toEqual({ from: day(2025, 3, 31), to: day(2026, 3, 31) });
  });

  it('all: from the first transaction (a year when there is none)', () => {
    expect(periodRange({ kind: 'ALL' }, now, day(2024, 5, 6) + 99)).toEqual({
      from: day(2024, 5, 6),
      to: day(2026, 3, 31),
    });
    expect(periodRange({ kind: 'ALL' }, now, null).from).toBe(day(2025, 3, 31));
  });

  it('custom: both ends included, reversed ends swapped, a missing end filled', () => {
    const c = (customFrom: string, customTo: string) =>
      periodRange({ kind: 'CUSTOM', customFrom, customTo }, now, day(2024, 1, 1));
    expect(c('2025-01-01', '2025-03-31')).toEqual({ from: day(2025, 1, 1), to: day(2025, 3, 31) });
    expect(c('2025-03-31', '2025-01-01')).toEqual({ from: day(2025, 1, 1), to: day(2025, 3, 31) });
    expect(c('', '2025-02-30')).toEqual({ from: day(2024, 1, 1), to: day(2026, 3, 31) });
    expect(parseDay('2025-02-29')).toBeNull();
  });

  it('one point a day up to three months, about 90 points beyond', () => {
    expect(seriesStep({ from: day(2026, 1, 1), to: day(2026, 3, 31) })).toBe(1);
    expect(seriesStep({ from: day(2025, 3, 31), to: day(2026, 3, 31) })).toBe(4);
  });
});

describe('drill-down address', () => {
  it('names categories, accounts and days, the end excluded', () => {
    const url = drillDownUrl({
      categories: ['FOOD', 'A&B'],
      accounts: ['1', '2'],
      first: day(2026, 2, 1),
      last: day(2026, 2, 28),
    });
    expect(url).toBe('/history?categories=FOOD,A%26B&accounts=1,2&statuses=BOOKED&from=2026-02-01&to=2026-03-01');
    const parsed = parseDrillDown(new URL(url, 'http://x').searchParams);
    expect(parsed).toEqual({
      categories: ['FOOD', 'A&B'],
      accounts: ['1', '2'],
      statuses: ['BOOKED'],
      from: '2026-02-01',
      to: '2026-03-01',
    });
  });

  it('is read leniently: the older ?account=ID, bad days dropped, nothing when absent', () => {
    expect(parseDrillDown(new URLSearchParams('account=7&from=2026-13-01&statuses=BOOKED,NOPE'))).toEqual({
      categories: [],
      accounts: ['7'],
      statuses: ['BOOKED'],
      from: '',
      to: '',
    });
    expect(parseDrillDown(new URLSearchParams('q=rent'))).toBeNull();
  });

  it('opens the booked transactions the charts count, unless told otherwise', () => {
    const first = day(2026, 2, 1);
    expect(drillDownUrl({ first, last: first })).toContain('statuses=BOOKED');
    expect(drillDownUrl({ statuses: [], first, last: first })).not.toContain('statuses');
  });
});

describe('the period in the dashboard address', () => {
  const read = (query: string) => periodFromQuery(new URLSearchParams(query));

  it('reads a period and the custom days, in any case; nothing or an unknown period is null', () => {
    expect(read('?period=3M')).toEqual({ kind: '3M' });
    expect(read('?period=all')).toEqual({ kind: 'ALL' });
    expect(read('?period=CUSTOM&from=2025-01-01&to=2025-03-31')).toEqual({
      kind: 'CUSTOM',
      customFrom: '2025-01-01',
      customTo: '2025-03-31',
    });
    expect(read('')).toBeNull();
    expect(read('?period=2Y')).toBeNull();
    expect(read('?from=2025-01-01')).toBeNull();
  });

  it('writes nothing for the default period, and what reads back the same otherwise', () => {
    expect(periodQuery({ kind: '1Y' }, '1Y')).toBe('');
    for (const p of [
      { kind: '3M' as const },
      { kind: '1Y' as const, customFrom: '2025-01-01' },
      { kind: 'CUSTOM' as const, customFrom: '2025-01-01', customTo: '2025-03-31' },
    ])
      expect(read(periodQuery(p, '1Y'))).toEqual(p);
  });
});
