import { monthLabel, type NetWorthPoint } from '@ledgerly/shared';

export type NetWorthRange = '1y' | '5y' | '10y';

export const NET_WORTH_RANGES: readonly { value: NetWorthRange; label: string; months: number }[] = [
  { value: '1y', label: '1 year', months: 12 },
  { value: '5y', label: '5 years', months: 60 },
  { value: '10y', label: '10 years', months: 120 },
];

/** The last months of the series that the range covers (the series is oldest first). */
export function pointsInRange(points: readonly NetWorthPoint[], range: NetWorthRange): NetWorthPoint[] {
  const months = NET_WORTH_RANGES.find((r) => r.value === range)?.months ?? 12;
  return points.slice(-months);
}

/** What a screen reader hears for the chart: the span and where net worth went. */
export function netWorthSummary(points: readonly NetWorthPoint[], money: (n: number) => string): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return 'Net worth: no data';
  return `Net worth from ${monthLabel(first.month)} to ${monthLabel(last.month)}: ${money(first.netWorth)} to ${money(last.netWorth)}`;
}
