import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Transaction } from '@ledgerly/shared';
import { uploadMultipart } from '../../../lib/upload';
import { transactionFormData, type TransactionPayload } from './transaction-form-data';
import { invalidateAfter } from '../../../lib/query-keys';

export const createTransaction = (payload: TransactionPayload, fallback = 'Failed to create transaction') =>
  uploadMultipart<{ data: Transaction }>({
    method: 'POST',
    path: '/transactions',
    form: transactionFormData(payload),
    fallback,
    onProgress: payload.onProgress,
  });

/** `fallback` is the message shown when the server gives none (the Dashboard has its own). */
export function useCreateTransaction(fallback?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: TransactionPayload) => createTransaction(payload, fallback),
    onSuccess: () => invalidateAfter(queryClient, 'transactions'),
  });
}
