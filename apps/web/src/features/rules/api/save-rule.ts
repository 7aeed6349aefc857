import type { ImportRule, RuleInput } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';

/** POST /rules (new, goes last) or PUT /rules/{id}. */
export const saveRule = async (id: string | null, body: RuleInput) =>
  (
    await apiRequest<{ data: ImportRule }>(id ? `/rules/${id}` : '/rules', {
      method: id ? 'PUT' : 'POST',
      body,
      fallback: 'Failed to save the rule',
    })
  ).data;
