import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfter } from '../../../lib/query-keys';

export const deleteTransaction = (id: string) =>
  apiRequest<undefined>(`/transactions/${id}`, { method: 'DELETE', fallback: 'Failed to delete transaction' });

export function useDeleteTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTransaction,
    onSuccess: () => invalidateAfter(queryClient, 'transactions'),
  });
}
