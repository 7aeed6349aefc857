import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecurringTransaction } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getRecurring = () =>
  apiRequest<{ data: RecurringTransaction[] }>('/recurring', { fallback: 'Failed to load recurring transactions' });

export const recurringQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.recurring,
    queryFn: async () => (await getRecurring()).data,
  });

/** Every recurring item of the user, active and inactive. */
export function useRecurring() {
  return useQuery(recurringQueryOptions());
}
