import { useMutation } from '@tanstack/react-query';
import type { DeleteUserAccountInput } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';

/** DELETE /account: the signed-in user's account and everything of it. */
export const deleteUserAccount = (body: DeleteUserAccountInput) =>
  apiRequest<undefined>('/account', { method: 'DELETE', body, fallback: 'Failed to delete the account' });

export function useDeleteUserAccount() {
  return useMutation({ mutationFn: deleteUserAccount });
}
