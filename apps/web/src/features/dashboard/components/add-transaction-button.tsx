import { useState } from 'react';
import { TransactionFormDialog } from '../../transactions/components/transaction-form-dialog';

/**
 * The floating 'Add Transaction' button (bottom-right) and the add dialog it opens.
 * `onAdded` runs after a successful save, once the dialog has closed.
 */
export function AddTransactionButton({ onAdded }: { onAdded: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {/* m-0: the parent's space-y margin would lift a fixed button off the corner. */}
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="fixed right-4 bottom-4 z-20 m-0 inline-flex h-14 w-14 items-center justify-center gap-2 rounded-full bg-indigo-600 text-sm font-semibold text-white shadow-lg shadow-indigo-600/30 transition-colors hover:bg-indigo-700 sm:right-6 sm:bottom-6 sm:w-auto sm:px-5 dark:shadow-black/40"
      >
        <span aria-hidden="true" className="text-2xl leading-none">
          +
        </span>
        <span className="sr-only sm:not-sr-only">Add Transaction</span>
      </button>
      <TransactionFormDialog
        open={open}
        onClose={() => setOpen(false)}
        createErrorFallback="Failed to add transaction"
        onSaved={() => {
          setOpen(false);
          onAdded();
        }}
      />
    </>
  );
}
