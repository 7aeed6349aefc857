import { useEffect, useRef, useState, type ReactNode } from 'react';
import { formatDate, type Transaction } from '@ledgerly/shared';
import { useMoney } from '../../../lib/use-currency';
import { errorMessage } from '../../../lib/error-message';
import { Button } from '../../../components/ui/button';
import { Emoji } from '../../../components/ui/emoji';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { useSetTransactionStatus } from '../../accounts/api/set-transaction-status';
import { useAccountsView } from '../../accounts/api/use-accounts';
import { ClearedToggle } from '../../accounts/components/register-rows';
import { isCleared } from '../../accounts/lib/reconcile';
import { transferLabel } from '../transfer-label';
import { TransactionCard, transactionTitle } from './transaction-card';

export interface TransactionListProps {
  transactions: Transaction[];
  total: number;
  /** The server stopped counting a search's matches at `total` (there are more). */
  totalIsLowerBound?: boolean;
  isLoading: boolean;
  /** True while new filters load and the previous list is still shown. */
  isUpdating: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** Any load of the list in flight (new filters, a refresh, the next page). */
  isFetching: boolean;
  failed: boolean;
  onLoadMore: () => void;
  onRetry: () => void;
  onEdit: (t: Transaction) => void;
  onDelete: (t: Transaction) => void;
  onViewReceipt: (t: Transaction) => void;
  /** Shown at the end of the counter's line (the bulk-edit "Select" button). */
  toolbar?: ReactNode;
  /** The bulk-edit checkbox of a row, when selecting is on. */
  leadingOf?: (t: Transaction, index: number) => ReactNode;
  /** A cleared toggle that failed: the server's sentence (a reconciled or closed account's row). */
  onStatusError?: (message: string) => void;
}

const count = (n: number) => n.toLocaleString('en-US');

/**
 * "Showing N of M transactions". A search with more matches than the server counts answers a
 * lower bound: "of 1,000+" while more pages exist (or "of 1,050+" once more than that are shown);
 * once the last page is in, every match is on screen and the count is exact again.
 */
export function counterText(shown: number, total: number, totalIsLowerBound: boolean, hasNextPage: boolean): string {
  if (!totalIsLowerBound) return `Showing ${count(shown)} of ${count(total)} transactions`;
  if (!hasNextPage) return `Showing ${count(shown)} of ${count(shown)} transactions`;
  return `Showing ${count(shown)} of ${count(Math.max(total, shown))}+ transactions`;
}

/**
 * The matching transactions, newest first. More pages load when the sentinel below the list
 * scrolls into view; a 'Load more' button does the same for keyboard users.
 */
export function TransactionList({
  transactions,
  total,
  totalIsLowerBound = false,
  isLoading,
  isUpdating,
  hasNextPage,
  isFetchingNextPage,
  isFetching,
  failed,
  onLoadMore,
  onRetry,
  leadingOf,
  toolbar,
  onStatusError,
  ...cardActions
}: TransactionListProps) {
  const { signed } = useMoney();
  const { several, nameOf, byId } = useAccountsView();
  const sentinel = useRef<HTMLDivElement>(null);
  const setStatus = useSetTransactionStatus();
  const [pendingIds, setPendingIds] = useState<ReadonlySet<string>>(new Set());

  // The account register's toggle, on each row once the user has several accounts (with one the
  // list is the spec's): pressed while the row is cleared; a reconciled row is locked (🔒) as on
  // the server; a closed account's rows are read-only, as its register is.
  async function toggleCleared(t: Transaction) {
    setPendingIds((s) => new Set(s).add(t.id));
    try {
      await setStatus.mutateAsync({ id: t.id, status: isCleared(t.status) ? 'uncleared' : 'cleared' });
    } catch (error) {
      onStatusError?.(errorMessage(error, 'Failed to update transaction'));
    } finally {
      setPendingIds((s) => {
        const next = new Set(s);
        next.delete(t.id);
        return next;
      });
    }
  }
  const statusOf = (t: Transaction) => {
    if (!several) return undefined;
    if (t.status === 'reconciled') {
      return (
        <span className="flex h-8 w-8 shrink-0 items-center justify-center" title="Reconciled">
          <Emoji emoji="🔒" label="Reconciled" />
        </span>
      );
    }
    const title = t.description || (transferLabel(t, nameOf) ?? transactionTitle(t));
    return (
      <span className="shrink-0">
        <ClearedToggle
          cleared={isCleared(t.status)}
          label={`Cleared: ${title}, ${formatDate(t.date)}`}
          disabled={pendingIds.has(t.id) || !!byId.get(t.accountId)?.closedAt}
          onToggle={() => void toggleCleared(t)}
        />
      </span>
    );
  };

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || isFetchingNextPage || failed || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onLoadMore(), {
      rootMargin: '400px 0px',
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, failed, onLoadMore]);

  if (isLoading) return <Spinner label="Loading transactions..." />;
  if (failed && transactions.length === 0) {
    return (
      <div className="flex justify-center py-8">
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  if (transactions.length === 0) {
    return (
      <EmptyState icon="🧾" title="No transactions found">
        Try other filters, or add a transaction.
      </EmptyState>
    );
  }

  return (
    <div aria-busy={isUpdating || isFetchingNextPage}>
      <div className="mb-3 flex items-center justify-between gap-3">
        <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
          {counterText(transactions.length, total, totalIsLowerBound, hasNextPage)}
        </p>
        {toolbar}
      </div>
      <ul aria-label="Transactions" className={`space-y-3 transition-opacity ${isUpdating ? 'opacity-60' : ''}`}>
        {transactions.map((t, i) => (
          <TransactionCard
            key={t.id}
            transaction={t}
            amount={signed(t.amount, t.type)}
            transferLabel={transferLabel(t, nameOf)}
            accountName={several ? nameOf(t.accountId) : undefined}
            leading={leadingOf?.(t, i)}
            status={statusOf(t)}
            {...cardActions}
          />
        ))}
      </ul>
      <div ref={sentinel} aria-hidden="true" className="h-px" />
      {hasNextPage && (
        <div className="mt-4 flex justify-center">
          {/* Marked unavailable while anything loads (a press then is ignored); aria-disabled rather
              than disabled, so a keyboard user's focus stays on the button between pages. */}
          <Button
            variant="secondary"
            onClick={onLoadMore}
            aria-disabled={isFetching}
            className="aria-disabled:cursor-not-allowed aria-disabled:opacity-70"
          >
            {isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}
    </div>
  );
}
