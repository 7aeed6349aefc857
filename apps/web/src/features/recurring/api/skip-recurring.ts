import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecurringTransaction } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfter } from '../../../lib/query-keys';

export interface SkipRecurringInput {
  id: string;
  /** The scheduled date of the occurrence to skip. */
  date: string;
}

/** POST /recurring/{id}/skip: that occurrence is never generated; the schedule moves on. */
export const skipRecurring = ({ id, date }: SkipRecurringInput) =>
  apiRequest<{ data: RecurringTransaction; message: string }>(`/recurring/${encodeURIComponent(id)}/skip`, {
    method: 'POST',
    body: { date },
    fallback: 'Failed to skip the occurrence',
  });

/** Skips one occurrence; the list and the upcoming occurrences reload (nothing else changes). */
export function useSkipRecurring() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: skipRecurring,
    onSuccess: () => invalidateAfter(queryClient, 'recurring'),
  });
}
