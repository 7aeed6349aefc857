import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfter } from '../../../lib/query-keys';

/** POST /account/2fa/disable, with the password and a code. */
export const disableTwoFactor = (body: { password: string; code: string }) =>
  apiRequest<undefined>('/account/2fa/disable', {
    method: 'POST',
    body,
    fallback: 'Failed to turn off two-factor sign-in',
  });

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => invalidateAfter(queryClient, 'twoFactor'),
  });
}
