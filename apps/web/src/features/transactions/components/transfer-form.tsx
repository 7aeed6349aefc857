import { useEffect, useMemo, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LIMITS, currencyDigits, showRate, type Transaction } from '@ledgerly/shared';
import { ApiError } from '../../../lib/api-client';
import { useToday } from '../../../lib/use-currency';
import { Banner, useTimedMessage } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { InputField, SelectField } from '../../../components/ui/field';
import { CategorySelect } from '../../categories/components/category-select';
import { useAccountsView } from '../../accounts/api/use-accounts';
import { useTransfer } from '../api/get-transfer';
import { useSaveTransfer } from '../api/save-transfer';
import { transferFormSchema, type TransferFormOutput, type TransferFormValues } from '../transfer-form-schema';

const FIELDS = [
  'fromAccountId',
  'toAccountId',
  'amount',
  'date',
  'description',
  'categoryId',
  'toAmount',
  'rate',
] as const;

export interface TransferFormProps {
  /** A leg of the transfer to edit (both legs change); a new transfer when absent. */
  transaction?: Transaction | null;
  /** The Expense / Income / Transfer switch, shown above the fields (new transactions only). */
  typeSwitch?: ReactNode;
  onCancel: () => void;
  onSaved: (message: string) => void;
  onBusyChange: (busy: boolean) => void;
}

/** The Amount field's text (the form keeps it as typed). */
const amountText = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** What the two amounts (or the amount and the rate) come to, shown under the rate. */
function pairHint(from: string, to: string, amount: string, toAmount: string, rate: string): string {
  const sent = Number(amount);
  if (!(sent > 0)) return `The accounts are in ${from} and ${to}: give the amount that arrives or the rate.`;
  if (Number(toAmount) > 0) return `1 ${from} = ${showRate(Number(toAmount) / sent)} ${to}`;
  if (Number(rate) > 0) return `${to} ${(sent * Number(rate)).toFixed(currencyDigits(to))} will arrive`;
  return `The accounts are in ${from} and ${to}: give the amount that arrives or the rate.`;
}

/** The two sides of a transfer seen from one of its legs. */
function sidesOf(t: Transaction): { from: string; to: string } {
  const other = t.transferAccountId ?? '';
  return t.type === 'expense' ? { from: t.accountId, to: other } : { from: other, to: t.accountId };
}

/**
 * One form for both legs of a transfer (DESIGN §10): From, To, Amount, Date, Note. The category
 * ("Count as spending in") is offered only when the money leaves the budget: from an on-budget
 * account to an off-budget one (a loan, an investment).
 */
export function TransferForm({ transaction, typeSwitch, onCancel, onSaved, onBusyChange }: TransferFormProps) {
  const today = useToday();
  const { accounts, open, byId, defaultAccount } = useAccountsView();
  const resolver = useMemo(() => zodResolver(transferFormSchema(today)), [today]);
  const sides = transaction ? sidesOf(transaction) : null;
  const firstOther = open.find((a) => a.id !== defaultAccount?.id)?.id ?? '';
  const {
    register,
    control,
    handleSubmit,
    setError,
    resetField,
    setValue,
    watch,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm<TransferFormValues, unknown, TransferFormOutput>({
    resolver,
    defaultValues: {
      fromAccountId: sides?.from ?? defaultAccount?.id ?? '',
      toAccountId: sides?.to ?? firstOther,
      amount: transaction ? transaction.amount.toFixed(2) : '',
      date: transaction?.date ?? today,
      description: transaction?.description ?? '',
      // Only the leg leaving the account carries the category.
      categoryId: transaction?.type === 'expense' ? (transaction.categoryId ?? '') : '',
      toAmount: '',
      rate: '',
    },
  });
  // The category a transfer out of the budget carries may sit on either leg; the row edited
  // knows only its own, so both legs are read (GET /transfers/{id}) and the form starts from it.
  const existing = useTransfer(transaction?.transferId ?? null);
  const carried = existing.data
    ? (existing.data.outTransaction.categoryId ?? existing.data.inTransaction.categoryId ?? '')
    : null;
  const categoryTouched = !!dirtyFields.categoryId;
  useEffect(() => {
    if (carried !== null && !categoryTouched) resetField('categoryId', { defaultValue: carried });
  }, [carried, categoryTouched, resetField]);
  // Between two currencies the edited transfer's arriving amount is read from both legs too.
  // Edited from the leg entering, the amount sent is the other leg's.
  const pair = existing.data && typeof existing.data.rate === 'string' ? existing.data : null;
  const arrived = pair ? String(pair.toAmount) : null;
  const sent = pair ? pair.amount.toFixed(2) : null;
  const toAmountTouched = !!dirtyFields.toAmount;
  const amountTouched = !!dirtyFields.amount;
  useEffect(() => {
    if (arrived !== null && !toAmountTouched) resetField('toAmount', { defaultValue: arrived });
  }, [arrived, toAmountTouched, resetField]);
  useEffect(() => {
    if (sent !== null && !amountTouched) resetField('amount', { defaultValue: sent });
  }, [sent, amountTouched, resetField]);
  const save = useSaveTransfer();
  const [serverError, setServerError] = useTimedMessage();
  useEffect(() => onBusyChange(isSubmitting), [isSubmitting, onBusyChange]);

  const from = byId.get(watch('fromAccountId'));
  const to = byId.get(watch('toAccountId'));
  const leavesBudget = !!from && !!to && from.onBudget && !to.onBudget;
  const twoCurrencies = !!from && !!to && from.currency !== to.currency;
  const rateHint = twoCurrencies
    ? pairHint(from.currency, to.currency, amountText(watch('amount')), watch('toAmount'), watch('rate'))
    : '';
  const descriptionLength = watch('description').length;
  // A closed account stays listed when the edited transfer already uses it.
  const choices = (current?: string) => accounts.filter((a) => !a.closedAt || a.id === current);

  async function onSubmit(values: TransferFormOutput) {
    setServerError(null);
    try {
      await save.mutateAsync({
        id: transaction?.transferId ?? null,
        fromAccountId: values.fromAccountId,
        toAccountId: values.toAccountId,
        amountCents: values.amount,
        date: values.date,
        description: values.description,
        // Between two currencies: the amount that arrives when typed, else the rate.
        ...(twoCurrencies
          ? values.toAmount.trim()
            ? { toAmount: values.toAmount.trim() }
            : { rate: values.rate.trim() }
          : {}),
        // Sent only when the field is offered (otherwise the transfer has no category). Edited from
        // the leg entering before both legs were read (or if they could not be), the form does
        // not know the transfer's category: sent only if changed.
        ...(leavesBudget && (transaction?.type !== 'income' || carried !== null || dirtyFields.categoryId)
          ? { categoryId: values.categoryId || null }
          : {}),
      });
      onSaved(transaction ? 'Transfer updated successfully!' : 'Transfer created successfully!');
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setServerError('Failed to save transfer');
        return;
      }
      setServerError(error.message);
      for (const [field, message] of Object.entries(error.fields ?? {})) {
        const known = FIELDS.find((f) => f === field);
        if (known) setError(known, { message });
      }
    }
  }

  return (
    <form noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)} aria-busy={isSubmitting}>
      <fieldset disabled={isSubmitting} className="min-w-0 space-y-4">
        {typeSwitch}
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="From" required error={errors.fromAccountId?.message} {...register('fromAccountId')}>
            <option value="">Select an account</option>
            {choices(sides?.from).map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </SelectField>
          <SelectField label="To" required error={errors.toAccountId?.message} {...register('toAccountId')}>
            <option value="">Select an account</option>
            {choices(sides?.to).map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            label={twoCurrencies ? `Amount (${from.currency})` : 'Amount'}
            type="number"
            inputMode="decimal"
            min="0.01"
            step="0.01"
            placeholder="0.00"
            required
            error={errors.amount?.message}
            {...register('amount')}
          />
          <InputField
            label="Date"
            type="date"
            max={today}
            required
            error={errors.date?.message}
            {...register('date')}
          />
        </div>
        {twoCurrencies && (
          <div className="grid gap-4 sm:grid-cols-2" data-testid="transfer-currencies">
            <InputField
              label={`Amount that arrives (${to.currency})`}
              type="number"
              inputMode="decimal"
              min="0"
              step="any"
              error={errors.toAmount?.message}
              {...register('toAmount', { onChange: () => setValue('rate', '') })}
            />
            <InputField
              label={`Or the rate: 1 ${from.currency} in ${to.currency}`}
              type="number"
              inputMode="decimal"
              min="0"
              step="any"
              hint={rateHint}
              error={errors.rate?.message}
              {...register('rate', { onChange: () => setValue('toAmount', '') })}
            />
          </div>
        )}
        {leavesBudget && (
          <Controller
            control={control}
            name="categoryId"
            render={({ field }) => (
              <CategorySelect
                type="expense"
                label="Count as spending in (optional)"
                hint={`${to.name} is off budget: pick a category to count this transfer as spending.`}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.categoryId?.message}
              />
            )}
          />
        )}
        <InputField
          label="Note (optional)"
          maxLength={LIMITS.descriptionMax}
          placeholder="What is it for?"
          hint={`${descriptionLength}/${LIMITS.descriptionMax}`}
          error={errors.description?.message}
          {...register('description')}
        />
        {serverError && <Banner kind="error" message={serverError} />}
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">{isSubmitting ? 'Saving...' : transaction ? 'Update Transfer' : 'Add Transfer'}</Button>
        </div>
      </fieldset>
    </form>
  );
}
