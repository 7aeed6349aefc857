import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { LIMITS, type Page, type Transaction } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { filterQuery, type TransactionFilters } from '../filters';

export const TRANSACTIONS_PAGE_SIZE = LIMITS.pageSizeDefault;

/** One page of the user's transactions, newest first. */
export const getTransactions = (filters: TransactionFilters, cursor: string | null, signal?: AbortSignal) =>
  apiRequest<Page<Transaction>>('/transactions', {
    query: { ...filterQuery(filters), limit: TRANSACTIONS_PAGE_SIZE, cursor },
    // The first page "fetches" the list; later pages "load" more of it.
    fallback: cursor ? 'Failed to load transactions' : 'Failed to fetch transactions',
    signal,
  });

export const transactionsQueryOptions = (filters: TransactionFilters) =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.transactions, 'list', filters],
    queryFn: ({ pageParam, signal }) => getTransactions(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.nextCursor ?? undefined,
  });

/** Pages of transactions matching the filters; the old list stays shown while new filters load. */
export function useTransactions(filters: TransactionFilters) {
  return useInfiniteQuery({ ...transactionsQueryOptions(filters), placeholderData: keepPreviousData });
}
