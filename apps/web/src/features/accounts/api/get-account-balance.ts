import { apiRequest } from '../../../lib/api-client';

/** GET /accounts/{id}/balance?date: the balance and cleared balance at the end of that day. */
export const getAccountBalance = (accountId: string, date: string) =>
  apiRequest<{ data: { balance: number; clearedBalance: number; date: string } }>(`/accounts/${accountId}/balance`, {
    query: { date },
    fallback: 'Failed to load the balance',
  });
