import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { balanceSeriesLabel, compactAmount, shouldRotateLabels, type TrendRow } from '../lib/dashboard-helpers';
import type { ChartTheme } from '../lib/use-chart-theme';

/** Income, expense and balance over the period (loaded lazily with Recharts). */
export default function TrendLineChart({
  rows,
  granularity,
  money,
  theme,
  animate,
}: {
  rows: TrendRow[];
  granularity: 'daily' | 'monthly';
  money: (n: number) => string;
  theme: ChartTheme;
  animate: boolean;
}) {
  const rotate = shouldRotateLabels(granularity, rows.length);
  const dot = granularity === 'monthly' ? { r: 3 } : false;
  const series = [
    { key: 'income', name: 'Income', color: theme.income },
    { key: 'expense', name: 'Expense', color: theme.expense },
    { key: 'balance', name: balanceSeriesLabel(granularity), color: theme.balance },
  ] as const;

  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={rows} accessibilityLayer={false} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={theme.grid} strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="tick"
          stroke={theme.grid}
          tick={{ fill: theme.axis, fontSize: 12 }}
          tickLine={false}
          angle={rotate ? -45 : 0}
          textAnchor={rotate ? 'end' : 'middle'}
          height={rotate ? 56 : 30}
          // Days keep the first and the last (today); months thin out evenly.
          interval={granularity === 'daily' ? 'preserveStartEnd' : 'equidistantPreserveStart'}
          minTickGap={4}
        />
        <YAxis
          stroke={theme.grid}
          tick={{ fill: theme.axis, fontSize: 12 }}
          tickLine={false}
          tickFormatter={compactAmount}
          width={56}
        />
        <Tooltip
          labelFormatter={(_tick, payload) => {
            const row = payload[0]?.payload as TrendRow | undefined;
            return row?.label ?? '';
          }}
          formatter={(value) => money(Number(value))}
          contentStyle={{
            backgroundColor: theme.tooltipBg,
            borderColor: theme.tooltipBorder,
            borderRadius: 8,
            color: theme.text,
          }}
          labelStyle={{ color: theme.text, fontWeight: 600 }}
          cursor={{ stroke: theme.grid }}
        />
        <Legend
          position="top"
          height={32}
          iconType="plainline"
          itemSorter={(item) => series.findIndex((s) => s.name === item.value)}
          formatter={(value: string) => <span style={{ color: theme.text }}>{value}</span>}
        />
        {series.map((s) => (
          // Monotone (d3's curveMonotoneX): smooth, but never above or below the points it joins, so
          // a quiet day next to a big one does not draw a dip below zero that never happened.
          <Line
            key={s.key}
            type="monotoneX"
            dataKey={s.key}
            name={s.name}
            stroke={s.color}
            strokeWidth={2}
            dot={dot}
            activeDot={{ r: 4 }}
            isAnimationActive={animate}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
