import { queryOptions } from '@tanstack/react-query';
import type { Settings } from '@ledgerly/shared';
import { apiRequest } from './api-client';
import { queryKeys } from './query-keys';

export const fetchSettings = () =>
  apiRequest<{ data: Settings }>('/settings', { fallback: 'Failed to fetch settings' });

/** The user's settings, read once on load; mutations update this cache. */
export const settingsQueryOptions = queryOptions({
  queryKey: queryKeys.settings,
  queryFn: async () => (await fetchSettings()).data,
  staleTime: Infinity,
  retry: false,
});
