import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfter } from '../../../lib/query-keys';

/** How many of the rows were linked into transfers, and how many had no partner in another account. */
export interface MarkTransferResult {
  linked: number;
  unmatched: number;
}

/** A count, whether the server answers a number or the list of what it counts. */
const countOf = (v: unknown) => (typeof v === 'number' ? v : Array.isArray(v) ? v.length : 0);

/** POST /transactions/bulk/mark-transfer {ids}: pairs each row with its partner in another account. */
export async function markTransfer(ids: string[]): Promise<MarkTransferResult> {
  const { data } = await apiRequest<{ data: { linked: unknown; unmatched: unknown } }>(
    '/transactions/bulk/mark-transfer',
    { method: 'POST', body: { ids }, fallback: 'Failed to mark as transfer' },
  );
  return { linked: countOf(data.linked), unmatched: countOf(data.unmatched) };
}

export function useMarkTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markTransfer,
    onSuccess: () => invalidateAfter(queryClient, 'transactions'),
  });
}
