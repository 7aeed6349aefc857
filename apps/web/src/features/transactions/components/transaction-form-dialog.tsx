import { useState } from 'react';
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
}

/** The one modal for creating and editing a transaction (the Dashboard reuses it). */
export function TransactionFormDialog({
  open,
  onClose,
  onSaved,
  transaction,
  createErrorFallback,
}: TransactionFormDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onClose={onClose} title={transaction ? 'Edit Transaction' : 'Add Transaction'} busy={busy}>
      {/* The Dialog renders its content only while open, so each opening starts a fresh form. */}
      <TransactionForm
        transaction={transaction}
        onCancel={onClose}
        onSaved={onSaved}
        onBusyChange={setBusy}
        createErrorFallback={createErrorFallback}
      />
    </Dialog>
  );
}
