import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecurringTransaction } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfter } from '../../../lib/query-keys';
import type { SkipRecurringInput } from './skip-recurring';

/** POST /recurring/{id}/unskip: the skipped occurrence is scheduled again. */
export const unskipRecurring = ({ id, date }: SkipRecurringInput) =>
  apiRequest<{ data: RecurringTransaction; message: string }>(`/recurring/${encodeURIComponent(id)}/unskip`, {
    method: 'POST',
    body: { date },
    fallback: 'Failed to undo the skip',
  });

/** Undoes a skip; the list and the upcoming occurrences reload. */
export function useUnskipRecurring() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unskipRecurring,
    onSuccess: () => invalidateAfter(queryClient, 'recurring'),
  });
}
