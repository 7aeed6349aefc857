import { apiRequest } from '../../../lib/api-client';

/** POST /rules/{id}/apply: gives the rule's category to the past transactions it matches. */
export const applyRule = async (id: string) =>
  (
    await apiRequest<{ data: { updated: number } }>(`/rules/${id}/apply`, {
      method: 'POST',
      fallback: 'Failed to apply the rule',
    })
  ).data;
