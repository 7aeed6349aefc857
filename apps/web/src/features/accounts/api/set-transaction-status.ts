import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Transaction } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfter } from '../../../lib/query-keys';

export type ClearedStatus = 'cleared' | 'uncleared';

/** PUT /transactions/{id}/status: ticks a row cleared, or unticks it. */
export const setTransactionStatus = ({ id, status }: { id: string; status: ClearedStatus }) =>
  apiRequest<{ data: Transaction }>(`/transactions/${id}/status`, {
    method: 'PUT',
    body: { status },
    fallback: 'Failed to update transaction',
  });

export function useSetTransactionStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTransactionStatus,
    onSuccess: () => invalidateAfter(queryClient, 'transactions'),
  });
}
