import type { BudgetStatusItem } from '@ledgerly/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useMoney } from '../../../lib/use-currency';
import { FitText } from '../../../components/ui/fit-text';
import { BudgetBar, RemainingAmount, StatusBadge, formatPercent } from './budget-status-ui';
import { Emoji } from '../../../components/ui/emoji';

export const PERIOD_LABEL = { monthly: 'Monthly', yearly: 'Yearly' } as const;

/** One budget: category, period, budget and spending, bar, status and remaining. */
export function BudgetCard({
  budget,
  onEdit,
  onDelete,
}: {
  budget: BudgetStatusItem;
  onEdit: (budget: BudgetStatusItem) => void;
  onDelete: (budget: BudgetStatusItem) => void;
}) {
  const { money } = useMoney();
  const { category } = budget;
  return (
    <Card className="flex h-full flex-col gap-4" data-testid="budget-card">
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <span
            aria-hidden="true"
            style={{ backgroundColor: `${category.color}26` }}
            className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl text-xl"
          >
            <Emoji emoji={category.icon} />
          </span>
          <div className="min-w-0">
            <h3 className="truncate font-semibold">{category.name}</h3>
            <p className="text-xs text-slate-600 dark:text-slate-400">
              {PERIOD_LABEL[budget.period]}
              {budget.rollover ? ' · Carries over' : ''}
            </p>
          </div>
        </div>
        <StatusBadge status={budget.status} />
      </div>

      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div className="min-w-0">
          <dt className="text-xs text-slate-600 dark:text-slate-400">Budget</dt>
          <dd className="font-semibold">
            <FitText>{money(budget.budgetAmount)}</FitText>
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-slate-600 dark:text-slate-400">Spent</dt>
          <dd className="font-semibold">
            <FitText>{money(budget.spentAmount)}</FitText>
          </dd>
        </div>
      </dl>

      {budget.rollover && budget.carriedOver !== 0 && (
        <p className="-mt-2 text-xs text-slate-600 dark:text-slate-400" data-testid="carried-over">
          Includes {money(budget.carriedOver)} carried over
          {budget.carriedOver < 0 ? ' (overspent before)' : ''}: {money(budget.availableAmount)} available
        </p>
      )}

      <div>
        <BudgetBar percentage={budget.percentage} status={budget.status} label={`${category.name} budget used`} />
        <div className="mt-2 flex items-end justify-between gap-3 text-sm">
          <dl className="min-w-0">
            <RemainingAmount remaining={budget.remaining} format={money} />
          </dl>
          <span className="shrink-0 font-medium text-slate-700 dark:text-slate-300">
            {formatPercent(budget.percentage)}
          </span>
        </div>
      </div>

      <div className="mt-auto flex gap-2 border-t border-slate-100 pt-3 dark:border-slate-800">
        <Button
          variant="secondary"
          size="sm"
          className="flex-1"
          aria-label={`Edit ${category.name} budget`}
          onClick={() => onEdit(budget)}
        >
          Edit
        </Button>
        <Button
          variant="secondary"
          size="sm"
          className="flex-1 text-red-700! dark:text-red-400!"
          aria-label={`Delete ${category.name} budget`}
          onClick={() => onDelete(budget)}
        >
          Delete
        </Button>
      </div>
    </Card>
  );
}
