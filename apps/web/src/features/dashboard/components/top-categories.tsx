import { useId } from 'react';
import { type BreakdownItem, formatShare } from '@ledgerly/shared';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { useMoney } from '../../../lib/use-currency';
import { transactionCount } from '../lib/dashboard-helpers';
import { Emoji } from '../../../components/ui/emoji';

/** 'Top Spending Categories': up to five, each with its share of the period's expenses as a bar. */
export function TopCategories({ items }: { items: BreakdownItem[] }) {
  const { money } = useMoney();
  const headingId = useId();
  return (
    <Card className="min-w-0">
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="mb-4 text-lg font-semibold">
          Top Spending Categories
        </h2>
        {items.length === 0 ? (
          <EmptyState icon="🏷️" title="No categories found" />
        ) : (
          <ol className="space-y-4">
            {items.map((c) => {
              const pct = Math.min(100, Math.max(0, c.percentage));
              return (
                <li key={c.categoryId}>
                  <div className="flex items-center justify-between gap-3 text-sm">
                    <span className="flex min-w-0 items-center gap-2">
                      <span aria-hidden="true" className="text-lg">
                        <Emoji emoji={c.categoryIcon} />
                      </span>
                      <span className="truncate font-medium">{c.categoryName}</span>
                    </span>
                    <span className="shrink-0 font-semibold">{money(Number(c.total))}</span>
                  </div>
                  <div
                    role="progressbar"
                    aria-label={`${c.categoryName} share of expenses`}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={Number(pct.toFixed(1))}
                    aria-valuetext={formatShare(c.percentage)}
                    className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
                  >
                    <div
                      className="h-full rounded-full"
                      style={{ width: `${pct}%`, backgroundColor: c.categoryColor }}
                    />
                  </div>
                  <div className="mt-1 flex justify-between text-xs text-slate-600 dark:text-slate-400">
                    <span>{transactionCount(c.count)}</span>
                    <span>{formatShare(c.percentage)}</span>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </section>
    </Card>
  );
}
