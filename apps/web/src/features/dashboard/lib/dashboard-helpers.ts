import {
  PIE_LABEL_MIN_PCT,
  dayLabel,
  formatDate,
  formatShare,
  monthLabel,
  monthTick,
  type BreakdownItem,
  type DashboardData,
  type DashboardPeriod,
} from '@ledgerly/shared';

/** The period toggle, in the spec's order; 'This Month' is the default. */
export const PERIOD_OPTIONS = [
  { value: 'month', label: 'This Month' },
  { value: 'year', label: 'This Year' },
  { value: 'all', label: 'All Time' },
] as const satisfies readonly { value: DashboardPeriod; label: string }[];

export const DEFAULT_PERIOD: DashboardPeriod = 'month';

/** Daily x-axis labels rotate once there are more than this many points. */
export const ROTATE_LABELS_AFTER = 15;

const TREND_TITLES: Record<DashboardPeriod, string> = {
  month: 'This Month (Daily)',
  year: 'This Year (Monthly)',
  all: 'Last 12 Months',
};

/** The line chart's title for a period. */
export function trendTitle(period: DashboardPeriod): string {
  return TREND_TITLES[period];
}

/** Pie slices carry a label only above 5 % of the total; smaller ones rely on the legend. */
export function showPieLabel(percentage: number): boolean {
  return percentage > PIE_LABEL_MIN_PCT;
}

/** Daily axis labels are rotated when there are more than 15 points, so they do not overlap. */
export function shouldRotateLabels(granularity: 'daily' | 'monthly', pointCount: number): boolean {
  return granularity === 'daily' && pointCount > ROTATE_LABELS_AFTER;
}

/** "1 transaction", "3 transactions". */
export function transactionCount(n: number): string {
  return `${n} ${n === 1 ? 'transaction' : 'transactions'}`;
}

/** One row of the line chart: an axis tick, a full label (tooltip, table) and the three series. */
export interface TrendRow {
  key: string;
  tick: string;
  label: string;
  income: number;
  expense: number;
  balance: number;
}

/** The trend of the dashboard answer as chart rows, whatever its granularity. */
export function trendRows(trend: DashboardData['trend']): TrendRow[] {
  if (trend.granularity === 'daily') {
    return trend.points.map((p) => ({
      key: p.date,
      tick: dayLabel(p.date),
      label: formatDate(p.date),
      income: p.income,
      expense: p.expense,
      balance: p.balance,
    }));
  }
  const spansYears = new Set(trend.points.map((p) => p.month.slice(0, 4))).size > 1;
  return trend.points.map((p) => ({
    key: p.month,
    tick: spansYears ? `${monthTick(p.month)} '${p.month.slice(2, 4)}` : monthTick(p.month),
    label: monthLabel(p.month),
    income: p.income,
    expense: p.expense,
    balance: p.balance,
  }));
}

/**
 * The legend name of the trend's third series. Each point's `balance` is income minus expense of
 * that day (or month), not a running account balance, and a bare "Balance" read as one (a line
 * that dips below zero on a day of spending looked like an overdraft), so the name says it.
 */
export function balanceSeriesLabel(granularity: 'daily' | 'monthly'): string {
  return granularity === 'daily' ? "Balance (day's net)" : "Balance (month's net)";
}

/** A trend with no income and no expense anywhere has nothing to draw. */
export function trendHasData(rows: readonly TrendRow[]): boolean {
  return rows.some((r) => r.income !== 0 || r.expense !== 0);
}

/** One slice of the expense pie. */
export interface PieSlice {
  id: string;
  name: string;
  icon: string;
  value: number;
  percentage: number;
  fill: string;
}

export function pieSlices(items: readonly BreakdownItem[]): PieSlice[] {
  return items
    .map((b) => ({
      id: b.categoryId,
      name: b.categoryName,
      icon: b.categoryIcon,
      value: Number(b.total),
      percentage: b.percentage,
      fill: b.categoryColor,
    }))
    .filter((s) => s.value > 0);
}

/** What a screen reader hears for the pie: the categories and their shares, largest first. */
export function pieSummary(slices: readonly PieSlice[], money: (n: number) => string): string {
  const parts = slices.map((s) => `${s.name} ${money(s.value)} (${formatShare(s.percentage)})`);
  return `Expense breakdown pie chart: ${parts.join(', ')}.`;
}

/** What a screen reader hears for the line chart: the span and its income and expense totals. */
export function trendSummary(title: string, rows: readonly TrendRow[], money: (n: number) => string): string {
  const first = rows[0];
  const last = rows[rows.length - 1];
  if (!first || !last) return `${title}: no data.`;
  const income = rows.reduce((s, r) => s + Math.round(r.income * 100), 0) / 100;
  const expense = rows.reduce((s, r) => s + Math.round(r.expense * 100), 0) / 100;
  return (
    `${title} line chart of income, expense and balance from ${first.label} to ${last.label}: ` +
    `income ${money(income)} in total, expense ${money(expense)} in total.`
  );
}

/**
 * Compact axis amounts: 950 → "950", 2_250 → "2.25k", 12_500 → "12.5k", 3_000_000 → "3M",
 * 30_000_000_000 → "30B" (short enough for the axis at every amount a transaction can have).
 */
export function compactAmount(n: number): string {
  const abs = Math.abs(n);
  const sign = n < 0 ? '-' : '';
  if (abs >= 1_000_000_000_000) return `${sign}${Number((abs / 1_000_000_000_000).toFixed(2))}T`;
  if (abs >= 1_000_000_000) return `${sign}${Number((abs / 1_000_000_000).toFixed(2))}B`;
  if (abs >= 1_000_000) return `${sign}${Number((abs / 1_000_000).toFixed(2))}M`;
  if (abs >= 1_000) return `${sign}${Number((abs / 1_000).toFixed(2))}k`;
  return `${sign}${Number(abs.toFixed(0))}`;
}
