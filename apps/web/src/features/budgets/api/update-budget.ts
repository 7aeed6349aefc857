import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BudgetStatusItem } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfter } from '../../../lib/query-keys';
import type { BudgetPayload } from './create-budget';

/** PUT /budgets/{id}: amount and period change; the category cannot. */
export const updateBudget = (id: string, body: BudgetPayload) =>
  apiRequest<{ data: BudgetStatusItem }>(`/budgets/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    fallback: 'Failed to save budget',
  });

export function useUpdateBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: BudgetPayload }) => (await updateBudget(id, body)).data,
    onSuccess: () => invalidateAfter(queryClient, 'budgets'),
  });
}
