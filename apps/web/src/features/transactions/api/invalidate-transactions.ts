import type { QueryClient } from '@tanstack/react-query';
import { transactionDependentKeys } from '../../../lib/query-keys';

/** A change to transactions moves the list, the summary, budgets and the dashboard. */
export const invalidateTransactionDependents = (queryClient: QueryClient) =>
  Promise.all(transactionDependentKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
