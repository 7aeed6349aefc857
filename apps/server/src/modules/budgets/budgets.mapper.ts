import type { BudgetStatusItem } from '@ledgerly/shared';
import { budgetPercentage, budgetStatusOf, fromCents } from '@ledgerly/shared';
import type { BudgetStatusRow } from './budgets.repository.js';

/** A budget with its spending → the API's status item (amounts in major units). */
export function toBudgetStatusItem(row: BudgetStatusRow): BudgetStatusItem {
  return {
    id: row.id,
    category: { id: row.category.id, name: row.category.name, icon: row.category.icon, color: row.category.color },
    period: row.period,
    budgetAmount: fromCents(row.amountCents),
    spentAmount: fromCents(row.spentCents),
    percentage: budgetPercentage(row.spentCents, row.amountCents),
    remaining: fromCents(row.amountCents - row.spentCents),
    status: budgetStatusOf(row.spentCents, row.amountCents),
  };
}
