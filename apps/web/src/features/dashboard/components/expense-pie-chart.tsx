import { Pie, PieChart, ResponsiveContainer, Tooltip, type PieLabelRenderProps } from 'recharts';
import { formatShare } from '@ledgerly/shared';
import { showPieLabel, type PieSlice } from '../lib/dashboard-helpers';
import type { ChartTheme } from '../lib/use-chart-theme';

const RADIAN = Math.PI / 180;

/** The expense pie (loaded lazily with Recharts). Slices of 5 % or less carry no label. */
export default function ExpensePieChart({
  slices,
  money,
  theme,
  animate,
}: {
  slices: PieSlice[];
  money: (n: number) => string;
  theme: ChartTheme;
  animate: boolean;
}) {
  const renderLabel = (props: PieLabelRenderProps) => {
    const slice = slices[props.index];
    if (!slice || !showPieLabel(slice.percentage)) return null;
    const { cx, cy } = props;
    const radius = props.outerRadius + 14;
    const angle = -(props.midAngle ?? 0) * RADIAN;
    const x = cx + radius * Math.cos(angle);
    const y = cy + radius * Math.sin(angle);
    return (
      <text
        x={x}
        y={y}
        fill={theme.text}
        fontSize={12}
        fontWeight={600}
        textAnchor={x >= cx ? 'start' : 'end'}
        dominantBaseline="central"
      >
        {formatShare(slice.percentage)}
      </text>
    );
  };

  return (
    <ResponsiveContainer width="100%" height="100%">
      <PieChart accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
        <Pie
          data={slices}
          dataKey="value"
          nameKey="name"
          // Leaves room for the outside labels at 375 px.
          outerRadius="65%"
          stroke={theme.sliceStroke}
          // A lone slice is a full disc: no seam.
          strokeWidth={slices.length > 1 ? 2 : 0}
          label={renderLabel}
          labelLine={false}
          isAnimationActive={animate}
        />
        <Tooltip
          formatter={(value) => money(Number(value))}
          contentStyle={{
            backgroundColor: theme.tooltipBg,
            borderColor: theme.tooltipBorder,
            borderRadius: 8,
            color: theme.text,
          }}
          itemStyle={{ color: theme.text }}
        />
      </PieChart>
    </ResponsiveContainer>
  );
}
