import type { QueryClient } from '@tanstack/react-query';
import { queryKeys, transactionDependentKeys } from '../../../lib/query-keys';

/** Refreshes every cache that embeds category details (name, icon, colour) or budgets on them. */
export function invalidateCategoryUsers(queryClient: QueryClient): void {
  for (const key of [...transactionDependentKeys, queryKeys.recurring, queryKeys.recurringUpcoming]) {
    void queryClient.invalidateQueries({ queryKey: key });
  }
}
