import { useMutation } from '@tanstack/react-query';
import type { RecurringTransaction } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';
import type { RecurringPayload } from '../lib/recurring-form';
import { useInvalidateRecurring } from './recurring-cache';

export const createRecurring = (body: RecurringPayload) =>
  apiRequest<{ data: RecurringTransaction }>('/recurring', {
    method: 'POST',
    body,
    fallback: 'Failed to save recurring transaction',
  });

export function useCreateRecurring() {
  const invalidate = useInvalidateRecurring();
  return useMutation({ mutationFn: createRecurring, onSuccess: () => invalidate() });
}
