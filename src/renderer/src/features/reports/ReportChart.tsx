import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  ReferenceDot,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { ReportRow } from '../../lib/api/types';
import { useT } from '../../lib/i18n';
import type { ReportView } from './report-views';

const axis = { tick: { fontSize: 12, fill: 'var(--text-muted)' }, axisLine: false, tickLine: false } as const;

/**
 * A report's chart: bars (or a line over time) for each of its series, one group per row; the row under the
 * keyboard's cursor outlined; a click on a bar or point opens the history it counts.
 */
export function ReportChart({
  view,
  rows,
  currency,
  nameOf,
  cursor,
  onOpen,
}: {
  view: ReportView;
  rows: readonly ReportRow[];
  currency: string;
  nameOf: (row: ReportRow) => string;
  cursor: number | null;
  onOpen: (index: number) => void;
}) {
  const { t, money } = useT();
  const data = rows.map((row, index) => ({
    index,
    name: nameOf(row),
    values: view.series.map((s) => row[s.field] ?? 0),
    ...Object.fromEntries(view.series.map((s) => [s.field, row[s.field] ?? 0])),
  }));
  const tick = (v: number) => money(v, currency, { compact: true });
  const tooltip = (
    <Tooltip
      formatter={(v) => money(Number(v), currency)}
      contentStyle={{
        background: 'var(--bg-elevated)',
        border: '1px solid var(--border)',
        borderRadius: 8,
        fontSize: 12.5,
      }}
    />
  );
  const legend = <Legend wrapperStyle={{ fontSize: 12.5 }} />;
  return (
    <ResponsiveContainer width="100%" height={260}>
      {view.shape === 'line' ? (
        <LineChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid vertical={false} stroke="var(--border)" />
          <XAxis dataKey="name" {...axis} />
          <YAxis {...axis} tickFormatter={tick} width={80} />
          {tooltip}
          {view.series.map((s) => (
            <Line
              key={s.field}
              dataKey={s.field}
              name={t(s.label)}
              stroke={s.color}
              strokeWidth={2}
              isAnimationActive={false}
              activeDot={{ onClick: (_e: unknown, p: unknown) => onOpen((p as { index: number }).index) }}
            />
          ))}
          {cursor !== null && data[cursor] && (
            <ReferenceDot
              x={data[cursor].name}
              y={data[cursor].values[0]}
              r={6}
              fill="var(--bg-elevated)"
              stroke="var(--text)"
              strokeWidth={2}
            />
          )}
        </LineChart>
      ) : (
        <BarChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid vertical={false} stroke="var(--border)" />
          <XAxis dataKey="name" {...axis} interval="preserveStartEnd" />
          <YAxis {...axis} tickFormatter={tick} width={80} />
          {tooltip}
          {legend}
          {view.series.map((s) => (
            <Bar
              key={s.field}
              dataKey={s.field}
              name={t(s.label)}
              fill={s.color}
              radius={[4, 4, 0, 0]}
              isAnimationActive={false}
              onClick={(_d, index) => onOpen(index)}
              cursor="pointer"
            >
              {data.map((d) => (
                <Cell
                  key={d.index}
                  stroke={d.index === cursor ? 'var(--text)' : undefined}
                  strokeWidth={d.index === cursor ? 2 : 0}
                />
              ))}
            </Bar>
          ))}
        </BarChart>
      )}
    </ResponsiveContainer>
  );
}
