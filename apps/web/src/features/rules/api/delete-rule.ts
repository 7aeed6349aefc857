import { apiRequest } from '../../../lib/api-client';

/** DELETE /rules/{id}. */
export const deleteRule = (id: string) =>
  apiRequest<undefined>(`/rules/${id}`, { method: 'DELETE', fallback: 'Failed to delete the rule' });
