import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfter } from '../../../lib/query-keys';

/** DELETE /account/sessions/:id: signs one session out. */
export const revokeSession = (id: string) =>
  apiRequest<undefined>(`/account/sessions/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    fallback: 'Failed to sign out the session',
  });

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSuccess: () => invalidateAfter(queryClient, 'sessions'),
  });
}
