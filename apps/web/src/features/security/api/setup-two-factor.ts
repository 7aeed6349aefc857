import { useMutation } from '@tanstack/react-query';
import type { TwoFactorSetup } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';

/** POST /account/2fa/setup: a new secret and its QR code; nothing is on yet. */
export const setupTwoFactor = () =>
  apiRequest<{ data: TwoFactorSetup }>('/account/2fa/setup', {
    method: 'POST',
    fallback: 'Failed to start the two-factor setup',
  });

export function useSetupTwoFactor() {
  return useMutation({ mutationFn: async () => (await setupTwoFactor()).data });
}
