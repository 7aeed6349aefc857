import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Category } from '@ledgerly/shared';
import { Button } from '../../../components/ui/button';
import { FlashBanners, useFlash } from '../../../components/ui/banner';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Segmented } from '../../../components/ui/segmented';
import { Spinner } from '../../../components/ui/spinner';
import { useErrorFlash } from '../../../lib/error-message';
import { categoriesQueryOptions } from '../api/get-categories';
import { useInitializeCategories } from '../api/initialize-categories';
import { CategoryCard } from './category-card';
import { CategoryFormDialog } from './category-form-dialog';
import { DeleteCategoryDialog } from './delete-category-dialog';
import { TagsSection } from '../../tags/components/tags-section';

type Filter = 'all' | 'expense' | 'income';

/** The Categories tab: filterable grid, create/edit modal, delete confirmation, default set. */
export function CategoriesTab() {
  const flash = useFlash();
  // Opening the tab always shows the list as the server has it now.
  const categories = useQuery({ ...categoriesQueryOptions(), refetchOnMount: 'always' });
  const initialize = useInitializeCategories();
  const [filter, setFilter] = useState<Filter>('all');
  const [form, setForm] = useState<{ open: boolean; category: Category | null }>({ open: false, category: null });
  const [deleting, setDeleting] = useState<Category | null>(null);

  useErrorFlash(categories.error, 'Failed to load categories', flash.showError);

  const all = categories.data ?? [];
  const counts = {
    all: all.length,
    expense: all.filter((c) => c.type === 'expense').length,
    income: all.filter((c) => c.type === 'income').length,
  };
  const shown = filter === 'all' ? all : all.filter((c) => c.type === filter);

  const onInitialize = () =>
    flash.run(
      () => initialize.mutateAsync(),
      'Default categories initialized successfully!',
      'Failed to initialize categories',
    );

  const closeForm = () => setForm((f) => ({ ...f, open: false }));

  return (
    <section aria-labelledby="tab-title" className="space-y-6">
      <PageHeader
        title="Categories"
        subtitle="Organise your income and expenses"
        actions={
          <Button onClick={() => setForm({ open: true, category: null })}>
            <span aria-hidden="true">+</span> New Category
          </Button>
        }
      />
      <FlashBanners flash={flash} />

      {categories.isPending ? (
        <Spinner label="Loading categories..." />
      ) : categories.isError && all.length === 0 ? (
        <EmptyState icon="⚠️" title="Categories could not be loaded">
          <Button variant="secondary" onClick={() => void categories.refetch()}>
            Try again
          </Button>
        </EmptyState>
      ) : all.length === 0 ? (
        <EmptyState icon="🏷️" title="No categories yet">
          <p>Start with a ready-made set of common income and expense categories, or create your own.</p>
          <Button className="mt-4" onClick={() => void onInitialize()} disabled={initialize.isPending}>
            {initialize.isPending ? 'Initializing...' : 'Initialize Default Categories'}
          </Button>
        </EmptyState>
      ) : (
        <>
          <Segmented
            label="Filter categories"
            value={filter}
            onChange={setFilter}
            options={[
              { value: 'all', label: 'All', badge: counts.all },
              { value: 'expense', label: 'Expenses', badge: counts.expense },
              { value: 'income', label: 'Income', badge: counts.income },
            ]}
          />
          {shown.length === 0 ? (
            <EmptyState icon="🏷️" title={`No ${filter} categories`}>
              <p>Create one with New Category.</p>
            </EmptyState>
          ) : (
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {shown.map((c) => (
                <li key={c.id}>
                  <CategoryCard
                    category={c}
                    onEdit={(category) => setForm({ open: true, category })}
                    onDelete={setDeleting}
                  />
                </li>
              ))}
            </ul>
          )}
        </>
      )}

      <TagsSection />

      <CategoryFormDialog
        open={form.open}
        category={form.category}
        onClose={closeForm}
        onSaved={(message) => {
          closeForm();
          flash.showSuccess(message);
        }}
      />
      <DeleteCategoryDialog
        category={deleting}
        categories={all}
        onClose={() => setDeleting(null)}
        onDeleted={(message) => {
          setDeleting(null);
          flash.showSuccess(message);
        }}
        onFailed={(message) => {
          setDeleting(null);
          flash.showError(message);
        }}
      />
    </section>
  );
}
