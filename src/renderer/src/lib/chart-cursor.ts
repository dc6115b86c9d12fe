/**
 * The keyboard's way through a chart: a cursor on one point (the balance over time) or on one segment of a
 * stacked bar (spending per month and category) that the arrow keys move and Enter opens, as a click does.
 * Pure functions of the key and the data, so the dashboard's charts and their tests share one rule.
 */

/** Where a key moves the cursor of a chart of `length` points (left and right, Home and End), or null. */
export function movePoint(key: string, index: number, length: number): number | null {
  if (length <= 0) return null;
  const last = length - 1;
  switch (key) {
    case 'ArrowLeft':
      return Math.max(0, index - 1);
    case 'ArrowRight':
      return Math.min(last, index + 1);
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}

/** A segment of a stacked bar chart: the month (column) and the category (its index in the stack, 0 at the bottom). */
export interface BarCursor {
  month: number;
  key: number;
}

/** The category of `month` nearest to `key` that has an amount (the same one when it has), else `key`. */
function nearestFilled(values: readonly (readonly number[])[], month: number, key: number): number {
  const row = values[month] ?? [];
  for (let d = 0; d < row.length; d++) {
    if (row[key + d]) return key + d;
    if (row[key - d]) return key - d;
  }
  return key;
}

/** Where a bar chart's cursor starts: the latest month, on the top segment of its bar (the last with an amount). */
export function firstBar(values: readonly (readonly number[])[]): BarCursor | null {
  const month = values.length - 1;
  if (month < 0 || !values[month].length) return null;
  const row = values[month];
  let key = row.length - 1;
  while (key > 0 && !row[key]) key--;
  return { month, key };
}

/**
 * Where a key moves a stacked bar chart's cursor, `values[month][category]` being the amounts: left and
 * right (Home, End) go from month to month staying on the same category when that month has it; up and down
 * go through the segments of the month's bar that have an amount (empty segments cannot be seen, so they
 * are skipped). Null when the key does not move the cursor.
 */
export function moveBar(key: string, cursor: BarCursor, values: readonly (readonly number[])[]): BarCursor | null {
  const month = movePoint(key, cursor.month, values.length);
  if (month !== null) return { month, key: nearestFilled(values, month, cursor.key) };
  if (key !== 'ArrowUp' && key !== 'ArrowDown') return null;
  const row = values[cursor.month] ?? [];
  const step = key === 'ArrowUp' ? 1 : -1;
  for (let k = cursor.key + step; k >= 0 && k < row.length; k += step)
    if (row[k]) return { month: cursor.month, key: k };
  return cursor;
}
