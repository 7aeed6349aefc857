import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfter } from '../../../lib/query-keys';
import type { Reconciliation } from '../types';

/** POST /reconciliations/{id}/reopen: its rows go back to cleared and can be changed again. */
export const reopenReconciliation = (id: string) =>
  apiRequest<{ data: Reconciliation }>(`/reconciliations/${id}/reopen`, {
    method: 'POST',
    fallback: 'Failed to reopen reconciliation',
  });

export function useReopenReconciliation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: reopenReconciliation, onSuccess: () => invalidateAfter(queryClient, 'accounts') });
}
