import { useId } from 'react';
import { addDays, formatDate, relativeDayLabel, type UpcomingOccurrence } from '@ledgerly/shared';
import { Card } from '../../../components/ui/card';
import { Emoji } from '../../../components/ui/emoji';
import { useMoney, useToday } from '../../../lib/use-currency';
import { useUpcomingRecurring } from '../api/get-upcoming-recurring';

/** How far ahead the dashboard looks for bills. */
export const BILLS_DAYS = 7;

/**
 * A recurring expense, not a recurring transfer: a transfer's occurrence has no category (the
 * server answers the shown 'Transfer' one, whose id is empty), and a transfer is never a bill.
 */
const isBill = (o: UpcomingOccurrence) => o.type === 'expense' && o.category.id !== '';

/** The recurring expenses due from today through today + 7 days, soonest first. */
export function billsDue(occurrences: UpcomingOccurrence[], today: string): UpcomingOccurrence[] {
  const until = addDays(today, BILLS_DAYS);
  return occurrences.filter((o) => isBill(o) && o.date <= until);
}

/**
 * The dashboard's 'Bills in the next 7 days': recurring expenses about to be booked, with their
 * total, read from the same upcoming list the Recurring tab shows (one request, one cache).
 * Shown to users with recurring expenses coming up in the next 30 days (then 'none in the next
 * 7 days' is news); without any, and while it loads or when it fails (only logged, like the
 * upcoming count), nothing is shown.
 */
export function UpcomingBills() {
  const upcoming = useUpcomingRecurring();
  const today = useToday();
  const { money, signed } = useMoney();
  const headingId = useId();
  if (!upcoming.data?.some(isBill)) return null;
  const bills = billsDue(upcoming.data, today);
  const total = bills.reduce((sum, b) => sum + Math.round(b.amount * 100), 0) / 100;
  return (
    <Card className="min-w-0">
      <section aria-labelledby={headingId}>
        <div className="mb-4 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id={headingId} className="text-lg font-semibold">
            Bills in the next 7 days
          </h2>
          {bills.length > 0 && (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {bills.length} {bills.length === 1 ? 'bill' : 'bills'} ·{' '}
              <span className="font-semibold text-slate-900 dark:text-slate-100">{money(total)}</span>
            </p>
          )}
        </div>
        {bills.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            No recurring expenses are due in the next 7 days.
          </p>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {bills.map((b) => (
              <li key={`${b.recurringId}|${b.date}`} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
                <span
                  aria-hidden="true"
                  className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-lg"
                  style={{ backgroundColor: `${b.category.color}26` }}
                >
                  <Emoji emoji={b.category.icon} />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">{b.description}</p>
                  <p className="truncate text-xs text-slate-600 dark:text-slate-400">
                    <time dateTime={b.date}>{formatDate(b.date)}</time> · {relativeDayLabel(b.date, today)}
                  </p>
                </div>
                <span className="shrink-0 text-sm font-semibold text-red-700 dark:text-red-400">
                  {signed(b.amount, b.type)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}
