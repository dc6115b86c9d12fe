import { describe, expect, it } from 'vitest';
import {
  compactMoney,
  distinctLabels,
  moneyTickLabels,
  niceStep,
  timeTickLabels,
  timeTicks,
  valueAxis,
} from '../../../src/renderer/src/lib/chart-ticks';

const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) / 1000;

describe('value axis', () => {
  it('uses round steps', () => {
    expect([0.7, 1, 1.3, 2.2, 2.6, 4, 7, 12, 3400].map(niceStep)).toEqual([1, 1, 2, 2.5, 5, 5, 10, 20, 5000]);
  });

  it('always includes zero, so the baseline does not move with the data', () => {
    const a = valueAxis([4_620_000, 4_655_000, 4_700_000]);
    expect(a.domain[0]).toBe(0);
    expect(a.ticks).toEqual([0, 2_000_000, 4_000_000, 6_000_000]);
    const b = valueAxis([-3000, 1200]);
    expect(b.ticks).toContain(0);
    expect(b.domain[0]).toBeLessThanOrEqual(-3000);
    expect(b.domain[1]).toBeGreaterThanOrEqual(1200);
  });

  it('gives at most maxTicks + 1 distinct ticks at one step, and something for no data', () => {
    for (const values of [[1], [0.03], [999], [123_456.78, -5], [10, 20, 30]]) {
      const a = valueAxis(values, 5);
      expect(a.ticks.length).toBeLessThanOrEqual(6);
      expect(new Set(a.ticks).size).toBe(a.ticks.length);
      for (let i = 1; i < a.ticks.length; i++) expect(a.ticks[i] - a.ticks[i - 1]).toBeCloseTo(a.step, 9);
    }
    expect(valueAxis([]).ticks).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });
});

describe('tick labels', () => {
  it('take the fewest digits that keep every label exact and different', () => {
    expect(distinctLabels([1, 2.5], (v, d) => String(Number(v.toFixed(d))))).toEqual(['1', '2.5']);
    expect(moneyTickLabels('en', [4_600_000, 4_650_000, 4_700_000], 'EUR')).toEqual(['€4.6m', '€4.65m', '€4.7m']);
    expect(moneyTickLabels('en', [0, 1000, 2000], 'EUR')).toEqual(['€0', '€1k', '€2k']);
    expect(moneyTickLabels('en', [0, 250, 500, 750], 'EUR')).toEqual(['€0', '€250', '€500', '€750']);
    // Exact: -2,500 is never rounded to "-€3k".
    expect(moneyTickLabels('en', [-10000, -7500, -5000, -2500, 0], 'EUR')).toEqual([
      '-€10k',
      '-€7.5k',
      '-€5k',
      '-€2.5k',
      '€0',
    ]);
    const fr = moneyTickLabels('fr', [0, 2500, 5000], 'EUR');
    expect(new Set(fr).size).toBe(3);
    expect(compactMoney('fr', 2500, 'EUR', 1)).toMatch(/2,5\s?k\s?€/);
  });
});

describe('time axis', () => {
  it('picks calendar boundaries: days for a month, Mondays, months, quarters for longer spans', () => {
    const month = timeTicks(day(2026, 10, 25), day(2026, 11, 25), 6);
    expect(month.unit).toBe('day');
    expect(month.ticks.every((t) => new Date(t * 1000).getUTCDay() === 1)).toBe(true);
    const year = timeTicks(day(2025, 11, 25), day(2026, 11, 25), 6);
    expect(year.unit).toBe('month');
    expect(year.ticks.map((t) => new Date(t * 1000).toISOString().slice(0, 10))).toEqual([
      '2026-01-01',
      '2026-03-01',
      '2026-05-01',
      '2026-07-01',
      '2026-09-01',
      '2026-11-01',
    ]);
    const short = timeTicks(day(2026, 11, 20), day(2026, 11, 24), 6);
    expect(short.ticks).toHaveLength(5);
    const long = timeTicks(day(2000, 1, 1), day(2026, 1, 1), 6);
    expect(long.ticks.length).toBeLessThanOrEqual(6);
    expect(long.ticks.length).toBeGreaterThan(1);
  });

  it('says the year on the first tick and where it changes, never repeats a label', () => {
    const ticks = [day(2025, 11, 1), day(2025, 12, 1), day(2026, 1, 1), day(2026, 2, 1)];
    expect(timeTickLabels('en', ticks, 'month')).toEqual(['Nov 2025', 'Dec', 'Jan 2026', 'Feb']);
    expect(timeTickLabels('fr', ticks, 'month')).toEqual(['nov. 2025', 'déc.', 'janv. 2026', 'févr.']);
    expect(timeTickLabels('en', [day(2026, 11, 2), day(2026, 11, 9)], 'day')).toEqual(['2 Nov 2026', '9 Nov']);
    const half = [day(2025, 1, 1), day(2025, 7, 1), day(2026, 1, 1), day(2026, 7, 1)];
    expect(timeTickLabels('en', half, 'month')).toEqual(['Jan 25', 'Jul 25', 'Jan 26', 'Jul 26']);
    expect(timeTickLabels('fr', half, 'month')).toEqual(['janv. 25', 'juil. 25', 'janv. 26', 'juil. 26']);
  });
});
