import { useId } from 'react';
import type { Transaction } from '@ledgerly/shared';
import { LIMITS, formatDate, shownCategory } from '@ledgerly/shared';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { useMoney } from '../../../lib/use-currency';
import { Emoji } from '../../../components/ui/emoji';
import { useAccountsView } from '../../accounts/api/use-accounts';
import { amountColor, transferLabel } from '../../transactions/transfer-label';

/** 'Recent Transactions': the latest five, newest first. */
export function RecentTransactions({ items }: { items: Transaction[] }) {
  const { signed } = useMoney();
  const { several, nameOf } = useAccountsView();
  const headingId = useId();
  const shown = items.slice(0, LIMITS.recentLimit);
  return (
    <Card className="min-w-0">
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="mb-4 text-lg font-semibold">
          Recent Transactions
        </h2>
        {shown.length === 0 ? (
          <EmptyState icon="🧾" title="No recent transactions" />
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {shown.map((t) => {
              const transfer = transferLabel(t, nameOf);
              const title = t.description || transfer || shownCategory(t).name;
              // Under a title that already says "Transfer to Savings", the line says "Transfer".
              const label = transfer && t.description ? transfer : shownCategory(t).name;
              return (
                <li key={t.id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
                  <span
                    aria-hidden="true"
                    className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-lg"
                    style={{ backgroundColor: `${shownCategory(t).color}26` }}
                  >
                    <Emoji emoji={shownCategory(t).icon} />
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium">{title}</p>
                    <p className="truncate text-xs text-slate-600 dark:text-slate-400">
                      {label} · {several && `${nameOf(t.accountId)} · `}
                      <time dateTime={t.date}>{formatDate(t.date)}</time>
                    </p>
                  </div>
                  <span className={`shrink-0 text-sm font-semibold ${amountColor(t)}`}>{signed(t.amount, t.type)}</span>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </Card>
  );
}
