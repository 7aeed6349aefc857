import type { RecurringTransaction } from '@ledgerly/shared';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { RecurringCard, type RecurringCardProps } from './recurring-card';

export type RecurringFilter = 'all' | 'active' | 'inactive';

export const FILTER_LABELS: Record<RecurringFilter, string> = {
  all: 'All',
  active: 'Active',
  inactive: 'Inactive',
};

export interface RecurringListProps extends Omit<RecurringCardProps, 'item'> {
  items: RecurringTransaction[];
  filter: RecurringFilter;
  onCreate: () => void;
}

/** The filtered items as a card grid under a heading with the count, or the empty state. */
export function RecurringList({ items, filter, onCreate, ...cardProps }: RecurringListProps) {
  if (items.length === 0) {
    return (
      <EmptyState
        icon="🔁"
        title={filter === 'all' ? 'No Recurring Transactions' : `No ${FILTER_LABELS[filter]} Recurring Transactions`}
      >
        {filter === 'all' ? (
          <>
            <p>Set up rent, salary or subscriptions once and let them be recorded for you.</p>
            <Button className="mt-4" onClick={onCreate}>
              Create Recurring Transaction
            </Button>
          </>
        ) : null}
      </EmptyState>
    );
  }
  return (
    <section aria-labelledby="recurring-list-title" className="space-y-4">
      <h2 id="recurring-list-title" className="text-lg font-semibold">
        {`${FILTER_LABELS[filter]} Recurring Transactions (${items.length})`}
      </h2>
      <div className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
        {items.map((item) => (
          <RecurringCard key={item.id} item={item} {...cardProps} />
        ))}
      </div>
    </section>
  );
}
