import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfter } from '../../../lib/query-keys';

/** POST /account/2fa/enable: answers the recovery codes, shown once. */
export const enableTwoFactor = (code: string) =>
  apiRequest<{ data: { recoveryCodes: string[] } }>('/account/2fa/enable', {
    method: 'POST',
    body: { code },
    fallback: 'Failed to turn on two-factor sign-in',
  });

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => (await enableTwoFactor(code)).data.recoveryCodes,
    onSuccess: () => invalidateAfter(queryClient, 'twoFactor'),
  });
}
