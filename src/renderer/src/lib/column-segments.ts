/** One category's share of a stacked column, in pixels (y grows downwards, as in SVG). */
export interface ColumnSegment {
  /** The index of the amount (the category) in the column's amounts. */
  index: number;
  y: number;
  height: number;
  /** The topmost segment: the one whose top corners are rounded. */
  top: boolean;
}

/**
 * Splits a column of `height` pixels whose top is at `y` into the positive `amounts` it stacks, from the
 * bottom in the order given: each segment's height is its amount's share of their total, so the segments
 * fill the column exactly (the topmost one ends at `y`, whatever the rounding of the others). Zero,
 * negative or non-numeric amounts get no segment; an empty or flat column gets none.
 */
export function columnSegments(y: number, height: number, amounts: readonly number[]): ColumnSegment[] {
  const total = amounts.reduce((s, a) => s + (a > 0 ? a : 0), 0);
  if (!(total > 0) || !(height > 0)) return [];
  let topIndex = -1;
  for (let k = 0; k < amounts.length; k++) if (amounts[k] > 0) topIndex = k;
  const segments: ColumnSegment[] = [];
  let bottom = y + height;
  for (let k = 0; k < amounts.length; k++) {
    const amount = amounts[k];
    if (!(amount > 0)) continue;
    const segmentTop = k === topIndex ? y : bottom - (height * amount) / total;
    segments.push({ index: k, y: segmentTop, height: bottom - segmentTop, top: k === topIndex });
    bottom = segmentTop;
  }
  return segments;
}
