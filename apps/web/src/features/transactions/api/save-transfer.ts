import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fromCents, type Transfer } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfter } from '../../../lib/query-keys';

/** What the transfer form sends (amount in cents here, major units on the wire). */
export interface TransferValues {
  fromAccountId: string;
  toAccountId: string;
  amountCents: number;
  date: string;
  description: string | null;
  /** Only for a transfer leaving the budget: the category it counts as spending in. */
  categoryId?: string | null;
  /** Between two currencies: the amount that arrives (as typed, major units), or the rate. */
  toAmount?: string;
  rate?: string;
}

const body = (v: TransferValues) => ({
  fromAccountId: v.fromAccountId,
  toAccountId: v.toAccountId,
  amount: fromCents(v.amountCents),
  date: v.date,
  description: v.description,
  ...(v.categoryId !== undefined ? { categoryId: v.categoryId } : {}),
  ...(v.toAmount ? { toAmount: v.toAmount } : {}),
  ...(v.rate ? { rate: v.rate } : {}),
});

/** POST /transfers (new) or PUT /transfers/{id} (edit both legs). */
export const saveTransfer = ({ id, ...values }: TransferValues & { id?: string | null }) =>
  apiRequest<{ data: Transfer }>(id ? `/transfers/${id}` : '/transfers', {
    method: id ? 'PUT' : 'POST',
    body: body(values),
    fallback: 'Failed to save transfer',
  });

export function useSaveTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTransfer,
    onSuccess: () => invalidateAfter(queryClient, 'transactions'),
  });
}
