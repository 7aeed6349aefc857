import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CategoryMoveResult } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfter } from '../../../lib/query-keys';

export interface DeleteCategoryInput {
  id: string;
  /** A category of the same type that takes over its transactions, recurring items and budgets. */
  moveTo?: string;
}

/** The answer of a delete with `moveTo` (a plain delete answers 204: undefined). */
export interface MovedAnswer {
  data: CategoryMoveResult;
  message: string;
}

/**
 * DELETE /categories/{id}[?moveTo=]: 204; refused with 409 CATEGORY_IN_USE while transactions
 * or recurring items use it, unless `moveTo` is given (200, what moved and a message).
 */
export const deleteCategory = ({ id, moveTo }: DeleteCategoryInput) =>
  apiRequest<MovedAnswer | undefined>(`/categories/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    query: { moveTo },
    fallback: 'Failed to delete category',
  });

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    // Moved transactions, recurring items and budgets change category; budgets on a deleted
    // category go with it. Awaited: the confirmation closes once the card is gone, so focus never
    // returns to it.
    onSuccess: () => invalidateAfter(queryClient, 'categoryChanged'),
  });
}
