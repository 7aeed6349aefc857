import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Account } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfter } from '../../../lib/query-keys';

/** The body of POST /accounts as the form sends it (amounts in major units). */
export interface AccountBody {
  name?: string;
  kind?: string;
  currency?: string;
  openingBalance?: number;
  openingDate?: string;
  onBudget?: boolean;
  inNetWorth?: boolean;
  creditLimit?: number | null;
  statementDay?: number | null;
  dueDay?: number | null;
  institution?: string | null;
  mask?: string | null;
  icon?: string | null;
  color?: string | null;
}

export const createAccount = (body: AccountBody) =>
  apiRequest<{ data: Account }>('/accounts', { method: 'POST', body, fallback: 'Failed to create account' });

export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createAccount, onSuccess: () => invalidateAfter(queryClient, 'accounts') });
}
