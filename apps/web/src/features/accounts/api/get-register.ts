import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { RegisterPage } from '../types';

export const REGISTER_PAGE_SIZE = 50;

/** One page of an account's register, newest first, each row with the balance after it. */
export const getRegister = (accountId: string, cursor: string | null, signal?: AbortSignal) =>
  apiRequest<RegisterPage>(`/accounts/${accountId}/register`, {
    query: { limit: REGISTER_PAGE_SIZE, cursor },
    fallback: cursor ? 'Failed to load transactions' : 'Failed to fetch transactions',
    signal,
  });

export const registerQueryOptions = (accountId: string) =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.accounts, 'register', accountId] as const,
    queryFn: ({ pageParam, signal }) => getRegister(accountId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.nextCursor ?? undefined,
  });

export function useRegister(accountId: string) {
  return useInfiniteQuery(registerQueryOptions(accountId));
}
