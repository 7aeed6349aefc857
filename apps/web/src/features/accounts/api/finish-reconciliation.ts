import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfter } from '../../../lib/query-keys';
import type { Reconciliation } from '../types';

/** POST /reconciliations/{id}/finish; `adjust` books the difference as an adjustment row. */
export const finishReconciliation = ({ id, adjust }: { id: string; adjust: boolean }) =>
  apiRequest<{ data: Reconciliation }>(`/reconciliations/${id}/finish`, {
    method: 'POST',
    body: adjust ? { adjust: true } : {},
    fallback: 'Failed to finish reconciliation',
  });

export function useFinishReconciliation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: finishReconciliation, onSuccess: () => invalidateAfter(queryClient, 'accounts') });
}
