import { useQuery } from '@tanstack/react-query';
import type { Page, Transaction } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** How many transactions an account holds (one row of GET /transactions?accountId, its total). */
export const countAccountRows = async (accountId: string, signal?: AbortSignal) =>
  (
    await apiRequest<Page<Transaction>>('/transactions', {
      query: { accountId, limit: 1 },
      fallback: 'Failed to fetch transactions',
      signal,
    })
  ).meta.total;

export function useAccountRowCount(accountId: string | null) {
  return useQuery({
    queryKey: [...queryKeys.accounts, 'row-count', accountId] as const,
    queryFn: ({ signal }) => countAccountRows(accountId ?? '', signal),
    enabled: accountId !== null,
    staleTime: 0,
  });
}
