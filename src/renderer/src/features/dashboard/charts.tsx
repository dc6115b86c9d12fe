import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { BalancePoint, SpendingSeries } from '../../lib/analytics';
import { useT } from '../../lib/i18n';

const COLORS = [
  'var(--chart-1)',
  'var(--chart-2)',
  'var(--chart-3)',
  'var(--chart-4)',
  'var(--chart-5)',
  'var(--chart-6)',
  'var(--chart-7)',
  'var(--chart-8)',
];

const axisStyle = { fontSize: 12, fill: 'var(--text-muted)' };

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

/** Balance over time (an area chart); the figures are also given as a table for screen readers. */
export function BalanceChart({
  points,
  currency,
  label,
  height = 240,
}: {
  points: BalancePoint[];
  currency: string;
  label: string;
  height?: number;
}) {
  const { money, day } = useT();
  return (
    <figure style={{ margin: 0 }} aria-label={label}>
      <div style={{ height }} aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
            <defs>
              <linearGradient id="balanceFill" x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor="var(--chart-1)" stopOpacity={0.28} />
                <stop offset="100%" stopColor="var(--chart-1)" stopOpacity={0.02} />
              </linearGradient>
            </defs>
            <CartesianGrid vertical={false} stroke="var(--border)" />
            <XAxis
              dataKey="t"
              tickFormatter={(v: number) => day(v).replace(/\s?\d{4}$/, '')}
              tick={axisStyle}
              axisLine={false}
              tickLine={false}
              minTickGap={48}
            />
            <YAxis
              tickFormatter={(v: number) => money(v, currency, { compact: true })}
              tick={axisStyle}
              axisLine={false}
              tickLine={false}
              width={64}
              domain={['auto', 'auto']}
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
              .filter((_, i) => i % 4 === 0 || i === points.length - 1)
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

/** Spending per month, stacked by category. */
export function SpendingChart({
  series,
  currency,
  label,
  height = 260,
}: {
  series: SpendingSeries;
  currency: string;
  label: string;
  height?: number;
}) {
  const { money, month } = useT();
  return (
    <figure style={{ margin: 0 }} aria-label={label}>
      <div style={{ height }} aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={series.months} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
            <CartesianGrid vertical={false} stroke="var(--border)" />
            <XAxis
              dataKey="t"
              tickFormatter={(v: number) => month(v)}
              tick={axisStyle}
              axisLine={false}
              tickLine={false}
            />
            <YAxis
              tickFormatter={(v: number) => money(v, currency, { compact: true })}
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
            <Legend iconType="circle" iconSize={8} wrapperStyle={{ fontSize: 12, color: 'var(--text-muted)' }} />
            {series.keys.map((k, i) => (
              <Bar
                key={k.id}
                dataKey={k.id}
                name={k.label}
                stackId="spending"
                fill={COLORS[i % COLORS.length]}
                isAnimationActive={false}
                radius={i === series.keys.length - 1 ? [4, 4, 0, 0] : undefined}
                maxBarSize={44}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
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
