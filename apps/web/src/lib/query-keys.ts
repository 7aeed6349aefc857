/**
 * Every server-state cache key in one place, so a change in one feature can refresh what it
 * affects elsewhere (a new transaction moves budgets and the dashboard too).
 */
export const queryKeys = {
  settings: ['settings'] as const,
  currencies: ['currencies'] as const,
  categories: (type?: 'expense' | 'income') => (type ? (['categories', type] as const) : (['categories'] as const)),
  transactions: ['transactions'] as const,
  transactionSummary: ['transactions-summary'] as const,
  budgets: ['budgets'] as const,
  recurring: ['recurring'] as const,
  recurringUpcoming: ['recurring-upcoming'] as const,
  analytics: ['analytics'] as const,
};

/** Keys whose data depends on the set of transactions. */
export const transactionDependentKeys = [
  queryKeys.transactions,
  queryKeys.transactionSummary,
  queryKeys.budgets,
  queryKeys.analytics,
] as const;
