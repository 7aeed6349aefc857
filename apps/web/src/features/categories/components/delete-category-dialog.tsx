import { useEffect, useId, useState } from 'react';
import type { Category } from '@ledgerly/shared';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useDeleteCategory } from '../api/delete-category';

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

/**
 * 'Delete Category': asks first; when the server says the category is in use, offers to move
 * its transactions, recurring items and budgets to another category of the same type and then
 * delete it ('Move and delete'), instead of only refusing.
 */
export function DeleteCategoryDialog({
  category,
  categories,
  onClose,
  onDeleted,
  onFailed,
}: DeleteCategoryDialogProps) {
  const remove = useDeleteCategory();
  const [inUse, setInUse] = useState<string | null>(null);
  const [moveTo, setMoveTo] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [moveError, setMoveError] = useState<string | null>(null);
  const selectId = useId();
  const cancelId = useId();
  const focusSelect = () => document.getElementById(selectId)?.focus();

  // A fresh start for every category the dialog opens on.
  useEffect(() => {
    setInUse(null);
    setMoveTo('');
    setFieldError(undefined);
    setMoveError(null);
  }, [category]);

  useEffect(() => {
    // The Delete button is gone: focus moves to the choice (or to Cancel when there is none).
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
      if (failure instanceof ApiError && failure.code === 'CATEGORY_IN_USE') setInUse(failure.message);
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
      {!inUse ? (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Are you sure you want to delete &quot;{name}&quot;? This action cannot be undone.
          </p>
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
          <p role="alert" className="text-sm text-slate-700 dark:text-slate-300">
            {inUse}
          </p>
          {targets.length > 0 ? (
            <>
              <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
                You can move its transactions, recurring transactions and budgets to another {typeWord} category and
                then delete &quot;{name}&quot;. If that category already has a budget for the same period, it keeps its
                own and this one&apos;s is dropped.
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
