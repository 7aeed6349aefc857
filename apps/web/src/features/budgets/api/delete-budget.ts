import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfter } from '../../../lib/query-keys';

/** DELETE /budgets/{id} (204). */
export const deleteBudget = (id: string) =>
  apiRequest<undefined>(`/budgets/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    fallback: 'Failed to delete budget',
  });

export function useDeleteBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBudget,
    onSuccess: () => invalidateAfter(queryClient, 'budgets'),
  });
}
