import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SecurityOverview } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /account/security: whether two-factor sign-in is on, and the recovery codes left. */
export const getSecurityOverview = () =>
  apiRequest<{ data: SecurityOverview }>('/account/security', { fallback: 'Failed to load account security' });

export const securityOverviewQueryOptions = queryOptions({
  queryKey: queryKeys.securityOverview,
  queryFn: async () => (await getSecurityOverview()).data,
});

export function useSecurityOverview() {
  return useQuery(securityOverviewQueryOptions);
}
