import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardData, DashboardPeriod, TagMode } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const DASHBOARD_FALLBACK = 'Failed to load summary';

/** The Dashboard's tag filter (docs/tags.md): none when `tagIds` is empty. */
export interface DashboardTags {
  tagIds: string[];
  tagMode: TagMode;
}

const NO_TAGS: DashboardTags = { tagIds: [], tagMode: 'any' };

/** Everything the Dashboard tab shows for a period (of the rows with the tags), in one round trip. */
export const getDashboard = (period: DashboardPeriod, signal?: AbortSignal, tags: DashboardTags = NO_TAGS) =>
  apiRequest<{ data: DashboardData }>('/analytics/dashboard', {
    query: tags.tagIds.length ? { period, tagIds: tags.tagIds.join(','), tagMode: tags.tagMode } : { period },
    fallback: DASHBOARD_FALLBACK,
    signal,
  });

export const dashboardQueryOptions = (period: DashboardPeriod, tags: DashboardTags = NO_TAGS) =>
  queryOptions({
    // Under the analytics key, so invalidating transactionDependentKeys refreshes it.
    queryKey: [
      ...queryKeys.analytics,
      'dashboard',
      period,
      ...(tags.tagIds.length ? [tags.tagMode, ...tags.tagIds] : []),
    ] as const,
    queryFn: async ({ signal }) => (await getDashboard(period, signal, tags)).data,
    // The figures of the previous period stay on screen (dimmed) until the new ones arrive.
    placeholderData: keepPreviousData,
    // Spec §4: changing the period reloads all data, also when going back to a period seen
    // moments ago (its cached figures show while the fresh ones load).
    staleTime: 0,
  });

export function useDashboard(period: DashboardPeriod, tags: DashboardTags = NO_TAGS) {
  return useQuery(dashboardQueryOptions(period, tags));
}
