import { useId, type ReactNode } from 'react';
import { dayLabel, formatDate, shownCategory, type RecurringTransaction } from '@ledgerly/shared';
import { Button } from '../../../components/ui/button';
import { useMoney } from '../../../lib/use-currency';
import { FREQUENCY_LABELS, isOverdue, relativeNextLabel } from '../lib/schedule';
import { transferRoute, useRecurringAccounts } from '../lib/recurring-accounts';
import { Emoji } from '../../../components/ui/emoji';

export interface RecurringCardProps {
  item: RecurringTransaction;
  today: string;
  onGenerate: (item: RecurringTransaction) => void;
  onEdit: (item: RecurringTransaction) => void;
  onDelete: (item: RecurringTransaction) => void;
}

const BADGE = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium';
const BADGE_TONES = {
  neutral: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
  inactive: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  overdue: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
  soon: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-900/60 dark:text-indigo-100',
} as const;

function Badge({ tone, children }: { tone: keyof typeof BADGE_TONES; children: ReactNode }) {
  return <span className={`${BADGE} ${BADGE_TONES[tone]}`}>{children}</span>;
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-600 dark:text-slate-400">{term}</dt>
      <dd className="mt-0.5 font-medium text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

/** One recurring item: what, how much, how often, when next, and its actions. */
export function RecurringCard({ item, today, onGenerate, onEdit, onDelete }: RecurringCardProps) {
  const { money, signed } = useMoney();
  const accounts = useRecurringAccounts();
  // A recurring transfer shows its route and a neutral amount (never income or expense); with two
  // or more accounts an ordinary item names its account. With one account: the spec's card.
  const isTransfer = item.toAccountId !== null;
  const route = isTransfer ? transferRoute(accounts, item) : null;
  const accountName = !isTransfer && accounts.multi ? accounts.nameOf(item.accountId) : null;
  const titleId = useId();
  // Paused while its account (either, for a transfer) is closed: the server generates nothing.
  const paused = item.accountClosed === true;
  const running = item.isActive && !paused;
  const overdue = !paused && isOverdue(item, today);
  const ended = item.nextDate === null;
  // A paused item's past next date is not overdue: it waits for its account.
  const relative = paused && !ended ? null : relativeNextLabel(item, today);

  // Inactive cards are dimmed by a muted surface and a faded icon, not by opacity on the text,
  // so every text keeps AA contrast.
  const surface = overdue
    ? 'border-amber-400 bg-white ring-2 ring-amber-200 dark:border-amber-500 dark:bg-slate-900 dark:ring-amber-500/30'
    : running
      ? 'border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900'
      : 'border-dashed border-slate-300 bg-slate-50 dark:border-slate-700 dark:bg-slate-900/40';

  return (
    <article
      aria-labelledby={titleId}
      data-testid="recurring-card"
      data-state={running ? (overdue ? 'overdue' : 'active') : item.isActive ? 'paused' : 'inactive'}
      className={`flex flex-col gap-4 rounded-xl border p-5 shadow-sm ${surface}`}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <span
            aria-hidden="true"
            className={`flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-xl ${item.isActive ? '' : 'opacity-50 grayscale'}`}
            style={{ backgroundColor: `${shownCategory(item).color}26` }}
          >
            <Emoji emoji={shownCategory(item).icon} />
          </span>
          <div className="min-w-0">
            <h3
              id={titleId}
              className={`font-semibold break-words ${item.isActive ? 'text-slate-900 dark:text-slate-100' : 'text-slate-700 dark:text-slate-300'}`}
            >
              {item.description}
            </h3>
            <p className="text-sm break-words text-slate-600 dark:text-slate-400">
              {route ? (
                <>
                  <span className="sr-only">{`Transfer from ${route.from} to ${route.to}`}</span>
                  <span aria-hidden="true">{`${route.from} → ${route.to}`}</span>
                </>
              ) : (
                <>
                  <span className="sr-only">Category: </span>
                  {shownCategory(item).name}
                </>
              )}
              {accountName && (
                <>
                  <span aria-hidden="true"> · </span>
                  <span className="sr-only">, account: </span>
                  <span data-testid="recurring-account">{accountName}</span>
                </>
              )}
            </p>
          </div>
        </div>
        <p
          className={`shrink-0 text-lg font-bold whitespace-nowrap ${isTransfer ? 'text-slate-900 dark:text-slate-100' : item.type === 'income' ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400'}`}
        >
          {isTransfer ? money(item.amount) : signed(item.amount, item.type)}
        </p>
      </div>

      <div className="flex flex-wrap gap-2">
        <Badge tone="neutral">{FREQUENCY_LABELS[item.frequency]}</Badge>
        {!item.isActive && <Badge tone="inactive">Inactive</Badge>}
        {paused && <Badge tone="inactive">Paused: account closed</Badge>}
        {overdue && <Badge tone="overdue">Overdue</Badge>}
        {ended && <Badge tone="inactive">{relative}</Badge>}
        {item.skippedDates.map((d) => (
          <Badge key={d} tone="soon">
            <span title={formatDate(d)}>Skipped {dayLabel(d)}</span>
          </Badge>
        ))}
      </div>

      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
        <Detail term="Next date">
          {ended ? (
            'None'
          ) : (
            <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span>{formatDate(item.nextDate ?? '')}</span>
              {relative && (
                <span
                  data-testid="relative-label"
                  className={`text-xs font-semibold ${relative === 'Overdue' ? 'text-amber-800 dark:text-amber-300' : 'text-indigo-700 dark:text-indigo-300'}`}
                >
                  {relative}
                </span>
              )}
            </span>
          )}
        </Detail>
        <Detail term="Last generated">{item.lastGenerated ? formatDate(item.lastGenerated) : 'N/A'}</Detail>
        <Detail term="Start date">{formatDate(item.startDate)}</Detail>
        <Detail term="End date">{item.endDate ? formatDate(item.endDate) : 'No end date'}</Detail>
      </dl>

      <div className="mt-auto flex flex-wrap gap-2 border-t border-slate-100 pt-4 dark:border-slate-800">
        {running && !ended && (
          <Button size="sm" aria-label={`Generate ${item.description}`} onClick={() => onGenerate(item)}>
            Generate
          </Button>
        )}
        <Button size="sm" variant="secondary" aria-label={`Edit ${item.description}`} onClick={() => onEdit(item)}>
          Edit
        </Button>
        <button
          type="button"
          aria-label={`Delete ${item.description}`}
          className="inline-flex items-center justify-center rounded-lg border border-red-200 px-3 py-1.5 text-sm font-medium text-red-700 transition-colors hover:bg-red-50 dark:border-red-900 dark:text-red-400 dark:hover:bg-red-950"
          onClick={() => onDelete(item)}
        >
          Delete
        </button>
      </div>
    </article>
  );
}
