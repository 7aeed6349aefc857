import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { TransferPair } from './link-transfer';
import { transferSuggestionsQueryOptions } from './get-transfer-suggestions';

/** POST /transfers/suggestions/reject: the pair is not a transfer (remembered, never offered again). */
export const rejectTransferSuggestion = (pair: TransferPair) =>
  apiRequest<unknown>('/transfers/suggestions/reject', {
    method: 'POST',
    body: pair,
    fallback: 'Failed to dismiss the suggestion',
  });

export function useRejectTransferSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectTransferSuggestion,
    // Nothing else changes: only the list of suggestions.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transferSuggestionsQueryOptions.queryKey }),
  });
}
