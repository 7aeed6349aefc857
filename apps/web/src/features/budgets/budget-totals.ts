import type { BudgetStatus, BudgetStatusItem } from '@ledgerly/shared';
import { budgetPercentage, budgetStatusOf, fromCents } from '@ledgerly/shared';

export interface BudgetTotals {
  budget: number;
  spent: number;
  remaining: number;
  percentage: number;
  status: BudgetStatus;
}

/** Amounts arrive in major units with at most two decimals: back to exact cents. */
const cents = (amount: number) => Math.round(amount * 100);

/** The overall figures of a list of budgets, summed on integer cents with the server's rules. */
export function budgetTotals(items: readonly BudgetStatusItem[]): BudgetTotals {
  let budget = 0;
  let spent = 0;
  for (const item of items) {
    // What is available: with rollover, the amount carried over counts too.
    budget += cents(item.availableAmount);
    spent += cents(item.spentAmount);
  }
  return {
    budget: fromCents(budget),
    spent: fromCents(spent),
    remaining: fromCents(budget - spent),
    percentage: budgetPercentage(spent, budget),
    status: budget > 0 ? budgetStatusOf(spent, budget) : 'safe',
  };
}
