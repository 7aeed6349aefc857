import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfter } from '../../../lib/query-keys';

export interface DeleteTransferInput {
  transferId: string;
  /** Unlink and keep this leg as a regular row of `categoryId`; absent deletes both legs. */
  keep?: { leg: 'out' | 'in'; categoryId: string };
}

/** DELETE /transfers/{id} (both legs) or DELETE /transfers/{id}?keep=out|in&categoryId=… */
export const deleteTransfer = ({ transferId, keep }: DeleteTransferInput) =>
  apiRequest<undefined>(`/transfers/${transferId}`, {
    method: 'DELETE',
    query: keep ? { keep: keep.leg, categoryId: keep.categoryId } : undefined,
    fallback: 'Failed to delete transaction',
  });

export function useDeleteTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTransfer,
    onSuccess: () => invalidateAfter(queryClient, 'transactions'),
  });
}
