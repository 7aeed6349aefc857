import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTokenInput, CreatedApiToken } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfter } from '../../../lib/query-keys';

/** POST /account/tokens: answers the token, shown this once. */
export const createToken = (body: CreateTokenInput) =>
  apiRequest<{ data: CreatedApiToken }>('/account/tokens', {
    method: 'POST',
    body,
    fallback: 'Failed to create the API token',
  });

export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateTokenInput) => (await createToken(body)).data,
    onSuccess: () => invalidateAfter(queryClient, 'tokens'),
  });
}
