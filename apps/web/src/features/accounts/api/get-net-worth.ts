import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NetWorthPoint } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Ten years of month ends: the chart's longest range; shorter ranges are its tail. */
export const NET_WORTH_MONTHS = 120;

export const getNetWorth = (months: number, signal?: AbortSignal) =>
  apiRequest<{ data: NetWorthPoint[] }>('/analytics/net-worth', {
    query: { months },
    fallback: 'Failed to load net worth',
    signal,
  });

export const netWorthQueryOptions = queryOptions({
  // Under the analytics key: every transaction change refreshes it.
  queryKey: [...queryKeys.analytics, 'net-worth', NET_WORTH_MONTHS] as const,
  queryFn: async ({ signal }) => (await getNetWorth(NET_WORTH_MONTHS, signal)).data,
});

export function useNetWorth(enabled = true) {
  return useQuery({ ...netWorthQueryOptions, enabled });
}
