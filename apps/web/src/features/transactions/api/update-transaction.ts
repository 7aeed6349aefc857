import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Transaction } from '@ledgerly/shared';
import { uploadMultipart } from '../../../lib/upload';
import { transactionFormData, type TransactionPayload } from './transaction-form-data';
import { invalidateAfter } from '../../../lib/query-keys';

export const updateTransaction = ({ id, ...payload }: TransactionPayload & { id: string }) =>
  uploadMultipart<{ data: Transaction }>({
    method: 'PUT',
    path: `/transactions/${id}`,
    form: transactionFormData(payload),
    fallback: 'Failed to update transaction',
    onProgress: payload.onProgress,
  });

export function useUpdateTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTransaction,
    onSuccess: () => invalidateAfter(queryClient, 'transactions'),
  });
}
