import { Suspense, lazy, useEffect, useState } from 'react';
import { DelayedSpinner } from '../../../components/ui/delayed-spinner';

/** How far the page must move before the button reacts (ignores jitter and tiny scrolls). */
const SCROLL_SLACK_PX = 8;

/**
 * Whether the floating button should step aside: while the user scrolls down to read the page
 * (it would sit over chart corners and the phone pie legend), it slides out; any scroll up, the
 * top of the page and the end of the page (where the section leaves room for it) bring it back.
 */
function useStepAside(): boolean {
  const [aside, setAside] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      const atEnd = window.innerHeight + y >= document.documentElement.scrollHeight - 2;
      if (y < 80 || atEnd) setAside(false);
      else if (y - last > SCROLL_SLACK_PX) setAside(true);
      else if (last - y > SCROLL_SLACK_PX) setAside(false);
      else return;
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return aside;
}
// The form (react-hook-form, zod and the shared schemas) is fetched when the button is first
// pointed at, focused or pressed, not with the dashboard (docs/performance.md).
const loadDialog = () => import('../../transactions/components/transaction-form-dialog');
const TransactionFormDialog = lazy(async () => ({ default: (await loadDialog()).TransactionFormDialog }));

/**
 * The floating 'Add Transaction' button (bottom-right) and the add dialog it opens.
 * `onAdded` runs after a successful save, once the dialog has closed.
 */
export function AddTransactionButton({ onAdded }: { onAdded: () => void }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first press on, then kept (so it closes as it always has).
  const [used, setUsed] = useState(false);
  const aside = useStepAside();
  return (
    <>
      {/* m-0: the parent's space-y margin would lift a fixed button off the corner. Stepped
          aside it stays in the tab order and comes back the moment it has keyboard focus.
          Round at every width (named by its hidden label, shown as a tooltip on hover): the
          wider "+ Add Transaction" pill sat over the centred text of the empty panels at
          common desktop sizes (issue 25), a 56 px circle in the corner clears them. */}
      <button
        type="button"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        data-aside={aside}
        title="Add Transaction"
        className={`${aside ? 'translate-y-[calc(100%+2rem)] focus-visible:translate-y-0' : ''} transition-[translate,background-color] motion-reduce:transition-none fixed right-4 bottom-4 z-20 m-0 inline-flex h-14 w-14 items-center justify-center gap-2 rounded-full bg-indigo-600 text-sm font-semibold text-white shadow-lg shadow-indigo-600/30 hover:bg-indigo-700 disabled:cursor-not-allowed disabled:bg-slate-400 disabled:shadow-none dark:disabled:bg-slate-600 sm:right-6 sm:bottom-6 dark:shadow-black/40`}
      >
        <span aria-hidden="true" className="text-2xl leading-none">
          +
        </span>
        <span className="sr-only">Add Transaction</span>
      </button>
      {used && (
        <Suspense fallback={<DelayedSpinner />}>
          <TransactionFormDialog
            open={open}
            onClose={() => setOpen(false)}
            createErrorFallback="Failed to add transaction"
            onSaved={() => {
              setOpen(false);
              onAdded();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
