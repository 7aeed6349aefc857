import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfter } from '../../../lib/query-keys';

export const generateAllRecurring = () =>
  apiRequest<{ data: { generated: number }; message?: string }>('/recurring/generate', {
    method: 'POST',
    fallback: 'Failed to generate transactions',
  });

/** Generates every due occurrence of every active item (catching up missed ones). */
export function useGenerateAllRecurring() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateAllRecurring,
    onSuccess: () => invalidateAfter(queryClient, 'recurringGenerated'),
  });
}
