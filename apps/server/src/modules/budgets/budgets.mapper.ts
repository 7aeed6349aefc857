import type { BudgetPeriod, BudgetStatusItem } from '@ledgerly/shared';
import { budgetPercentage, budgetStatusOf, fromCents } from '@ledgerly/shared';
import type { BudgetStatusRow } from './budgets.repository.js';

/** Whole periods from `from` (a period's first day) to `to` (a later period's first day). */
export function periodsBetween(period: BudgetPeriod, from: string, to: string): number {
  const years = Number(to.slice(0, 4)) - Number(from.slice(0, 4));
  const n = period === 'yearly' ? years : years * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7));
  return Math.max(0, n);
}

/**
 * A budget with its spending → the API's status item (amounts in major units). With rollover,
 * the amount available is the budget plus what every past period since the one it was created
 * in left over (each past period had the budget's amount; overspending carries as a negative).
 */
export function toBudgetStatusItem(row: BudgetStatusRow, periodStart: string): BudgetStatusItem {
  const carriedCents = row.rollover
    ? periodsBetween(row.period, row.createdPeriodStart, periodStart) * row.amountCents - row.pastSpentCents
    : 0;
  const available = row.amountCents + carriedCents;
  // Nothing available (overspending carried over ate it all): the budget is used up.
  const nothingLeft = available <= 0;
  return {
    id: row.id,
    category: { id: row.category.id, name: row.category.name, icon: row.category.icon, color: row.category.color },
    period: row.period,
    budgetAmount: fromCents(row.amountCents),
    rollover: row.rollover,
    carriedOver: fromCents(carriedCents),
    availableAmount: fromCents(available),
    spentAmount: fromCents(row.spentCents),
    percentage: nothingLeft ? 100 : budgetPercentage(row.spentCents, available),
    remaining: fromCents(available - row.spentCents),
    status: nothingLeft ? 'exceeded' : budgetStatusOf(row.spentCents, available),
  };
}
