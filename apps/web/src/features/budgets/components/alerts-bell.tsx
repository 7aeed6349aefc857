import { useEffect, useRef, useState } from 'react';
import { type BudgetAlert, formatDate } from '@ledgerly/shared';
import { Banner } from '../../../components/ui/banner';
import { Dialog } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/error-message';
import { useMoney } from '../../../lib/use-currency';
import { useAlerts } from '../api/get-alerts';
import { useDismissAlert, useMarkAlertsRead } from '../api/update-alerts';
import { Emoji } from '../../../components/ui/emoji';

/** 'Food: 70% of the monthly budget used' / 'Food: monthly budget exceeded'. */
export function alertHeadline(a: BudgetAlert): string {
  return a.threshold === 100
    ? `${a.category.name}: ${a.period} budget reached 100%`
    : `${a.category.name}: 70% of the ${a.period} budget used`;
}

/**
 * The top bar's bell: its name says how many alerts are unread ('Alerts, 2 unread'); it opens
 * the list of budget alerts — each naming the budget, the figure and the day spending crossed —
 * which marks them read; each can be dismissed. Self-contained, so the top bar only places it.
 */
export function AlertsBell() {
  const alerts = useAlerts();
  const markRead = useMarkAlertsRead();
  const dismiss = useDismissAlert();
  const { money } = useMoney();
  const [open, setOpen] = useState(false);
  // Which alerts were unread when the list was opened: they keep their 'New' mark while it is.
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const list = useRef<HTMLDivElement>(null);

  const items = alerts.data?.data ?? [];
  const unread = alerts.data?.meta.unread ?? 0;

  function onOpen() {
    setFresh(new Set(items.filter((a) => !a.read).map((a) => a.id)));
    setError(null);
    setOpen(true);
    if (unread > 0) markRead.mutate();
  }

  // After a dismissal focus goes to the next alert's Dismiss (or the previous, or the list).
  const focusAfter = useRef<number | null>(null);
  useEffect(() => {
    const index = focusAfter.current;
    if (index === null || !list.current) return;
    focusAfter.current = null;
    const buttons = list.current.querySelectorAll<HTMLElement>('[data-dismiss]');
    (buttons[Math.min(index, buttons.length - 1)] ?? list.current).focus();
  }, [alerts.data]);

  async function onDismiss(a: BudgetAlert, index: number) {
    setError(null);
    try {
      focusAfter.current = index;
      await dismiss.mutateAsync(a.id);
    } catch (failure) {
      focusAfter.current = null;
      setError(errorMessage(failure, 'Failed to dismiss alert'));
    }
  }

  const label = `Alerts, ${unread} unread`;
  return (
    <>
      <button
        type="button"
        onClick={onOpen}
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        className="relative rounded-lg p-2 text-xl leading-none hover:bg-slate-100 dark:hover:bg-slate-800"
      >
        <Emoji emoji="🔔" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-bold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Alerts" size="sm">
        <div ref={list} tabIndex={-1} className="outline-none">
          {error && (
            <div className="mb-3">
              <Banner kind="error" message={error} />
            </div>
          )}
          {alerts.isPending ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">Loading alerts...</p>
          ) : alerts.isError && !alerts.data ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {errorMessage(alerts.error, 'Failed to load alerts')}
            </p>
          ) : items.length === 0 ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              No alerts. You will be told here when spending in a budget reaches 70% and 100%.
            </p>
          ) : (
            <ul className="space-y-3" aria-label="Budget alerts">
              {items.map((a, i) => {
                const headline = alertHeadline(a);
                const over = a.threshold === 100;
                return (
                  <li
                    key={a.id}
                    className={`rounded-lg border p-3 ${over ? 'border-red-300 bg-red-50 dark:border-red-800 dark:bg-red-950/40' : 'border-amber-300 bg-amber-50 dark:border-amber-700 dark:bg-amber-950/40'}`}
                  >
                    <div className="flex items-start justify-between gap-3">
                      <div className="min-w-0">
                        <p className="font-semibold break-words text-slate-900 dark:text-slate-100">
                          <Emoji emoji={a.category.icon} /> {headline}
                          {fresh.has(a.id) && (
                            <span className="ml-2 rounded-full bg-indigo-600 px-2 py-0.5 align-middle text-xs font-medium text-white">
                              New
                            </span>
                          )}
                        </p>
                        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                          {money(a.spentAmount)} of {money(a.budgetAmount)} spent
                        </p>
                        <p className="text-xs text-slate-600 dark:text-slate-400">
                          <time dateTime={a.date}>{formatDate(a.date)}</time>
                        </p>
                      </div>
                      <button
                        type="button"
                        data-dismiss
                        aria-label={`Dismiss alert: ${headline}`}
                        disabled={dismiss.isPending}
                        onClick={() => void onDismiss(a, i)}
                        className="shrink-0 rounded-lg border border-slate-300 bg-white px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-100 disabled:opacity-70 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700"
                      >
                        Dismiss
                      </button>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </Dialog>
    </>
  );
}
