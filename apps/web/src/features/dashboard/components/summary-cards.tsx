import type { AnalyticsSummary } from '@ledgerly/shared';
import { StatCard } from '../../../components/ui/stat-card';
import { useMoney } from '../../../lib/use-currency';
import { transactionCount } from '../lib/dashboard-helpers';

/** The four figures of the period. Without a summary (the load failed) they show a dash. */
export function SummaryCards({ summary }: { summary: AnalyticsSummary | undefined }) {
  const { money } = useMoney();
  const show = (n: number | undefined) => (n === undefined ? '—' : money(n));
  const count = (n: number | undefined) => (n === undefined ? undefined : transactionCount(n));
  const negative = (summary?.balance ?? 0) < 0;
  return (
    // At phone width four compact cards in two rows of two (in one row of four every label and
    // note would be cut to "Total Ex…"), so the recent list still starts on the first screen.
    <div className="grid grid-cols-2 gap-2 sm:gap-4 xl:grid-cols-4">
      <StatCard
        label="Total Income"
        icon="💰"
        value={show(summary?.totalIncome)}
        note={count(summary?.incomeCount)}
        tone="positive"
        dense
      />
      <StatCard
        label="Total Expenses"
        icon="💸"
        value={show(summary?.totalExpense)}
        note={count(summary?.expenseCount)}
        tone="negative"
        dense
      />
      <StatCard
        label="Balance"
        icon={negative ? '📉' : '📈'}
        value={show(summary?.balance)}
        note={count(summary?.transactionCount)}
        tone={negative ? 'negative' : 'accent'}
        dense
      />
      <StatCard
        label="Avg Expense"
        icon="🧾"
        value={show(summary?.avgExpense)}
        note={summary ? 'per transaction' : undefined}
        dense
      />
    </div>
  );
}
