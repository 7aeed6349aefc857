import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidateRecurring } from './recurring-cache';

export const generateAllRecurring = () =>
  apiRequest<{ data: { generated: number }; message?: string }>('/recurring/generate', {
    method: 'POST',
    fallback: 'Failed to generate transactions',
  });

/** Generates every due occurrence of every active item (catching up missed ones). */
export function useGenerateAllRecurring() {
  const invalidate = useInvalidateRecurring();
  return useMutation({ mutationFn: generateAllRecurring, onSuccess: () => invalidate({ transactions: true }) });
}
