import type { ImportRule } from '@ledgerly/shared';
import type { RuleBody } from '../components/rule-editor';
import { apiRequest } from '../../../lib/api-client';

/** POST /rules (new, goes last) or PUT /rules/{id}. */
export const saveRule = async (id: string | null, body: RuleBody) =>
  (
    await apiRequest<{ data: ImportRule }>(id ? `/rules/${id}` : '/rules', {
      method: id ? 'PUT' : 'POST',
      body,
      fallback: 'Failed to save the rule',
    })
  ).data;
