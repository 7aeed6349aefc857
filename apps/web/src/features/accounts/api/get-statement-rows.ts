import { useQuery } from '@tanstack/react-query';
import { LIMITS, type Page, type Transaction } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';

/**
 * The account's rows dated on or before the statement date (GET /transactions?accountId&endDate),
 * newest first: the rows a reconciliation ticks. One page of the largest size.
 */
export const getStatementRows = (accountId: string, statementDate: string, signal?: AbortSignal) =>
  apiRequest<Page<Transaction>>('/transactions', {
    query: { accountId, endDate: statementDate, limit: LIMITS.pageSizeMax },
    fallback: 'Failed to fetch transactions',
    signal,
  });

/**
 * The rows as they were when this reconciliation was opened: its live figures count the ticks
 * made since. Kept apart from the accounts' caches, so a tick (which refreshes those) does not
 * reload them, and dropped when the reconciliation closes.
 */
export function useStatementRows(accountId: string, reconciliationId: string, statementDate: string) {
  return useQuery({
    queryKey: ['reconcile-rows', accountId, reconciliationId, statementDate] as const,
    queryFn: ({ signal }) => getStatementRows(accountId, statementDate, signal),
    staleTime: Infinity,
    gcTime: 0,
  });
}
