import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category, CategoryInput } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfter } from '../../../lib/query-keys';

/** PUT /categories/{id} */
export const updateCategory = (id: string, body: CategoryInput) =>
  apiRequest<{ data: Category }>(`/categories/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    fallback: 'Failed to update category',
  });

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: CategoryInput }) => (await updateCategory(id, input)).data,
    // Transactions, budgets and recurring items show the category's name, icon and colour.
    onSuccess: () => invalidateAfter(queryClient, 'categoryChanged'),
  });
}
