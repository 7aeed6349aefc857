import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category, CategoryInput } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfter } from '../../../lib/query-keys';

/** POST /categories */
export const createCategory = (body: CategoryInput) =>
  apiRequest<{ data: Category }>('/categories', { method: 'POST', body, fallback: 'Failed to create category' });

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CategoryInput) => (await createCategory(body)).data,
    onSuccess: () => invalidateAfter(queryClient, 'categoryAdded'),
  });
}
