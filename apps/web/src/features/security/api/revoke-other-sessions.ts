import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfter } from '../../../lib/query-keys';

/** POST /account/sessions/revoke-others: answers how many were signed out. */
export const revokeOtherSessions = () =>
  apiRequest<{ data: { revoked: number } }>('/account/sessions/revoke-others', {
    method: 'POST',
    fallback: 'Failed to sign out the other sessions',
  });

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await revokeOtherSessions()).data.revoked,
    onSuccess: () => invalidateAfter(queryClient, 'sessions'),
  });
}
