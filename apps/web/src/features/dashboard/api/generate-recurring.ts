import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfter } from '../../../lib/query-keys';

interface GenerateAllResponse {
  data?: { generated?: number };
  message?: string;
}

export const generateDueRecurring = () =>
  apiRequest<GenerateAllResponse>('/recurring/generate', {
    method: 'POST',
    fallback: 'Failed to generate transactions',
  });

/**
 * On each opening of the dashboard, silently generates the recurring transactions that are due.
 * Failures are only logged. If anything was generated, the figures that depend on it refresh.
 */
export function useGenerateDueRecurringOnOpen(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    // Not cancelled on unmount: what was generated must show wherever the user goes next.
    generateDueRecurring()
      .then((res) => (res.data?.generated ? invalidateAfter(queryClient, 'recurringGenerated') : undefined))
      .catch((error: unknown) => {
        console.warn('Automatic recurring generation failed', error);
      });
  }, [queryClient]);
}
