import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidateRecurring } from './recurring-cache';

export const deleteRecurring = (id: string) =>
  apiRequest<void>(`/recurring/${id}`, { method: 'DELETE', fallback: 'Failed to delete recurring transaction' });

/** Deletes an item; transactions it already generated stay. */
export function useDeleteRecurring() {
  const invalidate = useInvalidateRecurring();
  return useMutation({ mutationFn: deleteRecurring, onSuccess: () => invalidate() });
}
