import { describe, expect, it } from 'vitest';
import { columnSegments } from '../../../src/renderer/src/lib/column-segments';

describe('columnSegments: a stacked spending column split into its categories', () => {
  it('stacks from the bottom in the order given, each segment its share of the height', () => {
    const segments = columnSegments(20, 100, [50, 30, 20]);
    expect(segments.map((s) => s.index)).toEqual([0, 1, 2]);
    expect(segments[0]).toMatchObject({ y: 70, height: 50, top: false });
    expect(segments[1]).toMatchObject({ y: 40, height: 30, top: false });
    expect(segments[2]).toMatchObject({ y: 20, height: 20, top: true });
  });

  it('fills the column exactly: the top segment ends at its top whatever the rounding', () => {
    const amounts = [1 / 3, 1 / 7, 2 / 9, 0.1, 5 / 11];
    const segments = columnSegments(13.7, 187.3, amounts);
    expect(segments.at(-1)!.y).toBe(13.7);
    expect(segments[0].y + segments[0].height).toBeCloseTo(13.7 + 187.3, 9);
    for (let i = 1; i < segments.length; i++) expect(segments[i].y + segments[i].height).toBe(segments[i - 1].y);
  });

  it('gives no segment to zero, negative or missing amounts; the top is the last positive one', () => {
    const segments = columnSegments(0, 60, [10, 0, -5, Number.NaN, 20, 0]);
    expect(segments.map((s) => s.index)).toEqual([0, 4]);
    expect(segments.map((s) => s.top)).toEqual([false, true]);
    expect(segments[0].height).toBeCloseTo(20);
    expect(segments[1].height).toBeCloseTo(40);
  });

  it('draws nothing for a month without spending or a flat column', () => {
    expect(columnSegments(0, 100, [])).toEqual([]);
    expect(columnSegments(0, 100, [0, 0])).toEqual([]);
    expect(columnSegments(50, 0, [10, 20])).toEqual([]);
  });
});
