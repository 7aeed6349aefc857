import { describe, expect, it } from 'vitest';
import type { BreakdownItem } from '@ledgerly/shared';
import {
  PERIOD_OPTIONS,
  balanceSeriesLabel,
  compactAmount,
  pieSlices,
  pieSummary,
  shouldRotateLabels,
  showPieLabel,
  transactionCount,
  trendHasData,
  trendRows,
  trendSummary,
  trendTitle,
} from './dashboard-helpers';

const money = (n: number) => `$${n.toFixed(2)}`;

describe('dashboard helpers', () => {
  it('offers the three periods with This Month first', () => {
    expect(PERIOD_OPTIONS.map((o) => o.label)).toEqual(['This Month', 'This Year', 'All Time']);
    expect(PERIOD_OPTIONS[0].value).toBe('month');
  });

  it('titles the line chart per period', () => {
    expect(trendTitle('month')).toBe('This Month (Daily)');
    expect(trendTitle('year')).toBe('This Year (Monthly)');
    expect(trendTitle('all')).toBe('Last 12 Months');
  });

  it('labels pie slices only above 5 %', () => {
    expect(showPieLabel(5)).toBe(false);
    expect(showPieLabel(4.99)).toBe(false);
    expect(showPieLabel(5.01)).toBe(true);
    expect(showPieLabel(60)).toBe(true);
  });

  it('rotates daily axis labels only past 15 points', () => {
    expect(shouldRotateLabels('daily', 15)).toBe(false);
    expect(shouldRotateLabels('daily', 16)).toBe(true);
    expect(shouldRotateLabels('monthly', 12)).toBe(false);
    expect(shouldRotateLabels('monthly', 40)).toBe(false);
  });

  it('counts transactions in words', () => {
    expect(transactionCount(0)).toBe('0 transactions');
    expect(transactionCount(1)).toBe('1 transaction');
    expect(transactionCount(12)).toBe('12 transactions');
  });

  it('turns daily trends into rows with day ticks and full dates', () => {
    const rows = trendRows({
      granularity: 'daily',
      points: [
        { date: '2026-03-01', income: 0, expense: 0, balance: 0 },
        { date: '2026-03-05', income: 10, expense: 2.5, balance: 7.5 },
      ],
    });
    expect(rows.map((r) => [r.tick, r.label])).toEqual([
      ['Mar 1', 'Mar 1, 2026'],
      ['Mar 5', 'Mar 5, 2026'],
    ]);
    expect(trendHasData(rows)).toBe(true);
  });

  it("names the third series as the day's or month's net, not a running balance", () => {
    expect(balanceSeriesLabel('daily')).toBe("Balance (day's net)");
    expect(balanceSeriesLabel('monthly')).toBe("Balance (month's net)");
  });

  it('names months, with the year on ticks only when the span crosses years', () => {
    const point = (month: string) => ({ month, income: 0, expense: 0, balance: 0 });
    const oneYear = trendRows({ granularity: 'monthly', points: [point('2026-01'), point('2026-02')] });
    expect(oneYear.map((r) => r.tick)).toEqual(['Jan', 'Feb']);
    expect(oneYear.map((r) => r.label)).toEqual(['Jan 2026', 'Feb 2026']);
    const twoYears = trendRows({ granularity: 'monthly', points: [point('2025-12'), point('2026-01')] });
    expect(twoYears.map((r) => r.tick)).toEqual(["Dec '25", "Jan '26"]);
    // Every month present but all zero: nothing to draw.
    expect(trendHasData(twoYears)).toBe(false);
  });

  it('summarises the trend for screen readers without float drift', () => {
    const rows = trendRows({
      granularity: 'monthly',
      points: [
        { month: '2026-01', income: 0.1, expense: 0.2, balance: -0.1 },
        { month: '2026-02', income: 0.2, expense: 0.1, balance: 0.1 },
      ],
    });
    expect(trendSummary('This Year (Monthly)', rows, money)).toBe(
      'This Year (Monthly) line chart of income, expense and balance from Jan 2026 to Feb 2026: ' +
        'income $0.30 in total, expense $0.30 in total.',
    );
    expect(trendSummary('Last 12 Months', [], money)).toBe('Last 12 Months: no data.');
  });

  it('builds pie slices from the breakdown, dropping empty ones, and summarises them', () => {
    const item = (name: string, total: string, percentage: number): BreakdownItem => ({
      categoryId: name,
      categoryName: name,
      categoryIcon: '🍔',
      categoryColor: '#ef4444',
      total,
      count: 1,
      percentage,
    });
    const slices = pieSlices([item('Food', '75.50', 75.5), item('Fun', '24.50', 24.5), item('None', '0.00', 0)]);
    expect(slices.map((s) => [s.name, s.value, s.fill])).toEqual([
      ['Food', 75.5, '#ef4444'],
      ['Fun', 24.5, '#ef4444'],
    ]);
    expect(pieSummary(slices, money)).toBe('Expense breakdown pie chart: Food $75.50 (75.5%), Fun $24.50 (24.5%).');
  });

  it('formats percentages and compact axis amounts', () => {
    expect(compactAmount(950)).toBe('950');
    expect(compactAmount(12_500)).toBe('12.5k');
    expect(compactAmount(2_250)).toBe('2.25k');
    expect(compactAmount(-30_000_000_050)).toBe('-30B');
    expect(compactAmount(1_500_000_000_000)).toBe('1.5T');
    expect(compactAmount(-3_000_000)).toBe('-3M');
    expect(compactAmount(0)).toBe('0');
  });
});
