import { useState } from 'react';
import type { BudgetPeriod, BudgetStatusItem } from '@ledgerly/shared';
import { FlashBanners, useFlash } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Segmented } from '../../../components/ui/segmented';
import { Spinner } from '../../../components/ui/spinner';
import { useErrorFlash } from '../../../lib/error-message';
import { useBudgetStatus } from '../api/get-budget-status';
import { useDeleteBudget } from '../api/delete-budget';
import { BudgetCard, PERIOD_LABEL } from './budget-card';
import { BudgetFormDialog } from './budget-form-dialog';
import { BudgetOverview } from './budget-overview';

const PERIOD_OPTIONS = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'yearly', label: 'Yearly' },
] as const;

/** The Budgets tab: overall status, budget cards with status, create/edit dialog, delete confirmation. */
export function BudgetsTab() {
  const flash = useFlash();
  const [period, setPeriod] = useState<BudgetPeriod>('monthly');
  const budgets = useBudgetStatus(period);
  const remove = useDeleteBudget();
  const [form, setForm] = useState<{ open: boolean; budget: BudgetStatusItem | null }>({ open: false, budget: null });
  const [deleting, setDeleting] = useState<BudgetStatusItem | null>(null);

  // A failed load shows in the 3-second banner like every other failure; 'Try again' stays.
  useErrorFlash(budgets.error, 'Failed to load budgets', flash.showError);

  const items = budgets.data ?? [];
  const openCreate = () => setForm({ open: true, budget: null });
  const closeForm = () => setForm((f) => ({ ...f, open: false }));

  async function onConfirmDelete() {
    if (!deleting) return;
    await flash.run(() => remove.mutateAsync(deleting.id), 'Budget deleted successfully!', 'Failed to delete budget');
    setDeleting(null);
  }

  return (
    <section aria-labelledby="tab-title" className="space-y-6">
      <PageHeader
        title="Budget Management"
        subtitle="Set and track your spending limits"
        actions={
          <Button onClick={openCreate}>
            <span aria-hidden="true">+</span> Add Budget
          </Button>
        }
      />
      <FlashBanners flash={flash} />

      <Segmented label="Budget period" options={PERIOD_OPTIONS} value={period} onChange={setPeriod} />

      {budgets.isPending ? (
        <Spinner label="Loading budgets..." />
      ) : budgets.isError && !budgets.data ? (
        <EmptyState icon="⚠️" title="Budgets could not be loaded">
          <Button variant="secondary" onClick={() => void budgets.refetch()}>
            Try again
          </Button>
        </EmptyState>
      ) : items.length === 0 ? (
        <EmptyState icon="🎯" title="No Budgets Set">
          <p>
            Set a {period === 'monthly' ? 'monthly' : 'yearly'} spending limit for a category to track how much is left.
          </p>
          <Button className="mt-4" onClick={openCreate}>
            Create Budget
          </Button>
        </EmptyState>
      ) : (
        <>
          <BudgetOverview items={items} />
          <div className="space-y-4">
            <h2 className="text-lg font-semibold">Your Budgets ({items.length})</h2>
            <ul
              className="grid grid-cols-1 gap-4 md:grid-cols-2 2xl:grid-cols-3"
              aria-label={`${PERIOD_LABEL[period]} budgets`}
            >
              {items.map((b) => (
                <li key={b.id}>
                  <BudgetCard budget={b} onEdit={(budget) => setForm({ open: true, budget })} onDelete={setDeleting} />
                </li>
              ))}
            </ul>
          </div>
        </>
      )}

      <BudgetFormDialog
        open={form.open}
        budget={form.budget}
        onClose={closeForm}
        onSaved={(message, savedPeriod) => {
          closeForm();
          flash.showSuccess(message);
          // Show the list the saved budget is in.
          setPeriod(savedPeriod);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Budget"
        message={
          deleting
            ? `Are you sure you want to delete the ${deleting.period} budget for "${deleting.category.name}"? This action cannot be undone.`
            : ''
        }
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={onConfirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
