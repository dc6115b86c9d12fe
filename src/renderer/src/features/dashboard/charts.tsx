import { useMemo } from 'react';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { BalancePoint, SpendingSeries } from '../../lib/analytics';
import { categoryColor } from '../../lib/chart-colors';
import { moneyTickLabels, timeTickLabels, timeTicks, valueAxis } from '../../lib/chart-ticks';
import { useT } from '../../lib/i18n';
import type { DayRange } from '../../lib/periods';
import './charts.css';

const axisStyle = { fontSize: 12, fill: 'var(--text-muted)' };
const MAX_TIME_TICKS = 6;

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
    return { ...axis, format: (v: number) => byTick.get(v) ?? '' };
  }, [values, currency, lang]);
}

/**
 * Balance over time (an area chart); the figures are also given as a table for screen readers. A click on
 * the chart calls `onPoint` with the nearest point (its `from` … `t` days are the history behind it).
 */
export function BalanceChart({
  points,
  currency,
  label,
  height = 240,
  range,
  onPoint,
}: {
  points: BalancePoint[];
  currency: string;
  label: string;
  height?: number;
  /** The days the x axis spans (default: the points' own span). */
  range?: DayRange;
  onPoint?: (point: BalancePoint) => void;
}) {
  const { money, day, lang } = useT();
  const balances = useMemo(() => points.map((p) => p.balance), [points]);
  const y = useMoneyAxis(balances, currency);
  const span = range ?? { from: points[0]?.t ?? 0, to: points[points.length - 1]?.t ?? 0 };
  const x = useMemo(() => {
    const tt = timeTicks(span.from, span.to, MAX_TIME_TICKS);
    const labels = timeTickLabels(lang, tt.ticks, tt.unit);
    const byTick = new Map(tt.ticks.map((t, i) => [t, labels[i]]));
    return { ticks: tt.ticks, format: (v: number) => byTick.get(v) ?? '' };
  }, [span.from, span.to, lang]);
  return (
    <figure style={{ margin: 0 }} aria-label={label} data-testid="balance-chart">
      <div style={{ height }} aria-hidden="true" className={onPoint ? 'chart-clickable' : undefined}>
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart
            data={points}
            margin={{ top: 8, right: 12, bottom: 0, left: 8 }}
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
              tick={axisStyle}
              axisLine={false}
              tickLine={false}
            />
            <YAxis
              domain={y.domain}
              ticks={y.ticks}
              interval={0}
              tickFormatter={y.format}
              tick={axisStyle}
              axisLine={false}
              tickLine={false}
              width={64}
            />
            <Tooltip
              content={({ active, payload }) =>
                active && payload?.length ? (
                  <TooltipBox
                    title={day(Number(payload[0].payload.t))}
                    rows={[{ label, value: money(Number(payload[0].value), currency) }]}
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
          </AreaChart>
        </ResponsiveContainer>
      </div>
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
 * on a bar calls `onBar` with the category and the month row; the legend's entries are buttons calling
 * `onCategory` (the keyboard's way to the same history).
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
  const { money, month, lang } = useT();
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
  return (
    <figure style={{ margin: 0 }} aria-label={label} data-testid="spending-chart">
      <div style={{ height }} aria-hidden="true" className={onBar ? 'chart-clickable' : undefined}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={series.months} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
            <CartesianGrid vertical={false} stroke="var(--border)" />
            <XAxis
              dataKey="t"
              interval={x.interval}
              tickFormatter={x.format}
              tick={axisStyle}
              axisLine={false}
              tickLine={false}
            />
            <YAxis
              domain={y.domain}
              ticks={y.ticks}
              interval={0}
              tickFormatter={y.format}
              tick={axisStyle}
              axisLine={false}
              tickLine={false}
              width={64}
            />
            <Tooltip
              cursor={{ fill: 'var(--bg-hover)' }}
              content={({ active, payload }) =>
                active && payload?.length ? (
                  <TooltipBox
                    title={month(Number(payload[0].payload.t))}
                    rows={[...payload].reverse().map((p) => ({
                      color: String(p.color),
                      label: String(p.name),
                      value: money(Number(p.value), currency),
                    }))}
                  />
                ) : null
              }
            />
            {series.keys.map((k, i) => (
              <Bar
                key={k.id}
                dataKey={k.id}
                name={k.label}
                stackId="spending"
                fill={categoryColor(k.id)}
                isAnimationActive={false}
                radius={i === series.keys.length - 1 ? [4, 4, 0, 0] : undefined}
                maxBarSize={44}
                onClick={(data: { payload?: Record<string, number | string> }) => {
                  if (onBar && data?.payload) onBar(k.id, data.payload);
                }}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
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
                <th scope="row">{month(Number(m.t))}</th>
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
