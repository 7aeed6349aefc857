import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Every server-state cache key in one place, so a change in one feature can refresh what it
 * affects elsewhere (a new transaction moves budgets and the dashboard too).
 */
export const queryKeys = {
  settings: ['settings'] as const,
  currencies: ['currencies'] as const,
  categories: (type?: 'expense' | 'income') => (type ? (['categories', type] as const) : (['categories'] as const)),
  transactions: ['transactions'] as const,
  transactionSummary: ['transactions-summary'] as const,
  budgets: ['budgets'] as const,
  recurring: ['recurring'] as const,
  recurringUpcoming: ['recurring-upcoming'] as const,
  analytics: ['analytics'] as const,
  /** Money accounts: the list with balances, each register, reconciliations, transfer suggestions. */
  accounts: ['accounts'] as const,
  securityOverview: ['security', 'overview'] as const,
  securitySessions: ['security', 'sessions'] as const,
  securityTokens: ['security', 'tokens'] as const,
  /** The user's tags (with usage) and spending by tag. */
  tags: ['tags'] as const,
};

/**
 * Caches whose data depends on the set of transactions: the list, its summary, budgets, dashboard
 * and the accounts' balances and registers.
 */
const TRANSACTION_DEPENDENTS = [
  queryKeys.transactions,
  queryKeys.transactionSummary,
  queryKeys.budgets,
  queryKeys.analytics,
  queryKeys.accounts,
] as const;

const RECURRING = [queryKeys.recurring, queryKeys.recurringUpcoming] as const;

/** For each kind of change, the caches it makes stale. The one list of cache invalidations. */
export const staleAfter = {
  /** A transaction created, edited or deleted. */
  transactions: [...TRANSACTION_DEPENDENTS, queryKeys.tags],
  /** A recurring item created, edited or deleted: its list and the upcoming occurrences. */
  recurring: RECURRING,
  /** Recurring items generated transactions: their next dates moved, and so did every figure. */
  recurringGenerated: [...RECURRING, ...TRANSACTION_DEPENDENTS],
  /** A category created, or the defaults added: only the category lists show it yet. */
  categoryAdded: [queryKeys.categories()],
  /**
   * A category edited or deleted: transactions, budgets and recurring items show its name, icon
   * and colour, and a deletion moves or drops what used it.
   */
  categoryChanged: [queryKeys.categories(), ...TRANSACTION_DEPENDENTS, ...RECURRING],
  /**
   * An account created, edited, closed, deleted (its rows moved) or reconciled, or a transfer
   * linked: balances, registers and every figure that reads transactions.
   */
  accounts: TRANSACTION_DEPENDENTS,
  /** A tag created: only the tag lists show it yet. */
  tagAdded: [queryKeys.tags],
  /** A tag renamed, recoloured, archived or deleted: rows, recurring items and their filters show it. */
  tagChanged: [queryKeys.tags, ...TRANSACTION_DEPENDENTS, ...RECURRING],
  /** A budget created, edited or deleted. */
  budgets: [queryKeys.budgets],
  /** Two-factor turned on or off, or a recovery code used: the security overview. */
  twoFactor: [queryKeys.securityOverview],
  /** A session signed out, or every other one (a password change does that too). */
  sessions: [queryKeys.securitySessions],
  /** A personal API token created or revoked. */
  tokens: [queryKeys.securityTokens],
} as const satisfies Record<string, readonly QueryKey[]>;

export type CacheChange = keyof typeof staleAfter;

/**
 * Marks stale (and refetches, if shown) every cache the change touches; resolves once refetched.
 *
 * A shown cache still on its first load is cancelled first: TanStack Query's refetch would
 * otherwise join that request, which may have been answered from before the change (the
 * dashboard opening while its due recurring items are generated), and the screen would keep
 * figures without the change. Cancelled, it loads anew. (A cache with data is refetched anew
 * by invalidateQueries itself.)
 */
export async function invalidateAfter(queryClient: QueryClient, change: CacheChange): Promise<void> {
  await Promise.all(
    staleAfter[change].map(async (queryKey) => {
      await queryClient.cancelQueries({
        queryKey,
        type: 'active',
        predicate: (query) => query.state.data === undefined && query.state.fetchStatus === 'fetching',
      });
      await queryClient.invalidateQueries({ queryKey });
    }),
  );
}
