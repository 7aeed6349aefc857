import { useId, useState } from 'react';
import type { Transaction } from '@ledgerly/shared';
import { errorMessage } from '../../../lib/error-message';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { CategorySelect } from '../../categories/components/category-select';
import { useDeleteTransfer } from '../api/delete-transfer';

export interface DeleteTransferDialogProps {
  /** The transfer leg being deleted; closed when null. */
  transaction: Transaction | null;
  /** "Transfer to Savings": how the leg is named on screen. */
  label: string;
  onDone: (message: string) => void;
  onError: (message: string) => void;
  onCancel: () => void;
}

/**
 * Deleting one leg of a transfer (DESIGN §10) asks what to do: delete both sides, or unlink and
 * keep this row as an ordinary expense or income of a chosen category.
 */
export function DeleteTransferDialog({ transaction, label, onDone, onError, onCancel }: DeleteTransferDialogProps) {
  return (
    <Dialog open={transaction !== null} onClose={onCancel} title="Delete Transfer" size="sm">
      {/* Rendered only while open: each opening starts with "Delete both sides". */}
      {transaction && (
        <DeleteTransferChoice
          transaction={transaction}
          label={label}
          onDone={onDone}
          onError={onError}
          onCancel={onCancel}
        />
      )}
    </Dialog>
  );
}

function DeleteTransferChoice({
  transaction: t,
  label,
  onDone,
  onError,
  onCancel,
}: DeleteTransferDialogProps & { transaction: Transaction }) {
  const name = useId();
  const [choice, setChoice] = useState<'both' | 'keep'>('both');
  const [categoryId, setCategoryId] = useState('');
  const [categoryError, setCategoryError] = useState<string>();
  const remove = useDeleteTransfer();
  const kind = t.type === 'expense' ? 'expense' : 'income';

  async function confirm() {
    if (!t.transferId) return;
    if (choice === 'keep' && !categoryId) {
      setCategoryError('Please select a category');
      return;
    }
    try {
      await remove.mutateAsync({
        transferId: t.transferId,
        keep: choice === 'keep' ? { leg: t.type === 'expense' ? 'out' : 'in', categoryId } : undefined,
      });
      onDone(choice === 'both' ? 'Transfer deleted successfully!' : `Transfer removed: kept as an ${kind}`);
    } catch (error) {
      onError(errorMessage(error, 'Failed to delete transaction'));
    }
  }

  return (
    <div aria-busy={remove.isPending}>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        &ldquo;{t.description || label}&rdquo; is one side of a transfer. What should happen to it?
      </p>
      <fieldset className="mt-4 space-y-2" disabled={remove.isPending}>
        <legend className="sr-only">What to delete</legend>
        <Choice
          name={name}
          checked={choice === 'both'}
          onSelect={() => setChoice('both')}
          title="Delete both sides"
          detail="The transfer goes from both accounts."
        />
        <Choice
          name={name}
          checked={choice === 'keep'}
          onSelect={() => setChoice('keep')}
          title={`Keep this one as an ${kind}`}
          detail="The other side is deleted; this row stays, with a category."
        />
        {choice === 'keep' && (
          <CategorySelect
            type={kind}
            value={categoryId}
            onChange={(id) => {
              setCategoryId(id);
              setCategoryError(undefined);
            }}
            error={categoryError}
            required
          />
        )}
      </fieldset>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={onCancel} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button variant="danger" onClick={() => void confirm()} disabled={remove.isPending}>
          {remove.isPending ? 'Deleting...' : 'Delete'}
        </Button>
      </div>
    </div>
  );
}

/** One radio choice with its title (the label) and a line saying what it does. */
function Choice(props: { name: string; checked: boolean; onSelect: () => void; title: string; detail: string }) {
  const id = useId();
  return (
    <div className="flex items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-indigo-500 dark:border-slate-700">
      <input
        id={id}
        type="radio"
        name={props.name}
        className="mt-1"
        checked={props.checked}
        onChange={props.onSelect}
        aria-describedby={`${id}-detail`}
      />
      <div className="text-sm">
        <label htmlFor={id} className="block font-medium">
          {props.title}
        </label>
        <p id={`${id}-detail`} className="text-slate-600 dark:text-slate-400">
          {props.detail}
        </p>
      </div>
    </div>
  );
}
