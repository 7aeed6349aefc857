import { useQuery } from '@tanstack/react-query';
import type { Account } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /accounts for the import wizard's account picker. Until the accounts API answers (or when
 * it fails) the list is empty and the wizard shows no picker, as for a user with one account.
 */
export function useImportAccounts(enabled: boolean) {
  return useQuery({
    queryKey: ['accounts', 'import-picker'],
    enabled,
    retry: false,
    queryFn: async () => {
      try {
        return (await apiRequest<{ data: Account[] }>('/accounts', { fallback: 'Failed to load accounts' })).data;
      } catch {
        return [] as Account[];
      }
    },
  });
}
