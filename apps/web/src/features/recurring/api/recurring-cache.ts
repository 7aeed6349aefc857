import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, transactionDependentKeys } from '../../../lib/query-keys';

/**
 * Refreshes the recurring list and the upcoming occurrences after any change; with
 * `transactions`, also everything that depends on the set of transactions (a generate run).
 */
export function useInvalidateRecurring() {
  const queryClient = useQueryClient();
  return async ({ transactions = false }: { transactions?: boolean } = {}) => {
    const keys = [queryKeys.recurring, queryKeys.recurringUpcoming, ...(transactions ? transactionDependentKeys : [])];
    await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  };
}
