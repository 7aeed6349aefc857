import { useAccounts } from './get-accounts';

// One query of the accounts list: the Accounts tab's (get-accounts.ts), re-exported here for the
// transaction screens.
export { accountsQueryOptions, getAccounts, useAccounts } from './get-accounts';

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
