import { useEffect, useRef, useState } from 'react';
import { formatDate, relativeDayLabel, type UpcomingOccurrence } from '@ledgerly/shared';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-message';
import { useMoney } from '../../../lib/use-currency';
import { useSkipRecurring } from '../api/skip-recurring';
import { Emoji } from '../../../components/ui/emoji';

export interface UpcomingDialogProps {
  open: boolean;
  onClose: () => void;
  /** The occurrences of the next 30 days (undefined while loading). */
  occurrences: UpcomingOccurrence[] | undefined;
  failed: boolean;
  today: string;
}

const keyOf = (o: UpcomingOccurrence) => `${o.recurringId}|${o.date}`;

/**
 * 'Upcoming (30d)': every occurrence due in the next 30 days (date, description, amount,
 * category), soonest first. Each can be skipped — asked first, in its own row — and then is never
 * generated; the item's card shows it as skipped.
 */
export function UpcomingDialog({ open, onClose, occurrences, failed, today }: UpcomingDialogProps) {
  const { signed } = useMoney();
  const skip = useSkipRecurring();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; message: string } | null>(null);
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
      setResult({ kind: 'success', message: `Skipped "${o.description}" on ${formatDate(o.date)}.` });
    } catch (failure) {
      setResult({ kind: 'error', message: errorMessage(failure, 'Failed to skip the occurrence') });
    }
    setConfirming(null);
  }

  return (
    <Dialog open={open} onClose={onClose} title="Upcoming (30d)" size="lg" busy={skip.isPending}>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Transactions due in the next 30 days. Skip one to leave it out: nothing is created for that date and the
        schedule moves on.
      </p>
      {result && (
        <div ref={resultBox} tabIndex={-1} className="mt-4 outline-none">
          <Banner kind={result.kind} message={result.message} />
        </div>
      )}
      {occurrences === undefined ? (
        failed ? (
          <p className="mt-6 text-sm text-slate-700 dark:text-slate-300">Upcoming transactions could not be loaded.</p>
        ) : (
          <Spinner label="Loading upcoming transactions..." />
        )
      ) : occurrences.length === 0 ? (
        <p className="mt-6 text-sm text-slate-700 dark:text-slate-300">Nothing is due in the next 30 days.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-800" aria-label="Upcoming transactions">
          {occurrences.map((o) => {
            const key = keyOf(o);
            const asking = confirming === key;
            const when = formatDate(o.date);
            return (
              <li key={key} className="py-3">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium break-words text-slate-900 dark:text-slate-100">{o.description}</p>
                    <p className="text-sm text-slate-600 dark:text-slate-400">
                      <Emoji emoji={o.category.icon} /> {o.category.name}
                    </p>
                    <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                      <span className="font-medium">{when}</span>
                      <span className="text-slate-600 dark:text-slate-400"> · {relativeDayLabel(o.date, today)}</span>
                    </p>
                  </div>
                  <div className="flex shrink-0 flex-col items-end gap-2">
                    <p
                      className={`font-semibold whitespace-nowrap ${o.type === 'income' ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400'}`}
                    >
                      {signed(o.amount, o.type)}
                    </p>
                    {!asking && (
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={`Skip ${o.description} on ${when}`}
                        data-skip={key}
                        disabled={skip.isPending}
                        onClick={() => {
                          setResult(null);
                          setConfirming(key);
                        }}
                      >
                        Skip
                      </Button>
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
                      Skip &quot;{o.description}&quot; on {when}? No transaction will be created for that date; the next
                      one stays scheduled.
                    </p>
                    <div className="mt-3 flex flex-wrap justify-end gap-2">
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={skip.isPending}
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
                        disabled={skip.isPending}
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
      )}
    </Dialog>
  );
}
