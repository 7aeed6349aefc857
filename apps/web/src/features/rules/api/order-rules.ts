import type { ImportRule } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';

/** PUT /rules/order: every rule id, in the order they are to be tried. */
export const orderRules = async (ids: string[]) =>
  (
    await apiRequest<{ data: ImportRule[] }>('/rules/order', {
      method: 'PUT',
      body: { ids },
      fallback: 'Failed to reorder the rules',
    })
  ).data;
