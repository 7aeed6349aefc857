import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Tag, TagCreateInput, TagTotal, TagUpdateInput } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfter, queryKeys } from '../../../lib/query-keys';

/** GET /tags: the user's tags by name, with usage counts. */
export const tagsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.tags,
    queryFn: async () => (await apiRequest<{ data: Tag[] }>('/tags', { fallback: 'Failed to fetch tags' })).data,
  });

export function useTags() {
  return useQuery(tagsQueryOptions());
}

export function useCreateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TagCreateInput) =>
      (await apiRequest<{ data: Tag }>('/tags', { method: 'POST', body, fallback: 'Failed to create tag' })).data,
    onSuccess: () => invalidateAfter(queryClient, 'tagAdded'),
  });
}

export function useUpdateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: TagUpdateInput & { id: string }) =>
      (await apiRequest<{ data: Tag }>(`/tags/${id}`, { method: 'PUT', body, fallback: 'Failed to update tag' })).data,
    onSuccess: () => invalidateAfter(queryClient, 'tagChanged'),
  });
}

export function useDeleteTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<undefined>(`/tags/${id}`, { method: 'DELETE', fallback: 'Failed to delete tag' }),
    onSuccess: () => invalidateAfter(queryClient, 'tagChanged'),
  });
}

/** GET /analytics/tags: spending per tag over a period. */
export function useTagTotals(range: { startDate: string; endDate: string; type: 'expense' | 'income' }) {
  return useQuery({
    queryKey: [...queryKeys.tags, 'totals', range],
    queryFn: async () =>
      (
        await apiRequest<{ data: TagTotal[] }>('/analytics/tags', {
          query: range,
          fallback: 'Failed to fetch spending by tag',
        })
      ).data,
  });
}
