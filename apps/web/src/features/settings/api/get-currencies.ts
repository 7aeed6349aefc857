import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Currency } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /settings/currencies: the supported currencies (code, name, symbol, flag). */
export const getCurrencies = () =>
  apiRequest<{ data: Currency[] }>('/settings/currencies', { fallback: 'Failed to fetch currencies' });

export const currenciesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.currencies,
    queryFn: async () => (await getCurrencies()).data,
    // The list is fixed for the life of the server.
    staleTime: Infinity,
    retry: false,
  });

export function useCurrencies() {
  return useQuery(currenciesQueryOptions());
}
