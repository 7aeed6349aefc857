import type { Category } from '@ledgerly/shared';
import { Dialog } from '../../../components/ui/dialog';
import { useCreateCategory } from '../api/create-category';
import { useUpdateCategory } from '../api/update-category';
import { CategoryForm, type CategoryFormValues } from './category-form';

export interface CategoryFormDialogProps {
  open: boolean;
  /** The category to edit; null to create one. */
  category: Category | null;
  onClose: () => void;
  /** Called with the success message once the category is saved. */
  onSaved: (message: string) => void;
}

/** The modal serving both create and edit. */
export function CategoryFormDialog({ open, category, onClose, onSaved }: CategoryFormDialogProps) {
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const busy = create.isPending || update.isPending;

  async function save(values: CategoryFormValues) {
    if (category) {
      await update.mutateAsync({ id: category.id, input: values });
      onSaved('Category updated successfully!');
    } else {
      await create.mutateAsync(values);
      onSaved('Category created successfully!');
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title={category ? 'Edit Category' : 'New Category'} size="lg" busy={busy}>
      {/* Mounted afresh on each opening, so the form starts from the right values. */}
      <CategoryForm key={category?.id ?? 'new'} category={category} onSubmit={save} onCancel={onClose} />
    </Dialog>
  );
}
