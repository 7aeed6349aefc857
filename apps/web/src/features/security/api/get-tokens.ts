import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiTokenInfo } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /account/tokens: the personal API tokens, with their last use. */
export const getTokens = () =>
  apiRequest<{ data: ApiTokenInfo[] }>('/account/tokens', { fallback: 'Failed to load API tokens' });

export const tokensQueryOptions = queryOptions({
  queryKey: queryKeys.securityTokens,
  queryFn: async () => (await getTokens()).data,
});

export function useTokens() {
  return useQuery(tokensQueryOptions);
}
