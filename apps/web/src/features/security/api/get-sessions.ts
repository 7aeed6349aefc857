import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionInfo } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /account/sessions: where the account is signed in. */
export const getSessions = () =>
  apiRequest<{ data: SessionInfo[] }>('/account/sessions', { fallback: 'Failed to load sessions' });

export const sessionsQueryOptions = queryOptions({
  queryKey: queryKeys.securitySessions,
  queryFn: async () => (await getSessions()).data,
});

export function useSessions() {
  return useQuery(sessionsQueryOptions);
}
