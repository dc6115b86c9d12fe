import { describe, expect, it } from 'vitest';
import { firstBar, moveBar, movePoint } from '../../../src/renderer/src/lib/chart-cursor';

describe('a point cursor (balance over time)', () => {
  it('moves left and right within the points, Home and End to the ends', () => {
    expect(movePoint('ArrowLeft', 3, 5)).toBe(2);
    expect(movePoint('ArrowRight', 3, 5)).toBe(4);
    expect(movePoint('ArrowRight', 4, 5)).toBe(4);
    expect(movePoint('ArrowLeft', 0, 5)).toBe(0);
    expect(movePoint('Home', 3, 5)).toBe(0);
    expect(movePoint('End', 1, 5)).toBe(4);
  });

  it('leaves other keys (Tab, Enter, letters) and empty charts alone', () => {
    expect(movePoint('Tab', 1, 5)).toBeNull();
    expect(movePoint('Enter', 1, 5)).toBeNull();
    expect(movePoint('ArrowUp', 1, 5)).toBeNull();
    expect(movePoint('ArrowLeft', 0, 0)).toBeNull();
  });
});

describe('a stacked bar cursor (spending per month and category)', () => {
  // Three months, four categories stacked from the bottom (index 0) up.
  const values = [
    [10, 0, 5, 0],
    [0, 7, 0, 0],
    [3, 0, 4, 8],
  ];

  it('starts on the latest month, on the top segment that has an amount', () => {
    expect(firstBar(values)).toEqual({ month: 2, key: 3 });
    expect(firstBar([[4, 6, 0]])).toEqual({ month: 0, key: 1 });
    expect(firstBar([])).toBeNull();
  });

  it('goes up and down through the segments that can be seen, skipping empty ones, and stops at the ends', () => {
    expect(moveBar('ArrowDown', { month: 2, key: 3 }, values)).toEqual({ month: 2, key: 2 });
    expect(moveBar('ArrowDown', { month: 2, key: 2 }, values)).toEqual({ month: 2, key: 0 });
    expect(moveBar('ArrowDown', { month: 2, key: 0 }, values)).toEqual({ month: 2, key: 0 });
    expect(moveBar('ArrowUp', { month: 0, key: 0 }, values)).toEqual({ month: 0, key: 2 });
    expect(moveBar('ArrowUp', { month: 0, key: 2 }, values)).toEqual({ month: 0, key: 2 });
  });

  it('goes from month to month on the same category, or the nearest one the month has', () => {
    expect(moveBar('ArrowLeft', { month: 2, key: 0 }, values)).toEqual({ month: 1, key: 1 });
    // Two categories as near: the one above.
    expect(moveBar('ArrowLeft', { month: 1, key: 1 }, values)).toEqual({ month: 0, key: 2 });
    expect(moveBar('ArrowRight', { month: 0, key: 2 }, values)).toEqual({ month: 1, key: 1 });
    expect(moveBar('End', { month: 0, key: 2 }, values)).toEqual({ month: 2, key: 2 });
    expect(moveBar('Home', { month: 2, key: 3 }, values)).toEqual({ month: 0, key: 2 });
  });

  it('leaves other keys alone', () => {
    expect(moveBar('Enter', { month: 1, key: 1 }, values)).toBeNull();
    expect(moveBar('a', { month: 1, key: 1 }, values)).toBeNull();
  });
});
