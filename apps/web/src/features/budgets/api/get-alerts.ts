import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BudgetAlertList } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /alerts — budget alerts not dismissed, newest first, with the unread count. */
export const getAlerts = () => apiRequest<BudgetAlertList>('/alerts', { fallback: 'Failed to load alerts' });

export const alertsQueryOptions = () =>
  queryOptions({
    // Under queryKeys.budgets: whatever changes spending or budgets (which invalidates it) looks
    // for new crossings too.
    queryKey: [...queryKeys.budgets, 'alerts'] as const,
    queryFn: getAlerts,
  });

/** The alerts, refreshed every few minutes while the app is open (a month can roll over). */
export function useAlerts() {
  return useQuery({ ...alertsQueryOptions(), refetchInterval: 5 * 60_000 });
}
