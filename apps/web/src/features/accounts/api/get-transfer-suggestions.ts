import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { TransferSuggestion } from '../types';

export const getTransferSuggestions = (signal?: AbortSignal) =>
  apiRequest<{ data: TransferSuggestion[] }>('/transfers/suggestions', {
    fallback: 'Failed to load possible transfers',
    signal,
  });

export const transferSuggestionsQueryOptions = queryOptions({
  queryKey: [...queryKeys.accounts, 'transfer-suggestions'] as const,
  queryFn: async ({ signal }) => (await getTransferSuggestions(signal)).data,
});

/** Pairs of rows that look like one transfer but were not linked on their own. */
export function useTransferSuggestions() {
  return useQuery(transferSuggestionsQueryOptions);
}
