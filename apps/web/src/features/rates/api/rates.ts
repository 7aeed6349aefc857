import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Rate, RateInput } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';

const RATES_KEY = ['rates'] as const;

/** GET /rates: the effective rate of each day of the period into the user's base currency. */
export function useRates(currency: string, start: string, end: string, enabled: boolean) {
  return useQuery({
    queryKey: [...RATES_KEY, currency, start, end],
    queryFn: async () => {
      const query = { currency, start, end };
      return (await apiRequest<{ data: Rate[] }>('/rates', { query, fallback: 'Failed to load exchange rates' })).data;
    },
    enabled,
  });
}

export function useSaveRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: RateInput) =>
      (await apiRequest<{ data: Rate }>('/rates', { method: 'PUT', body, fallback: 'Failed to save exchange rate' }))
        .data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RATES_KEY }),
  });
}

export function useDeleteRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<undefined>(`/rates/${id}`, { method: 'DELETE', fallback: 'Failed to delete exchange rate' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RATES_KEY }),
  });
}
