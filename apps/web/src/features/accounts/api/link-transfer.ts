import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfter } from '../../../lib/query-keys';

export interface TransferPair {
  outTransactionId: string;
  inTransactionId: string;
}

/** POST /transfers/link: the two rows become one transfer. */
export const linkTransfer = (pair: TransferPair) =>
  apiRequest<unknown>('/transfers/link', { method: 'POST', body: pair, fallback: 'Failed to link the transfer' });

export function useLinkTransfer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: linkTransfer, onSuccess: () => invalidateAfter(queryClient, 'accounts') });
}
