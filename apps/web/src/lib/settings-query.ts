import { queryOptions } from '@tanstack/react-query';
import type { Settings } from '@ledgerly/shared';
import { apiRequest } from './api-client';

export const settingsKey = ['settings'] as const;

export const fetchSettings = () =>
  apiRequest<{ data: Settings }>('/settings', { fallback: 'Failed to fetch settings' });

/** The user's settings, read once on load; mutations update this cache. */
export const settingsQueryOptions = queryOptions({
  queryKey: settingsKey,
  queryFn: async () => (await fetchSettings()).data,
  staleTime: Infinity,
  retry: false,
});
