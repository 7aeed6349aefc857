import type { BudgetStatusItem } from '@ledgerly/shared';
import { Card } from '../../../components/ui/card';
import { FitText } from '../../../components/ui/fit-text';
import { useMoney } from '../../../lib/use-currency';
import { budgetTotals } from '../budget-totals';
import { BudgetBar, RemainingAmount, formatPercent } from './budget-status-ui';

const AMOUNT = 'min-w-0 text-base font-bold sm:text-xl';
// At phone width each total gets a row of its own (label left, figure right): three columns of
// 100 px cannot hold "$30,000,000,000.97" at a readable size.
const ITEM = 'flex min-w-0 items-baseline justify-between gap-3 sm:block';

/** The 'Overall Budget Status' panel: totals of the listed budgets in the user's currency. */
export function BudgetOverview({ items }: { items: readonly BudgetStatusItem[] }) {
  const { money } = useMoney();
  const totals = budgetTotals(items);
  return (
    <Card role="region" aria-labelledby="overall-budget-title">
      <h2 id="overall-budget-title" className="text-lg font-semibold">
        Overall Budget Status
      </h2>
      <dl className="mt-4 grid gap-2 sm:grid-cols-3 sm:gap-4">
        <div className={ITEM}>
          <dt className="shrink-0 text-xs text-slate-600 dark:text-slate-400">Total Budget</dt>
          <dd className={AMOUNT}>
            <FitText>{money(totals.budget)}</FitText>
          </dd>
        </div>
        <div className={ITEM}>
          <dt className="shrink-0 text-xs text-slate-600 dark:text-slate-400">Total Spent</dt>
          <dd className={AMOUNT}>
            <FitText>{money(totals.spent)}</FitText>
          </dd>
        </div>
        <RemainingAmount remaining={totals.remaining} format={money} className={ITEM} valueClassName={AMOUNT} />
      </dl>
      <div className="mt-5">
        <BudgetBar percentage={totals.percentage} status={totals.status} label="Overall budget used" size="lg" />
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {formatPercent(totals.percentage)} of your total budget used
        </p>
      </div>
    </Card>
  );
}
