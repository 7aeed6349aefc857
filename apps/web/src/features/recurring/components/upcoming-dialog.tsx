import { useEffect, useRef, useState } from 'react';
import { formatDate, relativeDayLabel, type RecurringTransaction, type UpcomingOccurrence } from '@ledgerly/shared';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-message';
import { useMoney } from '../../../lib/use-currency';
import { useSkipRecurring } from '../api/skip-recurring';
import { useUnskipRecurring } from '../api/unskip-recurring';
import { Emoji } from '../../../components/ui/emoji';
import { transferRoute, useRecurringAccounts } from '../lib/recurring-accounts';

export interface UpcomingDialogProps {
  open: boolean;
  onClose: () => void;
  /** The occurrences of the next 30 days (undefined while loading). */
  occurrences: UpcomingOccurrence[] | undefined;
  /** Occurrences the user skipped, not generated yet: listed on their day, with 'Undo skip'. */
  skipped: UpcomingOccurrence[];
  failed: boolean;
  today: string;
  /** The recurring items: a transfer's occurrence is shown with its route (from → to). */
  items?: readonly RecurringTransaction[];
}

const keyOf = (o: UpcomingOccurrence) => `${o.recurringId}|${o.date}`;

type Row = { occurrence: UpcomingOccurrence; skipped: boolean };

/** The rows grouped by day, soonest first; on each day due ones first, then skipped ones. */
export function groupByDay(due: UpcomingOccurrence[], skipped: UpcomingOccurrence[]): [string, Row[]][] {
  const days = new Map<string, Row[]>();
  const rows = [
    ...due.map((occurrence) => ({ occurrence, skipped: false })),
    ...skipped.map((occurrence) => ({ occurrence, skipped: true })),
  ];
  for (const row of rows) {
    const list = days.get(row.occurrence.date) ?? [];
    list.push(row);
    days.set(row.occurrence.date, list);
  }
  return [...days.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

type Result = { kind: 'success' | 'error'; message: string; undo?: UpcomingOccurrence };

/**
 * 'Upcoming (30d)': every occurrence due in the next 30 days (date, description, amount,
 * category), grouped by day, soonest first. Each can be skipped — asked first, in its own row —
 * and then is never generated; the item's card shows it as skipped. A skip can be undone: at
 * once from the message that confirms it, or later from the skipped row, which stays listed.
 */
export function UpcomingDialog({
  open,
  onClose,
  occurrences,
  skipped,
  failed,
  today,
  items = [],
}: UpcomingDialogProps) {
  const { money, signed } = useMoney();
  const accounts = useRecurringAccounts();
  const itemById = new Map(items.map((i) => [i.id, i]));
  // A recurring transfer's occurrence (its item has a destination; the server answers it with the
  // shown 'Transfer' category, whose id is empty) is never income or expense: its route and a
  // neutral amount, as the recurring card and the transactions list show transfers.
  const transferOf = (o: UpcomingOccurrence) => {
    const item = itemById.get(o.recurringId);
    if (item ? item.toAccountId === null : o.category.id !== '') return null;
    return { route: item ? transferRoute(accounts, item) : null };
  };
  const skip = useSkipRecurring();
  const unskip = useUnskipRecurring();
  const busy = skip.isPending || unskip.isPending;
  const [confirming, setConfirming] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const resultBox = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) {
      setConfirming(null);
      setResult(null);
    }
  }, [open]);
  // Focus follows the question: to its Skip button when it opens, back to the row's Skip when kept.
  const keptKey = useRef<string | null>(null);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
    else if (keptKey.current) {
      const key = keptKey.current;
      keptKey.current = null;
      Array.from(document.querySelectorAll<HTMLElement>('[data-skip]'))
        .find((b) => b.dataset.skip === key)
        ?.focus();
    }
  }, [confirming]);
  useEffect(() => {
    // The row that was skipped is gone: its result (focusable) takes focus, inside the dialog.
    if (result) resultBox.current?.focus();
  }, [result]);

  async function onSkip(o: UpcomingOccurrence) {
    try {
      await skip.mutateAsync({ id: o.recurringId, date: o.date });
      setResult({ kind: 'success', message: `Skipped "${o.description}" on ${formatDate(o.date)}.`, undo: o });
    } catch (failure) {
      setResult({ kind: 'error', message: errorMessage(failure, 'Failed to skip the occurrence') });
    }
    setConfirming(null);
  }

  async function onUndo(o: UpcomingOccurrence) {
    try {
      await unskip.mutateAsync({ id: o.recurringId, date: o.date });
      setResult({
        kind: 'success',
        message: `Skip undone: "${o.description}" on ${formatDate(o.date)} is scheduled again.`,
      });
    } catch (failure) {
      setResult({ kind: 'error', message: errorMessage(failure, 'Failed to undo the skip') });
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title="Upcoming (30d)" size="lg" busy={busy}>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Transactions due in the next 30 days. Skip one to leave it out: nothing is created for that date and the
        schedule moves on.
      </p>
      {result && (
        <div ref={resultBox} tabIndex={-1} className="mt-4 space-y-2 outline-none">
          <Banner kind={result.kind} message={result.message} />
          {result.undo && (
            <Button
              size="sm"
              variant="secondary"
              disabled={busy}
              aria-label={`Undo skip of ${result.undo.description} on ${formatDate(result.undo.date)}`}
              onClick={() => result.undo && void onUndo(result.undo)}
            >
              {unskip.isPending ? 'Undoing...' : 'Undo'}
            </Button>
          )}
        </div>
      )}
      {occurrences === undefined ? (
        failed ? (
          <p className="mt-6 text-sm text-slate-700 dark:text-slate-300">Upcoming transactions could not be loaded.</p>
        ) : (
          <Spinner label="Loading upcoming transactions..." />
        )
      ) : occurrences.length === 0 && skipped.length === 0 ? (
        <p className="mt-6 text-sm text-slate-700 dark:text-slate-300">Nothing is due in the next 30 days.</p>
      ) : (
        <div className="mt-4 space-y-5">
          {groupByDay(occurrences, skipped).map(([date, rows]) => {
            const day = formatDate(date);
            return (
              <section key={date} aria-label={day}>
                <h3 className="border-b border-slate-200 pb-1 text-sm font-semibold text-slate-900 dark:border-slate-700 dark:text-slate-100">
                  <time dateTime={date}>{day}</time>
                  <span className="font-normal text-slate-600 dark:text-slate-400">
                    {' '}
                    · {relativeDayLabel(date, today)}
                  </span>
                </h3>
                <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label={`Due ${day}`}>
                  {rows.map(({ occurrence: o, skipped: isSkipped }) => {
                    const key = keyOf(o);
                    const asking = confirming === key;
                    const when = formatDate(o.date);
                    const transfer = transferOf(o);
                    return (
                      <li key={`${key}|${isSkipped ? 's' : 'd'}`} className="py-3">
                        <div className="flex items-start justify-between gap-3">
                          <div className="min-w-0 flex-1">
                            <p
                              className={`font-medium break-words ${isSkipped ? 'text-slate-600 line-through dark:text-slate-400' : 'text-slate-900 dark:text-slate-100'}`}
                            >
                              {o.description}
                            </p>
                            <p className="text-sm text-slate-600 dark:text-slate-400">
                              {transfer?.route ? (
                                <span data-testid="upcoming-route">
                                  <span className="sr-only">{`Transfer from ${transfer.route.from} to ${transfer.route.to}`}</span>
                                  <span aria-hidden="true">{`${transfer.route.from} → ${transfer.route.to}`}</span>
                                </span>
                              ) : (
                                <>
                                  <Emoji emoji={o.category.icon} /> {o.category.name}
                                </>
                              )}
                              {isSkipped && (
                                <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-800 dark:bg-slate-700 dark:text-slate-100">
                                  Skipped
                                </span>
                              )}
                            </p>
                          </div>
                          <div className="flex shrink-0 flex-col items-end gap-2">
                            <p
                              className={`font-semibold whitespace-nowrap ${isSkipped ? 'text-slate-600 dark:text-slate-400' : transfer ? 'text-slate-900 dark:text-slate-100' : o.type === 'income' ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400'}`}
                            >
                              {transfer ? money(o.amount) : signed(o.amount, o.type)}
                            </p>
                            {isSkipped ? (
                              <Button
                                size="sm"
                                variant="secondary"
                                aria-label={`Undo skip of ${o.description} on ${when}`}
                                disabled={busy}
                                onClick={() => void onUndo(o)}
                              >
                                Undo skip
                              </Button>
                            ) : (
                              !asking && (
                                <Button
                                  size="sm"
                                  variant="secondary"
                                  aria-label={`Skip ${o.description} on ${when}`}
                                  data-skip={key}
                                  disabled={busy}
                                  onClick={() => {
                                    setResult(null);
                                    setConfirming(key);
                                  }}
                                >
                                  Skip
                                </Button>
                              )
                            )}
                          </div>
                        </div>
                        {asking && (
                          <div
                            role="group"
                            aria-label={`Skip ${o.description} on ${when}?`}
                            className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
                          >
                            <p>
                              Skip &quot;{o.description}&quot; on {when}? No transaction will be created for that date;
                              the next one stays scheduled. You can undo it.
                            </p>
                            <div className="mt-3 flex flex-wrap justify-end gap-2">
                              <Button
                                size="sm"
                                variant="secondary"
                                disabled={busy}
                                onClick={() => {
                                  keptKey.current = key;
                                  setConfirming(null);
                                }}
                              >
                                Keep it
                              </Button>
                              <button
                                ref={confirmButton}
                                type="button"
                                disabled={busy}
                                onClick={() => void onSkip(o)}
                                className="inline-flex items-center justify-center rounded-lg bg-amber-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-amber-800 disabled:opacity-70"
                              >
                                {skip.isPending ? 'Skipping...' : 'Skip occurrence'}
                              </button>
                            </div>
                          </div>
                        )}
                      </li>
                    );
                  })}
                </ul>
              </section>
            );
          })}
        </div>
      )}
    </Dialog>
  );
}
