import { categoryColor } from '../../lib/chart-colors';
import { columnSegments } from '../../lib/column-segments';

/** The radius of a month column's top corners. */
const TOP_RADIUS = 4;

/** A rectangle's path, with its top corners rounded by `radius` (clamped to fit). */
function columnPath(x: number, y: number, width: number, height: number, radius: number): string {
  const r = Math.max(0, Math.min(radius, width / 2, height));
  if (r === 0) return `M${x},${y}h${width}v${height}h${-width}Z`;
  return (
    `M${x},${y + height}V${y + r}A${r},${r},0,0,1,${x + r},${y}` +
    `H${x + width - r}A${r},${r},0,0,1,${x + width},${y + r}V${y + height}Z`
  );
}

/**
 * One month of the spending chart: its categories stacked from the bottom in the order of `keys`, each in
 * its category's colour, the top one with rounded corners; the segment under the keyboard's cursor outlined.
 *
 * The chart draws the month's total as a single recharts bar and this shape splits it (lib/column-segments.ts),
 * instead of one recharts bar per category: recharts renders every segment through several components of
 * its own, and with six categories over two years a period switch spent most of its time mounting and
 * unmounting those (about 150 ms of about 210 ms on the test machine).
 */
export function SpendingColumn({
  x,
  y,
  width,
  height,
  amounts,
  keys,
  outlined,
  onSegment,
}: {
  /** The column (the month's total) as recharts placed it, in pixels. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** Each key's amount this month, in the order of `keys`. */
  amounts: readonly number[];
  keys: ReadonlyArray<{ id: string }>;
  /** The index of the key outlined (the keyboard's cursor), if any. */
  outlined?: number;
  onSegment?: (keyIndex: number) => void;
}) {
  if (!(width > 0)) return null;
  const segments = columnSegments(y, height, amounts);
  if (segments.length === 0) return null;
  // The outlined segment is drawn last, so the segment above it does not cover half of its outline.
  const ordered =
    outlined === undefined
      ? segments
      : [...segments.filter((s) => s.index !== outlined), ...segments.filter((s) => s.index === outlined)];
  return (
    <g className="spending-column">
      {ordered.map((s) => {
        const id = keys[s.index].id;
        const outline = s.index === outlined;
        return (
          <path
            key={id}
            d={columnPath(x, s.y, width, s.height, s.top ? TOP_RADIUS : 0)}
            fill={categoryColor(id)}
            stroke={outline ? 'var(--text)' : undefined}
            strokeWidth={outline ? 2 : undefined}
            data-category={id}
            onClick={onSegment ? () => onSegment(s.index) : undefined}
          />
        );
      })}
    </g>
  );
}
