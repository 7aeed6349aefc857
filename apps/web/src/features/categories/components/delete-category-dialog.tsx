import { useEffect, useId, useState } from 'react';
import type { Category } from '@ledgerly/shared';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useDeleteCategory } from '../api/delete-category';
import { useCategoryUsage } from '../api/get-category-usage';

export interface DeleteCategoryDialogProps {
  /** The category to delete; null keeps the dialog closed. */
  category: Category | null;
  /** The user's categories: the same-type ones are offered as the target of a move. */
  categories: Category[];
  onClose: () => void;
  onDeleted: (message: string) => void;
  /** A plain delete that failed for another reason than being in use (the dialog closes). */
  onFailed: (message: string) => void;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** 'Used by 2 transactions and 1 budget.' (null when nothing that blocks a delete uses it). */
export function usedBySentence(usage: { transactions: number; recurring: number; budgets: number }): string | null {
  if (!usage.transactions && !usage.recurring) return null;
  const parts: string[] = [];
  if (usage.transactions) parts.push(plural(usage.transactions, 'transaction'));
  if (usage.recurring) parts.push(plural(usage.recurring, 'recurring transaction'));
  if (usage.budgets) parts.push(plural(usage.budgets, 'budget'));
  const last = parts.pop() ?? '';
  return `Used by ${parts.length ? `${parts.join(', ')} and ${last}` : last}.`;
}

/**
 * 'Delete Category': reads what uses the category as it opens. Unused, it asks the spec's
 * question; in use, the same dialog says so from the start ('Used by 2 transactions.') and
 * offers to move them to another category of the same type ('Move and delete'), so there is
 * no "cannot be undone" step followed by a refusal. A 409 from a delete (something started
 * using it meanwhile) still leads to the move.
 */
export function DeleteCategoryDialog({
  category,
  categories,
  onClose,
  onDeleted,
  onFailed,
}: DeleteCategoryDialogProps) {
  const remove = useDeleteCategory();
  const usage = useCategoryUsage(category?.id);
  const [refused, setRefused] = useState<string | null>(null);
  const [moveTo, setMoveTo] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [moveError, setMoveError] = useState<string | null>(null);
  const selectId = useId();
  const cancelId = useId();
  const focusSelect = () => document.getElementById(selectId)?.focus();

  // A fresh start for every category the dialog opens on.
  useEffect(() => {
    setRefused(null);
    setMoveTo('');
    setFieldError(undefined);
    setMoveError(null);
  }, [category]);

  // Unread (still loading, or failed: then the delete itself says whether it is in use).
  const counted = category && usage.data ? usage.data : null;
  const checking = category !== null && usage.isPending && usage.fetchStatus === 'fetching';
  const inUse = refused ?? (counted ? usedBySentence(counted) : null);
  const budgetsGo = !inUse && counted && counted.budgets > 0 ? counted.budgets : 0;

  useEffect(() => {
    // Once known to be in use, focus moves to the choice (or to Cancel when there is none).
    if (inUse) (document.getElementById(selectId) ?? document.getElementById(cancelId))?.focus();
  }, [inUse, selectId, cancelId]);

  const targets = category ? categories.filter((c) => c.type === category.type && c.id !== category.id) : [];
  const typeWord = category?.type === 'income' ? 'income' : 'expense';
  const name = category?.name ?? '';

  async function onDelete() {
    if (!category) return;
    try {
      await remove.mutateAsync({ id: category.id });
      onDeleted('Category deleted successfully!');
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'CATEGORY_IN_USE') setRefused(failure.message);
      else onFailed(errorMessage(failure, 'Failed to delete category'));
    }
  }

  async function onMove() {
    if (!category) return;
    if (!moveTo) {
      setFieldError('Please select a category');
      focusSelect();
      return;
    }
    setMoveError(null);
    try {
      const answer = await remove.mutateAsync({ id: category.id, moveTo });
      onDeleted(answer?.message ?? 'Category deleted successfully!');
    } catch (failure) {
      setMoveError(errorMessage(failure, 'Failed to delete category'));
    }
  }

  const busy = remove.isPending;
  return (
    <Dialog open={category !== null} onClose={onClose} title="Delete Category" size="sm" busy={busy}>
      {checking ? (
        <>
          <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
            Checking what uses &quot;{name}&quot;…
          </p>
          <div className="mt-6 flex justify-end gap-3">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
          </div>
        </>
      ) : !inUse ? (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Are you sure you want to delete &quot;{name}&quot;? This action cannot be undone.
          </p>
          {budgetsGo > 0 && (
            <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
              Its {budgetsGo === 1 ? 'budget is' : `${budgetsGo} budgets are`} deleted with it.
            </p>
          )}
          <div className="mt-6 flex justify-end gap-3">
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => void onDelete()} disabled={busy}>
              {busy ? 'Deleting...' : 'Delete'}
            </Button>
          </div>
        </>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void onMove();
          }}
        >
          <p role={refused ? 'alert' : undefined} className="text-sm font-medium text-slate-900 dark:text-slate-100">
            {inUse}
          </p>
          {targets.length > 0 ? (
            <>
              <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
                Move them to another {typeWord} category, then &quot;{name}&quot; is deleted; this cannot be undone. If
                that category already has a budget for the same period, it keeps its own and this one&apos;s is dropped.
              </p>
              <SelectField
                id={selectId}
                containerClassName="mt-4"
                label="Move them to"
                value={moveTo}
                error={fieldError}
                disabled={busy}
                onChange={(e) => {
                  setMoveTo(e.target.value);
                  setFieldError(undefined);
                }}
              >
                <option value="">Select a category</option>
                {targets.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.icon} {c.name}
                  </option>
                ))}
              </SelectField>
            </>
          ) : (
            <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
              There is no other {typeWord} category to move them to. Create one first, then delete &quot;{name}&quot;
              again.
            </p>
          )}
          {moveError && (
            <div className="mt-4">
              <Banner kind="error" message={moveError} />
            </div>
          )}
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Button id={cancelId} variant="secondary" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            {targets.length > 0 && (
              <Button type="submit" variant="danger" disabled={busy}>
                {busy ? 'Moving...' : 'Move and delete'}
              </Button>
            )}
          </div>
        </form>
      )}
    </Dialog>
  );
}
