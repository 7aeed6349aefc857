import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfter } from '../../../lib/query-keys';

export const generateRecurring = (id: string) =>
  apiRequest<{ data: unknown; message?: string }>(`/recurring/${id}/generate`, {
    method: 'POST',
    fallback: 'Failed to generate transaction',
  });

/** Generates the next occurrence of one item now. */
export function useGenerateRecurring() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateRecurring,
    onSuccess: () => invalidateAfter(queryClient, 'recurringGenerated'),
  });
}
