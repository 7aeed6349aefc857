import type { Account } from '@ledgerly/shared';
import { useAccounts } from '../../accounts/api/get-accounts';

/** What the Recurring tab needs to know of the user's accounts. */
export interface RecurringAccounts {
  /** Open accounts, in the accounts list's order: what the pickers offer. */
  open: Account[];
  /**
   * Two or more open accounts: the form shows the Account picker and the Transfer type, and the
   * cards name their account. With one (or while the list loads, or if it fails) the tab is the
   * spec's, unchanged.
   */
  multi: boolean;
  /** The default account's id ('' until the list is known): where a new item goes. */
  defaultId: string;
  /** An account's name, closed ones included; null when unknown. */
  nameOf: (id: string | null | undefined) => string | null;
}

export function recurringAccounts(accounts: readonly Account[] | undefined): RecurringAccounts {
  const all = accounts ?? [];
  const open = all.filter((a) => a.closedAt === null);
  const byId = new Map(all.map((a) => [a.id, a.name]));
  return {
    open,
    multi: open.length >= 2,
    defaultId: (open.find((a) => a.isDefault) ?? open[0])?.id ?? '',
    nameOf: (id) => (id ? (byId.get(id) ?? null) : null),
  };
}

/** The user's accounts as the Recurring tab uses them (one cached GET /accounts). */
export function useRecurringAccounts(): RecurringAccounts {
  return recurringAccounts(useAccounts().data);
}

/** A recurring transfer's route for its card: 'Checking → Savings'; null while names are unknown. */
export function transferRoute(
  accounts: RecurringAccounts,
  item: { accountId: string; toAccountId: string | null },
): { from: string; to: string } | null {
  const from = accounts.nameOf(item.accountId);
  const to = accounts.nameOf(item.toAccountId);
  return from && to ? { from, to } : null;
}
