import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfter } from '../../../lib/query-keys';

export const deleteRecurring = (id: string) =>
  apiRequest<undefined>(`/recurring/${id}`, { method: 'DELETE', fallback: 'Failed to delete recurring transaction' });

/** Deletes an item; transactions it already generated stay. */
export function useDeleteRecurring() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteRecurring, onSuccess: () => invalidateAfter(queryClient, 'recurring') });
}
