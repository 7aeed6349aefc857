import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Account } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfter } from '../../../lib/query-keys';
import type { AccountBody } from './create-account';

/** PUT /accounts/{id}: only the fields to change; `isDefault: true` makes it the default. */
export const updateAccount = ({ id, ...body }: AccountBody & { id: string; isDefault?: true }) =>
  apiRequest<{ data: Account }>(`/accounts/${id}`, { method: 'PUT', body, fallback: 'Failed to update account' });

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAccount, onSuccess: () => invalidateAfter(queryClient, 'accounts') });
}
