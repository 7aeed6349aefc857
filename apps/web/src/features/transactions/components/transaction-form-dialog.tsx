import { useEffect, useState } from 'react';
import type { Transaction } from '@ledgerly/shared';
import { Dialog } from '../../../components/ui/dialog';
import { TransactionForm } from './transaction-form';

export interface TransactionFormDialogProps {
  open: boolean;
  onClose: () => void;
  /**
   * Called after a successful save with the spec's success message; the caller shows it and
   * closes the dialog (set `open` to false).
   */
  onSaved: (message: string) => void;
  /** Edit this transaction; create a new one when absent. */
  transaction?: Transaction | null;
  /** Message for a failed create when the server gives none (default 'Failed to create transaction'). */
  createErrorFallback?: string;
  /** When editing: offers "Always put payees like this in …" (a rule from this row). */
  onMakeRule?: (transaction: Transaction) => void;
}

/** The one modal for creating and editing a transaction (the Dashboard reuses it). */
export function TransactionFormDialog({
  open,
  onClose,
  onSaved,
  transaction,
  createErrorFallback,
  onMakeRule,
}: TransactionFormDialogProps) {
  const [busy, setBusy] = useState(false);
  // The form says when it is a transfer's (Transfer chosen, or a transfer leg edited): the title
  // follows. Expense and income keep the spec's 'Add Transaction' / 'Edit Transaction'.
  const [chosenTransfer, setTransfer] = useState(false);
  // Each opening starts as its form does: a new row as an expense, a transfer leg as a transfer.
  useEffect(() => {
    if (!open) setTransfer(false);
  }, [open]);
  const transfer = transaction ? transaction.kind === 'transfer' && !!transaction.transferId : chosenTransfer;
  const noun = transfer ? 'Transfer' : 'Transaction';
  return (
    <Dialog open={open} onClose={onClose} title={`${transaction ? 'Edit' : 'Add'} ${noun}`} busy={busy}>
      {/* The Dialog renders its content only while open, so each opening starts a fresh form. */}
      <TransactionForm
        transaction={transaction}
        onCancel={onClose}
        onSaved={onSaved}
        onBusyChange={setBusy}
        createErrorFallback={createErrorFallback}
        onTransferChange={setTransfer}
      />
      {transaction?.description && onMakeRule && (
        <p className="mt-4 border-t border-slate-200 pt-3 text-sm dark:border-slate-700">
          <button
            type="button"
            disabled={busy}
            onClick={() => onMakeRule(transaction)}
            className="font-medium text-indigo-700 underline hover:no-underline disabled:opacity-50 dark:text-indigo-300"
          >
            Always put payees like this in …
          </button>
        </p>
      )}
    </Dialog>
  );
}
