import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BudgetPeriod, BudgetStatusItem } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfter } from '../../../lib/query-keys';

/** The budget payload of the spec: the amount is a number in major units. */
export interface BudgetPayload {
  categoryId: string;
  amount: number;
  period: BudgetPeriod;
  /** "Carry over unspent amount". */
  rollover: boolean;
}

/** POST /budgets (409 when the category already has a budget of that period). */
export const createBudget = (body: BudgetPayload) =>
  apiRequest<{ data: BudgetStatusItem }>('/budgets', { method: 'POST', body, fallback: 'Failed to save budget' });

export function useCreateBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: BudgetPayload) => (await createBudget(body)).data,
    onSuccess: () => invalidateAfter(queryClient, 'budgets'),
  });
}
