import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
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

/** How long a toast about a new alert stays (it has a close button, and the list keeps the alert). */
export const ALERT_TOAST_MS = 10_000;

/**
 * The top bar's bell: its name says how many alerts are unread ('Alerts, 2 unread'); it opens
 * the list of budget alerts — each naming the budget, the figure and the day spending crossed —
 * which marks them read; each can be dismissed. The list opens on its heading, so a screen
 * reader starts at the top rather than on the first "Dismiss". An alert that appears while the
 * app is open (a write crossed a threshold: every write refreshes the list) is also told at once
 * in a toast. Self-contained, so the top bar only places it.
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

  // Alerts already known when the list was last read; null until the first answer (those that
  // exist at sign-in are counted on the bell, not toasted).
  const seen = useRef<Set<string> | null>(null);
  const [toast, setToast] = useState<BudgetAlert[]>([]);
  // The toast stays while the pointer or focus is on it (WCAG 2.2.1), then its full time again.
  const [held, setHeld] = useState(false);
  useEffect(() => {
    const data = alerts.data?.data;
    if (!data) return;
    const known = seen.current;
    if (known) {
      const fresh = data.filter((a) => !known.has(a.id) && !a.read);
      if (fresh.length) setToast(fresh);
    }
    seen.current = new Set([...(known ?? []), ...data.map((a) => a.id)]);
  }, [alerts.data]);
  useEffect(() => {
    if (!toast.length || held) return;
    const timer = window.setTimeout(() => setToast([]), ALERT_TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [toast, held]);

  function onOpen() {
    setToast([]);
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
      {createPortal(
        <AlertToast alerts={toast} money={money} onView={onOpen} onClose={() => setToast([])} onHold={setHeld} />,
        document.body,
      )}
      <Dialog open={open} onClose={() => setOpen(false)} title="Alerts" size="sm" focusTitle>
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

interface AlertToastProps {
  alerts: BudgetAlert[];
  money: (amount: number) => string;
  onView: () => void;
  onClose: () => void;
  /** True while the pointer or focus is on the toast. */
  onHold: (held: boolean) => void;
}

/**
 * The toast for alerts just raised. The live region is always in the page (empty when there is
 * nothing to say), so screen readers announce what appears in it; it has no role of its own so
 * that it is not mistaken for the page's success messages.
 */
function AlertToast({ alerts, money, onView, onClose, onHold }: AlertToastProps) {
  const [first] = alerts;
  return (
    <div
      aria-live="polite"
      aria-atomic="true"
      className="pointer-events-none fixed inset-x-4 top-20 z-40 flex justify-end sm:left-auto sm:w-96"
    >
      {first && (
        <section
          aria-label="New budget alert"
          onMouseEnter={() => onHold(true)}
          onMouseLeave={() => onHold(false)}
          onFocus={() => onHold(true)}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget)) onHold(false);
          }}
          className={`pointer-events-auto w-full rounded-xl border p-4 shadow-lg ${first.threshold === 100 ? 'border-red-300 bg-red-50 dark:border-red-800 dark:bg-red-950' : 'border-amber-300 bg-amber-50 dark:border-amber-700 dark:bg-amber-950'}`}
        >
          <div className="flex items-start gap-3">
            <div className="min-w-0 flex-1">
              <p className="font-semibold break-words text-slate-900 dark:text-slate-100">
                <Emoji emoji={first.category.icon} /> {alertHeadline(first)}
              </p>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                {money(first.spentAmount)} of {money(first.budgetAmount)} spent
                {alerts.length > 1 && ` · and ${alerts.length - 1} more`}
              </p>
            </div>
            <button
              type="button"
              onClick={onClose}
              aria-label="Close alert notification"
              className="-m-1 rounded-lg p-1 text-xl leading-none text-slate-600 hover:bg-black/5 dark:text-slate-300 dark:hover:bg-white/10"
            >
              ×
            </button>
          </div>
          <button
            type="button"
            onClick={onView}
            className="mt-2 text-sm font-medium text-indigo-700 underline hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-200"
          >
            View alerts
          </button>
        </section>
      )}
    </div>
  );
}
