import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecurringTransaction } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';
import type { RecurringPayload } from '../lib/recurring-form';
import { invalidateAfter } from '../../../lib/query-keys';

export const createRecurring = (body: RecurringPayload) =>
  apiRequest<{ data: RecurringTransaction }>('/recurring', {
    method: 'POST',
    body,
    fallback: 'Failed to save recurring transaction',
  });

export function useCreateRecurring() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createRecurring, onSuccess: () => invalidateAfter(queryClient, 'recurring') });
}
