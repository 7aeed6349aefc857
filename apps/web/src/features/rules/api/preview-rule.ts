import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RuleInput, RuleMatches } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';
import { ruleKeys } from './get-rules';

/** POST /rules/preview: the past transactions a rule (saved or not) would recategorise. */
export const previewRule = async (body: RuleInput) =>
  (
    await apiRequest<{ data: RuleMatches }>('/rules/preview', {
      method: 'POST',
      body,
      fallback: 'Failed to preview the rule',
    })
  ).data;

export const rulePreviewQueryOptions = (body: RuleInput) =>
  queryOptions({
    queryKey: [...ruleKeys.all, 'preview', body.contains, body.categoryId] as const,
    queryFn: () => previewRule(body),
    placeholderData: keepPreviousData,
  });

export function useRulePreview(body: RuleInput | null) {
  return useQuery({
    ...rulePreviewQueryOptions(body ?? { contains: '', categoryId: '' }),
    enabled: body !== null,
  });
}
