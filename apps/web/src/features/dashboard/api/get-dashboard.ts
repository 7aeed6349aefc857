import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardData, DashboardPeriod } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const DASHBOARD_FALLBACK = 'Failed to load summary';

/** Everything the Dashboard tab shows for a period, in one round trip. */
export const getDashboard = (period: DashboardPeriod, signal?: AbortSignal) =>
  apiRequest<{ data: DashboardData }>('/analytics/dashboard', {
    query: { period },
    fallback: DASHBOARD_FALLBACK,
    signal,
  });

export const dashboardQueryOptions = (period: DashboardPeriod) =>
  queryOptions({
    // Under the analytics key, so invalidating transactionDependentKeys refreshes it.
    queryKey: [...queryKeys.analytics, 'dashboard', period] as const,
    queryFn: async ({ signal }) => (await getDashboard(period, signal)).data,
    // The figures of the previous period stay on screen (dimmed) until the new ones arrive.
    placeholderData: keepPreviousData,
    // Spec §4: changing the period reloads all data, also when going back to a period seen
    // moments ago (its cached figures show while the fresh ones load).
    staleTime: 0,
  });

export function useDashboard(period: DashboardPeriod) {
  return useQuery(dashboardQueryOptions(period));
}
