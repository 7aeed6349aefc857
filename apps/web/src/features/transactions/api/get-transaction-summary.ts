import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TransactionSummary } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { filterQuery, type TransactionFilters } from '../filters';

export const getTransactionSummary = (filters: TransactionFilters, signal?: AbortSignal) =>
  apiRequest<{ data: TransactionSummary }>('/transactions/summary', {
    query: filterQuery(filters),
    fallback: 'Failed to fetch summary',
    signal,
  });

export const transactionSummaryQueryOptions = (filters: TransactionFilters) =>
  queryOptions({
    queryKey: [...queryKeys.transactionSummary, filters],
    queryFn: async ({ signal }) => {
      try {
        return (await getTransactionSummary(filters, signal)).data;
      } catch (error) {
        // The spec: a failed summary is only logged, never shown.
        if ((error as Error).name !== 'AbortError') console.error('Failed to fetch summary', error);
        throw error;
      }
    },
  });

/** Income, expense and balance of the transactions matching the filters. */
export function useTransactionSummary(filters: TransactionFilters) {
  return useQuery({ ...transactionSummaryQueryOptions(filters), placeholderData: keepPreviousData });
}
