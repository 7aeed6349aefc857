import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_COLOR, DEFAULT_ICON, categoryInputSchema, type Category } from '@ledgerly/shared';
import { Button } from '../../../components/ui/button';
import { FlashBanners, useFlash } from '../../../components/ui/banner';
import { InputField } from '../../../components/ui/field';
import { Segmented } from '../../../components/ui/segmented';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { ColorPicker, IconPicker } from './preset-pickers';
import { Emoji } from '../../../components/ui/emoji';

export interface CategoryFormValues {
  name: string;
  type: 'expense' | 'income';
  color: string;
  icon: string;
}

const TYPE_OPTIONS = [
  { value: 'expense', label: 'Expense' },
  { value: 'income', label: 'Income' },
] as const;

export interface CategoryFormProps {
  /** The category being edited; absent when creating. */
  category?: Category | null;
  /** Saves the (validated, trimmed) values; a rejection is shown on the form. */
  onSubmit: (values: CategoryFormValues) => Promise<void>;
  onCancel: () => void;
}

/** Create/edit form of a category, validated with the very schema the server uses. */
export function CategoryForm({ category, onSubmit, onCancel }: CategoryFormProps) {
  const editing = Boolean(category);
  const flash = useFlash();
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(categoryInputSchema),
    defaultValues: {
      name: category?.name ?? '',
      type: category?.type ?? 'expense',
      color: category?.color ?? DEFAULT_COLOR,
      icon: category?.icon ?? DEFAULT_ICON,
    },
  });

  const submit = handleSubmit(async (values) => {
    flash.clear();
    try {
      await onSubmit(values);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : undefined;
      if (fields?.name) setError('name', { message: fields.name });
      else flash.showError(errorMessage(error, 'Failed to save category'));
    }
  });

  const [name, color, icon] = watch(['name', 'color', 'icon']);
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
      <FlashBanners flash={flash} />
      <InputField
        label="Name"
        placeholder="e.g. Groceries"
        autoComplete="off"
        data-autofocus
        error={errors.name?.message}
        disabled={isSubmitting}
        {...register('name')}
      />
      <div>
        <span aria-hidden="true" className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">
          Type
        </span>
        <Controller
          control={control}
          name="type"
          render={({ field }) => (
            <Segmented
              label="Type"
              options={TYPE_OPTIONS}
              value={field.value}
              onChange={field.onChange}
              disabled={isSubmitting}
            />
          )}
        />
      </div>
      <Controller
        control={control}
        name="color"
        render={({ field }) => (
          <ColorPicker value={field.value ?? DEFAULT_COLOR} onChange={field.onChange} disabled={isSubmitting} />
        )}
      />
      <Controller
        control={control}
        name="icon"
        render={({ field }) => (
          <IconPicker value={field.value ?? DEFAULT_ICON} onChange={field.onChange} disabled={isSubmitting} />
        )}
      />
      <div className="flex flex-col gap-4 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
        <div className="flex min-w-0 items-center gap-3">
          <span
            aria-hidden="true"
            style={{ backgroundColor: `${color ?? DEFAULT_COLOR}26` }}
            className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl text-xl"
          >
            <Emoji emoji={icon ?? DEFAULT_ICON} />
          </span>
          <div className="min-w-0">
            <p className="text-xs text-slate-600 dark:text-slate-400">Preview</p>
            <p className="truncate font-semibold">{name.trim() || 'Category name'}</p>
          </div>
        </div>
        <div className="flex shrink-0 justify-end gap-3">
          <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : editing ? 'Update Category' : 'Create Category'}
          </Button>
        </div>
      </div>
    </form>
  );
}
