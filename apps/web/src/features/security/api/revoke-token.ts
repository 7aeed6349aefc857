import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfter } from '../../../lib/query-keys';

/** DELETE /account/tokens/:id. */
export const revokeToken = (id: string) =>
  apiRequest<undefined>(`/account/tokens/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    fallback: 'Failed to revoke the API token',
  });

export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeToken,
    onSuccess: () => invalidateAfter(queryClient, 'tokens'),
  });
}
