import type { BudgetPeriod, BudgetStatusItem } from '@ledgerly/shared';
import { Dialog } from '../../../components/ui/dialog';
import { useCreateBudget, type BudgetPayload } from '../api/create-budget';
import { useUpdateBudget } from '../api/update-budget';
import { BudgetForm } from './budget-form';

export interface BudgetFormDialogProps {
  open: boolean;
  /** The budget to edit; null to create one. */
  budget: BudgetStatusItem | null;
  onClose: () => void;
  /** Called with the success message and the saved period once the budget is saved. */
  onSaved: (message: string, period: BudgetPeriod) => void;
}

/** The modal serving both create and edit; it stays open with the message when saving fails. */
export function BudgetFormDialog({ open, budget, onClose, onSaved }: BudgetFormDialogProps) {
  const create = useCreateBudget();
  const update = useUpdateBudget();
  const busy = create.isPending || update.isPending;

  async function save(payload: BudgetPayload) {
    if (budget) {
      await update.mutateAsync({ id: budget.id, body: payload });
      onSaved('Budget updated successfully!', payload.period);
    } else {
      await create.mutateAsync(payload);
      onSaved('Budget created successfully!', payload.period);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title={budget ? 'Edit Budget' : 'Create Budget'} busy={busy}>
      {/* Mounted afresh on each opening, so the form starts from the right values. */}
      <BudgetForm key={budget?.id ?? 'new'} budget={budget} onSubmit={save} onCancel={onClose} />
    </Dialog>
  );
}
