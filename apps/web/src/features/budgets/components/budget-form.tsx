import { useEffect, useId, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { BUDGET_MSG, budgetInputSchema, fromCents, type BudgetStatusItem } from '@ledgerly/shared';
import { Button } from '../../../components/ui/button';
import { FlashBanners, useFlash } from '../../../components/ui/banner';
import { InputField } from '../../../components/ui/field';
import { Segmented } from '../../../components/ui/segmented';
import { ApiError } from '../../../lib/api-client';
import { CategorySelect } from '../../categories/components/category-select';
import { budgetStatusQueryOptions } from '../api/get-budget-status';
import type { BudgetPayload } from '../api/create-budget';

const PERIOD_OPTIONS = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'yearly', label: 'Yearly' },
] as const;

export interface BudgetFormProps {
  /** The budget being edited; absent when creating. */
  budget?: BudgetStatusItem | null;
  /** Saves the validated payload; a rejection is shown inside the form. */
  onSubmit: (payload: BudgetPayload) => Promise<void>;
  onCancel: () => void;
}

/** Create/edit form of a budget, validated with the very schema the server uses. */
export function BudgetForm({ budget, onSubmit, onCancel }: BudgetFormProps) {
  const rolloverHintId = useId();
  const editing = Boolean(budget);
  const flash = useFlash();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(budgetInputSchema),
    defaultValues: {
      categoryId: budget?.category.id ?? '',
      amount: budget ? String(budget.budgetAmount) : '',
      period: budget?.period ?? 'monthly',
      rollover: budget?.rollover ?? false,
    },
  });

  // A category has one budget per period: those that have one for the chosen period are not
  // offered (the server would refuse them), and a pick that becomes taken is cleared.
  const period = watch('period') ?? 'monthly';
  const { data: periodBudgets } = useQuery({ ...budgetStatusQueryOptions(period), enabled: !editing });
  const taken = useMemo(() => new Set(periodBudgets?.map((b) => b.category.id)), [periodBudgets]);
  useEffect(() => {
    if (!editing && taken.has(getValues('categoryId'))) setValue('categoryId', '');
  }, [editing, taken, getValues, setValue]);

  const submit = handleSubmit(async (values) => {
    flash.clear();
    try {
      await onSubmit({
        categoryId: values.categoryId,
        amount: fromCents(values.amount),
        period: values.period,
        rollover: values.rollover,
      });
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : undefined;
      const message = error instanceof Error && error.message ? error.message : 'Failed to save budget';
      if (fields?.amount) setError('amount', { message: fields.amount });
      else if (fields?.categoryId && !editing) setError('categoryId', { message: fields.categoryId });
      else flash.showError(message);
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-5">
      <FlashBanners flash={flash} />
      <div>
        <Controller
          control={control}
          name="categoryId"
          render={({ field }) => (
            <CategorySelect
              type="expense"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              name={field.name}
              // Disabled on the element only: the form still submits the budget's category.
              disabled={editing || isSubmitting}
              error={errors.categoryId?.message}
              exclude={editing ? undefined : taken}
              allExcludedHint={`Every expense category already has a ${period} budget.`}
              hint={editing ? BUDGET_MSG.categoryLocked : undefined}
            />
          )}
        />
      </div>
      <InputField
        label="Budget Amount"
        type="number"
        inputMode="decimal"
        step="0.01"
        min="0.01"
        placeholder="0.00"
        autoComplete="off"
        error={errors.amount?.message}
        disabled={isSubmitting}
        {...register('amount')}
      />
      <div>
        <span aria-hidden="true" className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">
          Period
        </span>
        <Controller
          control={control}
          name="period"
          render={({ field }) => (
            <Segmented
              label="Period"
              options={PERIOD_OPTIONS}
              value={field.value ?? 'monthly'}
              onChange={field.onChange}
              disabled={isSubmitting}
            />
          )}
        />
      </div>
      <div>
        <label className="flex items-start gap-2 text-sm text-slate-800 dark:text-slate-200">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4 rounded border-slate-300 accent-indigo-600"
            disabled={isSubmitting}
            aria-describedby={rolloverHintId}
            {...register('rollover')}
          />
          Carry over unspent amount
        </label>
        <p id={rolloverHintId} className="mt-1 ml-6 text-xs text-slate-600 dark:text-slate-400">
          What is left at the end of each period (or overspent) moves into the next one.
        </p>
      </div>
      <div className="flex justify-end gap-3 pt-1">
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : editing ? 'Update Budget' : 'Create Budget'}
        </Button>
      </div>
    </form>
  );
}
