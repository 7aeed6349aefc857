import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BudgetPeriod, BudgetStatusItem } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /budgets/status?period= — the user's budgets of one period with this month's or year's spending. */
export const getBudgetStatus = (period: BudgetPeriod) =>
  apiRequest<{ data: BudgetStatusItem[] }>('/budgets/status', {
    query: { period },
    fallback: 'Failed to load budgets',
  });

export const budgetStatusQueryOptions = (period: BudgetPeriod) =>
  queryOptions({
    // Under queryKeys.budgets, so a transaction change (which invalidates it) refreshes both periods.
    queryKey: [...queryKeys.budgets, 'status', period] as const,
    queryFn: async () => (await getBudgetStatus(period)).data,
  });

export function useBudgetStatus(period: BudgetPeriod) {
  // Opening the tab always shows spending as the server has it now.
  return useQuery({ ...budgetStatusQueryOptions(period), refetchOnMount: 'always' });
}
