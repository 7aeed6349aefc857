import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { Reconciliation } from '../types';

/**
 * POST /accounts/{id}/reconciliations: answers the cleared balance as of the statement date. An
 * open reconciliation of the account is restated (same id), not duplicated.
 */
export const startReconciliation = ({
  accountId,
  statementDate,
  statementBalance,
}: {
  accountId: string;
  statementDate: string;
  statementBalance: number;
}) =>
  apiRequest<{ data: Reconciliation }>(`/accounts/${accountId}/reconciliations`, {
    method: 'POST',
    body: { statementDate, statementBalance },
    fallback: 'Failed to start reconciliation',
  });

export function useStartReconciliation() {
  return useMutation({ mutationFn: startReconciliation });
}
