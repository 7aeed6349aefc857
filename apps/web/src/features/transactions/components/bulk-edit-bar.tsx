import { useId, useState } from 'react';
import type { BulkAction } from '@ledgerly/shared';
import { errorMessage } from '../../../lib/error-message';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { inputClass } from '../../../components/ui/field';
import { useCategories } from '../../categories/api/get-categories';
import { useAccountsView } from '../../accounts/api/use-accounts';
import { useBulkEdit } from '../api/bulk-edit';
import { useMarkTransfer } from '../api/mark-transfer';
import { bulkResultMessage, markTransferMessage, transactionsCount, type BulkSelection } from '../bulk-selection';
import type { TransactionFilters } from '../filters';
import { useTags } from '../../tags/api/tags';

export interface BulkEditBarProps {
  selection: BulkSelection;
  /** Rows matching the filter (the list's total). */
  total: number;
  /** The total is a lower bound (a search with more matches). */
  totalIsLowerBound: boolean;
  filters: TransactionFilters;
  onSuccess: (message: string) => void;
  onError: (message: string) => void;
}

/** Turns selecting on: a checkbox appears on every row. */
export function SelectButton({ selection }: { selection: BulkSelection }) {
  return (
    <Button variant="secondary" size="sm" onClick={() => selection.setActive(true)}>
      Select
    </Button>
  );
}

/**
 * Bulk edit of the list (issue 25 item 4), shown once "Select" is pressed; with rows
 * chosen (or all matching the filter), set their category, mark them cleared, mark them as
 * transfers (with several accounts) or delete them after a confirmation that says how many.
 */
export function BulkEditBar({ selection, total, totalIsLowerBound, filters, onSuccess, onError }: BulkEditBarProps) {
  const headingId = useId();
  const categorySelectId = useId();
  const [categoryId, setCategoryId] = useState('');
  const tagSelectId = useId();
  const [tagId, setTagId] = useState('');
  const { data: tags = [] } = useTags();
  const [confirming, setConfirming] = useState(false);
  const { data: categories = [] } = useCategories();
  const { several } = useAccountsView();
  const edit = useBulkEdit();
  const markTransfer = useMarkTransfer();
  const busy = edit.isPending || markTransfer.isPending;

  const count = selection.all ? total : selection.ids.size;
  const countText = `${count.toLocaleString('en-US')}${selection.all && totalIsLowerBound ? '+' : ''}`;
  const none = count === 0;
  const target = selection.all ? { filter: filters } : { ids: [...selection.ids] };

  async function run(action: BulkAction, extra: { categoryId?: string; tagId?: string } = {}) {
    try {
      const { data } = await edit.mutateAsync({ selection: target, action, ...extra });
      onSuccess(bulkResultMessage(data));
      selection.clear();
      setCategoryId('');
      setTagId('');
    } catch (error) {
      onError(errorMessage(error, 'Failed to update transactions'));
    }
  }

  async function runMarkTransfer() {
    try {
      const result = await markTransfer.mutateAsync([...selection.ids]);
      onSuccess(markTransferMessage(result.linked, result.unmatched));
      selection.clear();
    } catch (error) {
      onError(errorMessage(error, 'Failed to mark as transfer'));
    }
  }

  const expense = categories.filter((c) => c.type === 'expense');
  const income = categories.filter((c) => c.type === 'income');

  return (
    <section
      aria-labelledby={headingId}
      aria-busy={busy}
      className="sticky top-20 z-20 sm:top-16 rounded-xl border border-indigo-200 bg-indigo-50 p-3 shadow-sm dark:border-indigo-900 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h2 id={headingId} className="text-sm font-semibold text-slate-900 dark:text-slate-100" aria-live="polite">
          {countText} selected
        </h2>
        {!selection.all && total > selection.ids.size && (
          <Button variant="ghost" size="sm" onClick={selection.selectAllMatching}>
            Select all {total.toLocaleString('en-US')}
            {totalIsLowerBound ? '+' : ''} matching
          </Button>
        )}
        {!none && (
          <Button variant="ghost" size="sm" onClick={selection.clear}>
            Clear selection
          </Button>
        )}
        <Button variant="secondary" size="sm" className="ml-auto" onClick={() => selection.setActive(false)}>
          Done
        </Button>
      </div>
      <fieldset disabled={none || busy} className="mt-3 flex flex-wrap items-end gap-2 disabled:opacity-60">
        <legend className="sr-only">Change the selected transactions</legend>
        <div className="flex min-w-0 items-end gap-2">
          <div className="min-w-0">
            <label htmlFor={categorySelectId} className="sr-only">
              Category for the selected transactions
            </label>
            <select
              id={categorySelectId}
              value={categoryId}
              onChange={(e) => setCategoryId(e.target.value)}
              className={`${inputClass} max-w-[12rem] py-1.5`}
            >
              <option value="">Set category…</option>
              <optgroup label="Expense">
                {expense.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.icon} {c.name}
                  </option>
                ))}
              </optgroup>
              <optgroup label="Income">
                {income.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.icon} {c.name}
                  </option>
                ))}
              </optgroup>
            </select>
          </div>
          <Button size="sm" disabled={!categoryId} onClick={() => void run('category', { categoryId })}>
            Apply
          </Button>
        </div>
        {tags.length > 0 && (
          <div className="flex min-w-0 items-end gap-2">
            <label htmlFor={tagSelectId} className="sr-only">
              Tag for the selected transactions
            </label>
            <select
              id={tagSelectId}
              value={tagId}
              onChange={(e) => setTagId(e.target.value)}
              className={`${inputClass} max-w-[10rem] py-1.5`}
            >
              <option value="">Tag…</option>
              {tags
                .filter((t) => !t.archived)
                .map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
            </select>
            <Button size="sm" variant="secondary" disabled={!tagId} onClick={() => void run('addTag', { tagId })}>
              Add tag
            </Button>
            <Button size="sm" variant="secondary" disabled={!tagId} onClick={() => void run('removeTag', { tagId })}>
              Remove tag
            </Button>
          </div>
        )}
        <Button variant="secondary" size="sm" onClick={() => void run('cleared')}>
          Mark cleared
        </Button>
        {/* Pairs rows with their partner in another account: named rows only, with several accounts. */}
        {several && !selection.all && (
          <Button variant="secondary" size="sm" onClick={() => void runMarkTransfer()}>
            Mark as transfer
          </Button>
        )}
        <Button variant="danger" size="sm" onClick={() => setConfirming(true)}>
          Delete
        </Button>
      </fieldset>
      <ConfirmDialog
        open={confirming}
        title={`Delete ${transactionsCount(count)}${selection.all && totalIsLowerBound ? ' or more' : ''}?`}
        message="A transfer goes with both its sides; reconciled transactions are kept. This action cannot be undone."
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={edit.isPending}
        onConfirm={async () => {
          await run('delete');
          setConfirming(false);
        }}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}

/** The checkbox at the start of a row while selecting; shift-click ticks the range from the last one. */
export function RowCheckbox({
  selection,
  index,
  id,
  label,
}: {
  selection: BulkSelection;
  index: number;
  id: string;
  label: string;
}) {
  return (
    <input
      type="checkbox"
      aria-label={`Select ${label}`}
      checked={selection.isSelected(id)}
      // The click carries the shift key; change alone does not.
      onClick={(e) => selection.toggle(index, e.shiftKey)}
      onChange={() => undefined}
      className="h-5 w-5 shrink-0 cursor-pointer rounded border-slate-300 accent-indigo-600 dark:border-slate-600"
    />
  );
}
