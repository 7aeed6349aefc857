import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfter } from '../../../lib/query-keys';

/** DELETE /accounts/{id}, moving its transactions (if it holds some) to `moveTo`. */
export const deleteAccount = ({ id, moveTo }: { id: string; moveTo?: string }) =>
  apiRequest<undefined>(`/accounts/${id}`, {
    method: 'DELETE',
    query: { moveTo },
    fallback: 'Failed to delete account',
  });

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAccount, onSuccess: () => invalidateAfter(queryClient, 'accounts') });
}
