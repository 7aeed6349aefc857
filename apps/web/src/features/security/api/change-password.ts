import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfter } from '../../../lib/query-keys';

/** PUT /account/password. */
export const changePassword = (body: ChangePasswordInput) =>
  apiRequest<undefined>('/account/password', { method: 'PUT', body, fallback: 'Failed to change the password' });

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // Every other session was signed out, and the API tokens unless kept.
    onSuccess: (_, body) =>
      Promise.all([
        invalidateAfter(queryClient, 'sessions'),
        body.revokeApiTokens === false ? undefined : invalidateAfter(queryClient, 'tokens'),
      ]),
  });
}
