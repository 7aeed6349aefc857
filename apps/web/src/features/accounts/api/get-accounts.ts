import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Account } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const ACCOUNTS_FALLBACK = 'Failed to load accounts';

/** Every account of the user, open and closed, with its balances. */
export const getAccounts = (signal?: AbortSignal) =>
  apiRequest<{ data: Account[] }>('/accounts', { fallback: ACCOUNTS_FALLBACK, signal });

export const accountsQueryOptions = queryOptions({
  queryKey: [...queryKeys.accounts, 'list'] as const,
  queryFn: async ({ signal }) => (await getAccounts(signal)).data,
});

export function useAccounts() {
  return useQuery(accountsQueryOptions);
}
