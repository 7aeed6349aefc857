import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkAction, BulkResult } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfter } from '../../../lib/query-keys';
import { filterQuery, type TransactionFilters } from '../filters';

export interface BulkEditInput {
  /** The chosen rows, or every row matching `filter` ("Select all N matching"). */
  selection: { ids: string[] } | { filter: TransactionFilters };
  action: BulkAction;
  categoryId?: string;
  /** For addTag and removeTag. */
  tagId?: string;
}

/** POST /transactions/bulk: one action on many rows. */
export const bulkEdit = ({ selection, action, categoryId, tagId }: BulkEditInput) =>
  apiRequest<{ data: BulkResult }>('/transactions/bulk', {
    method: 'POST',
    body: {
      ...('ids' in selection
        ? { ids: selection.ids }
        : // The filter as the list asks for it; empty fields left out.
          { filter: Object.fromEntries(Object.entries(filterQuery(selection.filter)).filter(([, v]) => v)) }),
      action,
      ...(categoryId ? { categoryId } : {}),
      ...(tagId ? { tagId } : {}),
    },
    fallback: 'Failed to update transactions',
  });

export function useBulkEdit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkEdit,
    onSuccess: () => invalidateAfter(queryClient, 'transactions'),
  });
}
