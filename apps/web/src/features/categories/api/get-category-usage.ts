import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryUsage } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getCategoryUsage = (id: string) =>
  apiRequest<{ data: CategoryUsage }>(`/categories/${encodeURIComponent(id)}/usage`, {
    fallback: 'Failed to fetch categories',
  });

/**
 * What uses a category, read afresh each time the delete dialog opens on it (under the
 * categories key, so any category change marks it stale too).
 */
export const categoryUsageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...queryKeys.categories(), 'usage', id] as const,
    queryFn: async () => (await getCategoryUsage(id)).data,
    staleTime: 0,
    gcTime: 0,
  });

export function useCategoryUsage(id: string | undefined) {
  return useQuery({ ...categoryUsageQueryOptions(id ?? ''), enabled: id !== undefined });
}
