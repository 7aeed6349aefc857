import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIMITS, type UpcomingOccurrence } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getUpcomingRecurring = (days: number = LIMITS.upcomingDays) =>
  apiRequest<{ data: UpcomingOccurrence[] }>('/recurring/upcoming', {
    query: { days },
    fallback: 'Failed to load upcoming recurring transactions',
  });

export const upcomingRecurringQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.recurringUpcoming,
    queryFn: async () => (await getUpcomingRecurring()).data,
  });

/** Occurrences due in the next 30 days. A failure is only logged (spec §8). */
export function useUpcomingRecurring() {
  const query = useQuery(upcomingRecurringQueryOptions());
  useEffect(() => {
    if (query.error) console.error('Failed to load upcoming recurring transactions', query.error);
  }, [query.error]);
  return query;
}
