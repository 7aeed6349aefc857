import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ImportRule } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';

export const ruleKeys = { all: ['rules'] as const };

/** GET /rules: the user's categorisation rules, in the order they are tried. */
export const rulesQueryOptions = () =>
  queryOptions({
    queryKey: ruleKeys.all,
    queryFn: async () =>
      (await apiRequest<{ data: ImportRule[] }>('/rules', { fallback: 'Failed to load rules' })).data,
  });

export function useRules(enabled = true) {
  return useQuery({ ...rulesQueryOptions(), enabled });
}
