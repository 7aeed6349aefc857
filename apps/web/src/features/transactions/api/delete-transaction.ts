import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateTransactionDependents } from './invalidate-transactions';

export const deleteTransaction = (id: string) =>
  apiRequest<void>(`/transactions/${id}`, { method: 'DELETE', fallback: 'Failed to delete transaction' });

export function useDeleteTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTransaction,
    onSuccess: () => invalidateTransactionDependents(queryClient),
  });
}
