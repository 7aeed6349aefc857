import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecurringTransaction } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';
import type { RecurringPayload } from '../lib/recurring-form';
import { invalidateAfter } from '../../../lib/query-keys';

export const updateRecurring = ({ id, payload }: { id: string; payload: RecurringPayload }) =>
  apiRequest<{ data: RecurringTransaction }>(`/recurring/${id}`, {
    method: 'PUT',
    body: payload,
    fallback: 'Failed to save recurring transaction',
  });

/** Saves an edited item (its active flag included: the only way to pause or resume it). */
export function useUpdateRecurring() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateRecurring, onSuccess: () => invalidateAfter(queryClient, 'recurring') });
}
