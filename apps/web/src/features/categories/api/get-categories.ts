import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getCategories = (type?: 'expense' | 'income') =>
  apiRequest<{ data: Category[] }>('/categories', { query: { type }, fallback: 'Failed to fetch categories' });

/** All of the user's categories (filter by type on the client: the list is small). */
export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.categories(),
    queryFn: async () => (await getCategories()).data,
  });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
