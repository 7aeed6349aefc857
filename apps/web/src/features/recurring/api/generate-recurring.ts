import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidateRecurring } from './recurring-cache';

export const generateRecurring = (id: string) =>
  apiRequest<{ data: unknown; message?: string }>(`/recurring/${id}/generate`, {
    method: 'POST',
    fallback: 'Failed to generate transaction',
  });

/** Generates the next occurrence of one item now. */
export function useGenerateRecurring() {
  const invalidate = useInvalidateRecurring();
  return useMutation({ mutationFn: generateRecurring, onSuccess: () => invalidate({ transactions: true }) });
}
