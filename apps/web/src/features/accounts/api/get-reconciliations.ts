import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { Reconciliation } from '../types';

export const getReconciliations = (accountId: string, signal?: AbortSignal) =>
  apiRequest<{ data: Reconciliation[] }>(`/accounts/${accountId}/reconciliations`, {
    fallback: 'Failed to load reconciliations',
    signal,
  });

export const reconciliationsQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: [...queryKeys.accounts, 'reconciliations', accountId] as const,
    queryFn: async ({ signal }) => (await getReconciliations(accountId, signal)).data,
  });

/** An account's reconciliations, newest statement first. */
export function useReconciliations(accountId: string) {
  return useQuery(reconciliationsQueryOptions(accountId));
}
