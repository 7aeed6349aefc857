import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Transfer } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /transfers/{id}: both legs of a transfer (the form reads the category from either). */
export const getTransfer = (id: string, signal?: AbortSignal) =>
  apiRequest<{ data: Transfer }>(`/transfers/${id}`, { fallback: 'Failed to load the transfer', signal });

// Under the transactions' key: every change of transactions makes it stale too.
export const transferQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...queryKeys.transactions, 'transfer', id] as const,
    queryFn: async ({ signal }) => (await getTransfer(id, signal)).data,
  });

/** The transfer `id`, or nothing while `id` is null. */
export function useTransfer(id: string | null) {
  return useQuery({ ...transferQueryOptions(id ?? ''), enabled: id !== null });
}
