import type { Account } from '@ledgerly/shared';
import { accountsQueryOptions } from '../accounts/api/get-accounts';
import { makeAccount } from '../accounts/test-data';

/** Accounts as GET /accounts answers them, for the Recurring tab's component tests. */
export const testAccount = (id: string, name: string, extra: Partial<Account> = {}): Account =>
  makeAccount({ id, name, ...extra });

export const CHECKING = testAccount('00000000-0000-4000-8000-00000000acc1', 'Checking', { isDefault: true });
export const SAVINGS = testAccount('00000000-0000-4000-8000-00000000acc2', 'Savings', {
  kind: 'savings',
  sortOrder: 1,
});
export const CARD = testAccount('00000000-0000-4000-8000-00000000acc3', 'Visa', { kind: 'credit_card', sortOrder: 2 });

/** Query data for renderWithProviders: these accounts already loaded. */
export const accountsLoaded = (accounts: Account[]) => [accountsQueryOptions.queryKey, accounts] as const;
