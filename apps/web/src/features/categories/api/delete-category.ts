import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfter } from '../../../lib/query-keys';

/** DELETE /categories/{id} (204; refused with 409 while transactions or recurring items use it). */
export const deleteCategory = (id: string) =>
  apiRequest<undefined>(`/categories/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    fallback: 'Failed to delete category',
  });

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    // Budgets on a deleted category go with it. Awaited: the confirmation closes once the card
    // is gone, so focus never returns to it.
    onSuccess: () => invalidateAfter(queryClient, 'categoryChanged'),
  });
}
