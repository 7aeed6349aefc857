import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { monthLabel, monthTick, type NetWorthPoint } from '@ledgerly/shared';
import { compactAmount } from '../../dashboard/lib/dashboard-helpers';
import type { ChartTheme } from '../../dashboard/lib/use-chart-theme';

/** Net worth at each month end (loaded lazily with Recharts, like the dashboard's charts). */
export default function NetWorthChart({
  points,
  money,
  theme,
  animate,
  compact = false,
}: {
  points: readonly NetWorthPoint[];
  money: (n: number) => string;
  theme: ChartTheme;
  animate: boolean;
  /** A sparkline: no axes, grid or tooltip. */
  compact?: boolean;
}) {
  // Past a year the month alone is ambiguous: "Mar 26".
  const long = points.length > 12;
  const rows = points.map((p) => ({
    ...p,
    tick: long ? `${monthTick(p.month)} ${p.month.slice(2, 4)}` : monthTick(p.month),
  }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <AreaChart
        data={rows}
        accessibilityLayer={false}
        margin={compact ? { top: 2, right: 0, bottom: 2, left: 0 } : { top: 8, right: 12, bottom: 0, left: 0 }}
      >
        <defs>
          <linearGradient id={compact ? 'nw-fill-compact' : 'nw-fill'} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor={theme.balance} stopOpacity={0.35} />
            <stop offset="100%" stopColor={theme.balance} stopOpacity={0.02} />
          </linearGradient>
        </defs>
        {!compact && <CartesianGrid stroke={theme.grid} strokeDasharray="3 3" vertical={false} />}
        {!compact && (
          <XAxis
            dataKey="tick"
            stroke={theme.grid}
            tick={{ fill: theme.axis, fontSize: 12 }}
            tickLine={false}
            interval="equidistantPreserveStart"
            minTickGap={8}
          />
        )}
        {!compact && (
          <YAxis
            stroke={theme.grid}
            tick={{ fill: theme.axis, fontSize: 12 }}
            tickLine={false}
            tickFormatter={compactAmount}
            width={56}
          />
        )}
        {compact && <YAxis hide domain={['dataMin', 'dataMax']} />}
        {!compact && (
          <Tooltip
            labelFormatter={(_tick, payload) => {
              const row = payload[0]?.payload as NetWorthPoint | undefined;
              return row ? monthLabel(row.month) : '';
            }}
            formatter={(value) => [money(Number(value)), 'Net worth']}
            contentStyle={{
              backgroundColor: theme.tooltipBg,
              borderColor: theme.tooltipBorder,
              borderRadius: 8,
              color: theme.text,
            }}
            labelStyle={{ color: theme.text, fontWeight: 600 }}
            cursor={{ stroke: theme.grid }}
          />
        )}
        <Area
          type="monotone"
          dataKey="netWorth"
          name="Net worth"
          stroke={theme.balance}
          strokeWidth={2}
          fill={`url(#${compact ? 'nw-fill-compact' : 'nw-fill'})`}
          dot={false}
          isAnimationActive={animate}
        />
      </AreaChart>
    </ResponsiveContainer>
  );
}
