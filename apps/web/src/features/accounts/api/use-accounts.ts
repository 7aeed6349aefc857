import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Account } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /accounts: every account of the user, open and closed, in their order. */
export const getAccounts = (signal?: AbortSignal) =>
  apiRequest<{ data: Account[] }>('/accounts', { fallback: 'Failed to fetch accounts', signal });

export const accountsQueryOptions = queryOptions({
  // The same key as the Accounts tab's list (features/accounts), so the two share one cache entry.
  queryKey: [...queryKeys.accounts, 'list'] as const,
  queryFn: async ({ signal }) => (await getAccounts(signal)).data,
});

/** The user's accounts (the one shared hook; the Accounts tab and the transaction screens read it). */
export function useAccounts() {
  return useQuery(accountsQueryOptions);
}

/**
 * What the transaction screens need to know about accounts (DESIGN §10): a user with one account
 * sees the spec's app, so the picker, the column, the filter and the Transfer type appear only
 * once a second account exists (`several`; the picker and Transfer need two open ones).
 */
export function useAccountsView() {
  const { data } = useAccounts();
  // Until the list loads (or if it cannot), the screens are those of one account.
  const accounts = Array.isArray(data) ? data : [];
  const open = accounts.filter((a) => !a.closedAt);
  const byId = new Map(accounts.map((a) => [a.id, a]));
  return {
    accounts,
    open,
    byId,
    /** Two or more accounts: the list shows an account label and filter. */
    several: accounts.length >= 2,
    /** Two or more open accounts: the form offers an account picker and Transfer. */
    canTransfer: open.length >= 2,
    defaultAccount: open.find((a) => a.isDefault) ?? open[0] ?? null,
    nameOf: (id: string | null | undefined) => (id ? (byId.get(id)?.name ?? 'another account') : ''),
  };
}
