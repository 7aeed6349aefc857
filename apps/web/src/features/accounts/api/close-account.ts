import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Account } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfter } from '../../../lib/query-keys';

/** POST /accounts/{id}/close or /reopen. */
export const setAccountClosed = ({ id, closed }: { id: string; closed: boolean }) =>
  apiRequest<{ data: Account }>(`/accounts/${id}/${closed ? 'close' : 'reopen'}`, {
    method: 'POST',
    fallback: closed ? 'Failed to close account' : 'Failed to reopen account',
  });

export function useSetAccountClosed() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setAccountClosed, onSuccess: () => invalidateAfter(queryClient, 'accounts') });
}
