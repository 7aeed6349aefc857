import { StatCard } from '../../../components/ui/stat-card';
import { useMoney } from '../../../lib/use-currency';
import { useTransactionSummary } from '../api/get-transaction-summary';
import type { TransactionFilters } from '../filters';

/** Total Income, Total Expenses and Balance of the transactions matching the filters. */
export function TransactionSummaryCards({ filters }: { filters: TransactionFilters }) {
  const { money } = useMoney();
  // A failed summary is only logged (in the query); the cards then show zero.
  const { data } = useTransactionSummary(filters);
  const balance = data?.balance ?? 0;
  return (
    // One row at every width (compact cards on a phone), so the list starts on the first screen.
    <div className="grid grid-cols-3 gap-2 sm:gap-4">
      <StatCard label="Total Income" value={money(data?.totalIncome ?? 0)} tone="positive" icon="💰" dense />
      <StatCard label="Total Expenses" value={money(data?.totalExpense ?? 0)} tone="negative" icon="💸" dense />
      <StatCard label="Balance" value={money(balance)} tone={balance >= 0 ? 'positive' : 'negative'} icon="⚖️" dense />
    </div>
  );
}
