import { useMemo, useState } from 'react';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  ReferenceDot,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { BalancePoint, SpendingSeries } from '../../lib/analytics';
import { categoryColor } from '../../lib/chart-colors';
import { firstBar, moveBar, movePoint, type BarCursor } from '../../lib/chart-cursor';
import { moneyTickLabels, timeTickLabels, timeTicks, valueAxis } from '../../lib/chart-ticks';
import { useT } from '../../lib/i18n';
import type { DayRange } from '../../lib/periods';
import { KeyboardChart } from './KeyboardChart';
import { SpendingColumn } from './SpendingColumn';
import './charts.css';

const axisStyle = { fontSize: 12, fill: 'var(--text-muted)' };
/** What every axis of the dashboard shares: muted labels, no axis or tick lines. */
const quietAxis = { tick: axisStyle, axisLine: false, tickLine: false } as const;
const MAX_TIME_TICKS = 6;
/** The key of a spending row's total (the height of its column). */
const TOTAL_KEY = '__total';

function TooltipBox({ title, rows }: { title: string; rows: Array<{ color?: string; label: string; value: string }> }) {
  return (
    <div
      style={{
        background: 'var(--bg-elevated)',
        border: '1px solid var(--border)',
        borderRadius: 8,
        padding: '8px 10px',
        boxShadow: 'var(--shadow)',
        fontSize: 12.5,
      }}
    >
      <div style={{ fontWeight: 600, marginBottom: 4 }}>{title}</div>
      {rows.map((r) => (
        <div key={r.label} className="row" style={{ gap: 8, justifyContent: 'space-between' }}>
          <span className="row" style={{ gap: 6 }}>
            {r.color && <span style={{ width: 8, height: 8, borderRadius: 2, background: r.color }} />}
            {r.label}
          </span>
          <span className="num">{r.value}</span>
        </div>
      ))}
    </div>
  );
}

/** The value axis of an amount chart: round ticks from zero, labels all different (lib/chart-ticks.ts). */
function useMoneyAxis(values: readonly number[], currency: string) {
  const { lang } = useT();
  return useMemo(() => {
    const axis = valueAxis(values);
    const labels = moneyTickLabels(lang, axis.ticks, currency);
    const byTick = new Map(axis.ticks.map((t, i) => [t, labels[i]]));
    const format = (v: number) => byTick.get(v) ?? '';
    // The <YAxis> of both charts: every tick labelled, no axis line, room for "-€10k".
    const props = {
      ...quietAxis,
      domain: axis.domain,
      ticks: axis.ticks,
      interval: 0,
      tickFormatter: format,
      width: 64,
    };
    return { ...axis, format, props };
  }, [values, currency, lang]);
}

/** The days ahead of a balance chart: one point per day, and what the tooltip calls them. */
export interface ChartForecast {
  points: ReadonlyArray<{ t: number; balance: number }>;
  label: string;
}

type ChartRow = { t: number; balance?: number; forecast?: number; from?: number };

/** The history's rows, then the forecast's: the last history row starts the dashed line so the two join. */
function withForecast(points: readonly BalancePoint[], forecast: ChartForecast | undefined): ChartRow[] {
  if (!forecast?.points.length || !points.length) return [...points];
  const last = points[points.length - 1] as BalancePoint;
  const ahead = forecast.points.filter((p) => p.t > last.t).map((p) => ({ t: p.t, forecast: p.balance }));
  return [...points.slice(0, -1), { ...last, forecast: last.balance }, ...ahead];
}

/**
 * Balance over time (an area chart); the figures are also given as a table for screen readers. A click on
 * the chart calls `onPoint` with the nearest point (its `from` … `t` days are the history behind it); so
 * does Enter on the point the arrow keys chose (KeyboardChart).
 */
export function BalanceChart({
  points,
  currency,
  label,
  height = 240,
  range,
  onPoint,
  forecast,
}: {
  points: BalancePoint[];
  currency: string;
  label: string;
  height?: number;
  /** The days the x axis spans (default: the points' own span, and the forecast's). */
  range?: DayRange;
  onPoint?: (point: BalancePoint) => void;
  /** The days ahead, drawn dashed after the history from its last point. */
  forecast?: ChartForecast;
}) {
  const { money, day, lang } = useT();
  const data = useMemo(() => withForecast(points, forecast), [points, forecast]);
  const balances = useMemo(() => data.map((p) => p.balance ?? p.forecast ?? 0), [data]);
  const y = useMoneyAxis(balances, currency);
  const span = range ?? { from: data[0]?.t ?? 0, to: data[data.length - 1]?.t ?? 0 };
  const x = useMemo(() => {
    const tt = timeTicks(span.from, span.to, MAX_TIME_TICKS);
    const labels = timeTickLabels(lang, tt.ticks, tt.unit);
    const byTick = new Map(tt.ticks.map((t, i) => [t, labels[i]]));
    return { ticks: tt.ticks, format: (v: number) => byTick.get(v) ?? '' };
  }, [span.from, span.to, lang]);
  const [cursor, setCursor] = useState<number | null>(null);
  const at = cursor === null ? undefined : points[Math.min(cursor, points.length - 1)];
  return (
    <figure style={{ margin: 0 }} aria-label={label} data-testid="balance-chart">
      <KeyboardChart
        label={label}
        caption={at ? `${day(at.t)} · ${money(at.balance, currency)}` : null}
        onStart={onPoint && points.length ? () => setCursor(points.length - 1) : undefined}
        onMove={(key) => {
          const next = movePoint(key, Math.min(cursor ?? points.length - 1, points.length - 1), points.length);
          if (next !== null) setCursor(next);
          return next !== null;
        }}
        onOpen={() => at && onPoint?.(at)}
        onLeave={() => setCursor(null)}
      >
        <div style={{ height }} aria-hidden="true" className={onPoint ? 'chart-clickable' : undefined}>
          <ResponsiveContainer width="100%" height="100%">
            <AreaChart
              data={data}
              margin={{ top: 8, right: 12, bottom: 0, left: 8 }}
              accessibilityLayer={false}
              onClick={(state) => {
                const i = Number(state?.activeIndex);
                if (onPoint && Number.isInteger(i) && points[i]) onPoint(points[i]);
              }}
            >
              <defs>
                <linearGradient id="balanceFill" x1="0" y1="0" x2="0" y2="1">
                  <stop offset="0%" stopColor="var(--chart-1)" stopOpacity={0.28} />
                  <stop offset="100%" stopColor="var(--chart-1)" stopOpacity={0.02} />
                </linearGradient>
              </defs>
              <CartesianGrid vertical={false} stroke="var(--border)" />
              <XAxis
                dataKey="t"
                type="number"
                domain={[span.from, span.to]}
                ticks={x.ticks}
                interval={0}
                tickFormatter={x.format}
                {...quietAxis}
              />
              <YAxis {...y.props} />
              <Tooltip
                content={({ active, payload }) =>
                  active && payload?.length ? (
                    <TooltipBox
                      title={day(Number(payload[0].payload.t))}
                      rows={[
                        payload[0].payload.balance === undefined
                          ? { label: forecast?.label ?? label, value: money(Number(payload[0].payload.forecast), currency) }
                          : { label, value: money(Number(payload[0].payload.balance), currency) },
                      ]}
                    />
                  ) : null
                }
              />
              <Area
                type="monotone"
                dataKey="balance"
                stroke="var(--chart-1)"
                strokeWidth={2}
                fill="url(#balanceFill)"
                baseValue={0}
                isAnimationActive={false}
              />
              {forecast && (
                <Area
                  type="linear"
                  dataKey="forecast"
                  stroke="var(--chart-1)"
                  strokeWidth={2}
                  strokeDasharray="5 4"
                  fill="none"
                  isAnimationActive={false}
                  connectNulls={false}
                />
              )}
              {at && <ReferenceLine x={at.t} stroke="var(--text-muted)" strokeDasharray="3 3" />}
              {at && (
                <ReferenceDot
                  x={at.t}
                  y={at.balance}
                  r={5}
                  fill="var(--chart-1)"
                  stroke="var(--bg-elevated)"
                  strokeWidth={2}
                />
              )}
            </AreaChart>
          </ResponsiveContainer>
        </div>
      </KeyboardChart>
      <div className="sr-only">
        <table>
          <caption>{label}</caption>
          <tbody>
            {points
              .filter((_, i) => (points.length - 1 - i) % 4 === 0)
              .map((p) => (
                <tr key={p.t}>
                  <th scope="row">{day(p.t)}</th>
                  <td>{money(p.balance, currency)}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/**
 * Spending per month, stacked by category, each category in its own colour (lib/chart-colors.ts). A click
 * on a bar calls `onBar` with the category and the month row, as Enter does on the segment the arrow keys
 * chose (KeyboardChart); the legend's entries are buttons calling `onCategory`.
 */
export function SpendingChart({
  series,
  currency,
  label,
  height = 260,
  onBar,
  onCategory,
}: {
  series: SpendingSeries;
  currency: string;
  label: string;
  height?: number;
  onBar?: (categoryId: string, row: Record<string, number | string>) => void;
  onCategory?: (categoryId: string) => void;
}) {
  const { t, money, month, monthLong, lang } = useT();
  const values = useMemo(
    () => series.months.map((m) => series.keys.reduce((s, k) => s + Number(m[k.id] ?? 0), 0)),
    [series],
  );
  const y = useMoneyAxis(values, currency);
  const x = useMemo(() => {
    // Every k-th month labelled so that at most MAX_TIME_TICKS show, the year where needed.
    const every = Math.max(1, Math.ceil(series.months.length / MAX_TIME_TICKS));
    const shown = series.months.map((m) => Number(m.t)).filter((_, i) => i % every === 0);
    const labels = timeTickLabels(lang, shown, 'month');
    const byTick = new Map(shown.map((t, i) => [t, labels[i]]));
    return { interval: every - 1, format: (v: number) => byTick.get(Number(v)) ?? '' };
  }, [series, lang]);
  const amounts = useMemo(() => series.months.map((m) => series.keys.map((k) => Number(m[k.id] ?? 0))), [series]);
  // The rows the chart draws: each month with its total, the height of its column.
  const columns = useMemo(() => series.months.map((m, j) => ({ ...m, [TOTAL_KEY]: values[j] })), [series, values]);
  const [cursor, setCursor] = useState<BarCursor | null>(null);
  const on =
    cursor && series.months[cursor.month] && series.keys[cursor.key]
      ? { row: series.months[cursor.month], category: series.keys[cursor.key] }
      : null;
  return (
    <figure style={{ margin: 0 }} aria-label={label} data-testid="spending-chart">
      <KeyboardChart
        label={label}
        caption={
          on
            ? t('dashboard.chartSegment', {
                month: monthLong(Number(on.row.t)),
                category: on.category.label,
                amount: money(Number(on.row[on.category.id] ?? 0), currency),
              })
            : null
        }
        onStart={onBar && amounts.length ? () => setCursor(firstBar(amounts)) : undefined}
        onMove={(key) => {
          const from = on ? cursor! : firstBar(amounts);
          const next = from && moveBar(key, from, amounts);
          if (next) setCursor(next);
          return !!next;
        }}
        onOpen={() => on && onBar?.(on.category.id, on.row)}
        onLeave={() => setCursor(null)}
      >
        <div style={{ height }} aria-hidden="true" className={onBar ? 'chart-clickable' : undefined}>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={columns} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
              <CartesianGrid vertical={false} stroke="var(--border)" />
              <XAxis dataKey="t" interval={x.interval} tickFormatter={x.format} {...quietAxis} />
              <YAxis {...y.props} />
              <Tooltip
                cursor={{ fill: 'var(--bg-hover)' }}
                content={({ active, payload }) =>
                  active && payload?.length ? (
                    <TooltipBox
                      title={month(Number(payload[0].payload.t))}
                      rows={[...series.keys]
                        .reverse()
                        .filter((k) => Number(payload[0].payload[k.id] ?? 0) > 0)
                        .map((k) => ({
                          color: categoryColor(k.id),
                          label: k.label,
                          value: money(Number(payload[0].payload[k.id]), currency),
                        }))}
                    />
                  ) : null
                }
              />
              {/* One bar per month (its total), split into categories by SpendingColumn. */}
              <Bar
                dataKey={TOTAL_KEY}
                isAnimationActive={false}
                maxBarSize={44}
                shape={(bar: {
                  x?: number;
                  y?: number;
                  width?: number;
                  height?: number;
                  originalDataIndex: number;
                }) => (
                  <SpendingColumn
                    x={Number(bar.x)}
                    y={Number(bar.y)}
                    width={Number(bar.width)}
                    height={Number(bar.height)}
                    amounts={amounts[bar.originalDataIndex] ?? []}
                    keys={series.keys}
                    outlined={cursor?.month === bar.originalDataIndex ? cursor.key : undefined}
                    onSegment={
                      onBar ? (k) => onBar(series.keys[k].id, series.months[bar.originalDataIndex]) : undefined
                    }
                  />
                )}
              />
            </BarChart>
          </ResponsiveContainer>
        </div>
      </KeyboardChart>
      <ul className="chart-legend" aria-label={label}>
        {series.keys.map((k) => (
          <li key={k.id} data-testid="legend-item">
            <button type="button" onClick={() => onCategory?.(k.id)} disabled={!onCategory}>
              <span data-swatch style={{ background: categoryColor(k.id) }} />
              {k.label}
            </button>
          </li>
        ))}
      </ul>
      <div className="sr-only">
        <table>
          <caption>{label}</caption>
          <thead>
            <tr>
              <th scope="col" />
              {series.keys.map((k) => (
                <th key={k.id} scope="col">
                  {k.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {series.months.map((m) => (
              <tr key={String(m.t)}>
                <th scope="row">{monthLong(Number(m.t))}</th>
                {series.keys.map((k) => (
                  <td key={k.id}>{money(Number(m[k.id] ?? 0), currency)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
