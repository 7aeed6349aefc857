import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LIMITS, MSG, splitProblem, toCents, type Transaction, type TransactionInput } from '@ledgerly/shared';
import { ApiError } from '../../../lib/api-client';
import { useToday } from '../../../lib/use-currency';
import { Banner, useTimedMessage } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { InputField, SelectField } from '../../../components/ui/field';
import { Segmented } from '../../../components/ui/segmented';
import { useCategories } from '../../categories/api/get-categories';
import { CategorySelect } from '../../categories/components/category-select';
import { useAccountsView } from '../../accounts/api/use-accounts';
import { useCreateTransaction } from '../api/create-transaction';
import { useUpdateTransaction } from '../api/update-transaction';
import { transactionFormSchema, type TransactionFormValues } from '../transaction-form-schema';
import { ReceiptPicker } from './receipt-picker';
import { newLine, SplitLinesEditor, type SplitLineDraft } from './split-lines-editor';
import { TransferForm } from './transfer-form';
import { UploadProgress } from './upload-progress';
import { useTags } from '../../tags/api/tags';
import { TagPicker } from '../../tags/components/tag-picker';

const TYPE_OPTIONS = [
  { value: 'expense', label: 'Expense' },
  { value: 'income', label: 'Income' },
] as const;
// "Transfer" sits beside them once there are two open accounts (DESIGN §10).
const WITH_TRANSFER = [...TYPE_OPTIONS, { value: 'transfer', label: 'Transfer' }] as const;
type FormType = (typeof WITH_TRANSFER)[number]['value'];

/** The amount field's text as typed (the form holds it as entered). */
const amountText = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

const FORM_FIELDS = ['categoryId', 'type', 'amount', 'description', 'date', 'accountId'] as const;

export interface TransactionFormProps {
  transaction?: Transaction | null;
  onCancel: () => void;
  onSaved: (message: string) => void;
  /** Told when a save starts and ends, so the dialog can refuse to close meanwhile. */
  onBusyChange: (busy: boolean) => void;
  createErrorFallback?: string;
  /** Told whether the form is a transfer's (chosen as the type, or a transfer leg edited). */
  onTransferChange?: (transfer: boolean) => void;
}

/** Create or edit one transaction, with an optional receipt image. */
export function TransactionForm({
  transaction,
  onCancel,
  onSaved,
  onBusyChange,
  createErrorFallback,
  onTransferChange,
}: TransactionFormProps) {
  const today = useToday();
  const { data: categories = [] } = useCategories();
  const { accounts, canTransfer, defaultAccount } = useAccountsView();
  // Editing a transfer leg opens the transfer form (both legs change together).
  const [transfer, setTransfer] = useState(transaction?.kind === 'transfer' && !!transaction.transferId);
  useEffect(() => onTransferChange?.(transfer), [transfer, onTransferChange]);
  // A split row (DESIGN §11): its lines instead of one category.
  const [split, setSplit] = useState(!!transaction?.lines.length);
  const [lines, setLines] = useState<SplitLineDraft[]>(() =>
    (transaction?.lines ?? []).map((l) =>
      newLine(l.type, { categoryId: l.categoryId, amount: l.amount.toFixed(2), note: l.note ?? '' }),
    ),
  );
  const [linesError, setLinesError] = useState<string | undefined>();
  const [lineErrors, setLineErrors] = useState<Record<number, string>>({});
  const resolver = useMemo(
    () => zodResolver(transactionFormSchema(today, categories, split)),
    [today, categories, split],
  );
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    watch,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<TransactionFormValues, unknown, TransactionInput>({
    resolver,
    defaultValues: {
      type: transaction?.type ?? 'expense',
      categoryId: transaction?.categoryId ?? '',
      amount: transaction ? transaction.amount.toFixed(2) : '',
      date: transaction?.date ?? today,
      description: transaction?.description ?? '',
      accountId: transaction?.accountId ?? '',
    },
  });
  const create = useCreateTransaction(createErrorFallback);
  const update = useUpdateTransaction();

  const { data: allTags = [] } = useTags();
  const [tagIds, setTagIds] = useState<string[]>(() => transaction?.tags.map((t) => t.id) ?? []);
  const [tagError, setTagError] = useState<string | undefined>();
  const [receipt, setReceipt] = useState<File | null>(null);
  const [removeStored, setRemoveStored] = useState(false);
  const [receiptError, setReceiptError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  // The server's answer shows on top and vanishes after 3 s (spec §9); field messages stay.
  const [serverError, setServerError] = useTimedMessage();

  useEffect(() => onBusyChange(isSubmitting), [isSubmitting, onBusyChange]);

  const type = watch('type');
  const descriptionLength = (watch('description') ?? '').length;
  const storedUrl = transaction && !removeStored ? (transaction.receiptThumbUrl ?? transaction.receiptUrl) : null;

  // The account picker shows only with two or more open accounts; a new row starts in the default.
  const accountChoices = accounts.filter((a) => !a.closedAt || a.id === transaction?.accountId);
  useEffect(() => {
    if (canTransfer && !transaction && defaultAccount && !watch('accountId')) setValue('accountId', defaultAccount.id);
  }, [canTransfer, transaction, defaultAccount, watch, setValue]);

  function changeType(next: FormType) {
    if (next === 'transfer') {
      setTransfer(true);
      return;
    }
    setTransfer(false);
    if (next === type) return;
    setValue('type', next);
    // A category belongs to one type: changing type clears it.
    setValue('categoryId', '', { shouldValidate: isSubmitted });
  }
  // New transactions may switch between the three; an edited row keeps its nature.
  const typeSwitch = (
    <div>
      <span aria-hidden="true" className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">
        Type
      </span>
      <Segmented<FormType>
        label="Type"
        options={canTransfer && !transaction ? WITH_TRANSFER : TYPE_OPTIONS}
        value={transfer ? 'transfer' : type}
        disabled={isSubmitting}
        onChange={changeType}
      />
    </div>
  );

  if (transfer) {
    return (
      <TransferForm
        transaction={transaction}
        typeSwitch={transaction ? undefined : typeSwitch}
        onCancel={onCancel}
        onSaved={onSaved}
        onBusyChange={onBusyChange}
      />
    );
  }

  /** Starts a split: the row's category and amount become the first line, a second one is empty. */
  function startSplit() {
    const categoryId = watch('categoryId');
    setLines([newLine(type, { categoryId, amount: amountText(watch('amount')) }), newLine(type)]);
    setLinesError(undefined);
    setSplit(true);
  }

  /** Back to one category: the first line's, when it has the row's type. */
  function unsplit() {
    const first = lines.find((l) => l.categoryId && l.type === type);
    setValue('categoryId', first?.categoryId ?? '');
    setSplit(false);
  }

  /** The lines as the API takes them, or null after showing what is wrong with them. */
  function checkedLines(values: TransactionInput): NonNullable<TransactionInput['lines']> | null {
    const problems: Record<number, string> = {};
    const parsed = lines.map((l) => {
      if (!l.categoryId) problems[l.key] = MSG.selectCategory;
      return { categoryId: l.categoryId, type: l.type, amount: toCents(l.amount) ?? 0, note: l.note.trim() || null };
    });
    setLineErrors(problems);
    if (lines.some((l) => toCents(l.amount) === null)) {
      setLinesError(`Each line needs an amount: ${MSG.validAmount.toLowerCase()}`);
      return null;
    }
    const problem = splitProblem({ type: values.type, amount: values.amount, lines: parsed });
    setLinesError(problem?.message);
    return problem || Object.keys(problems).length ? null : parsed;
  }

  async function onSubmit(input: TransactionInput) {
    if (receiptError) return;
    let values = input;
    if (split) {
      const parsed = checkedLines(input);
      if (!parsed) return;
      values = { ...input, categoryId: undefined, lines: parsed };
    }
    setServerError(null);
    setProgress(receipt ? 0 : null);
    setTagError(undefined);
    const payload = {
      values: { ...values, tagIds },
      receipt,
      removeReceipt: removeStored,
      onProgress: receipt ? setProgress : undefined,
    };
    try {
      if (transaction) await update.mutateAsync({ id: transaction.id, ...payload });
      else await create.mutateAsync(payload);
      onSaved(transaction ? 'Transaction updated successfully!' : 'Transaction created successfully!');
    } catch (error) {
      setProgress(null);
      if (!(error instanceof ApiError)) {
        setServerError('Failed to save transaction');
        return;
      }
      setServerError(error.message);
      for (const [field, message] of Object.entries(error.fields ?? {})) {
        if (field === 'receipt') setReceiptError(message);
        if (field === 'tagIds') setTagError(message);
        if (field === 'lines') setLinesError(message);
        const known = FORM_FIELDS.find((f) => f === field);
        if (known) setError(known, { message });
      }
    }
  }

  return (
    <form noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)} aria-busy={isSubmitting}>
      {/* A disabled fieldset disables every control inside it while the save runs. */}
      <fieldset disabled={isSubmitting} className="min-w-0 space-y-4">
        {typeSwitch}
        {canTransfer && (
          <SelectField label="Account" required error={errors.accountId?.message} {...register('accountId')}>
            {accountChoices.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </SelectField>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          {split ? (
            <div className="flex items-end">
              <Button variant="secondary" onClick={unsplit}>
                Unsplit
              </Button>
            </div>
          ) : (
            <div className="space-y-1">
              <Controller
                control={control}
                name="categoryId"
                render={({ field }) => (
                  <CategorySelect
                    type={type}
                    name={field.name}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={errors.categoryId?.message}
                    required
                  />
                )}
              />
              <Button variant="secondary" size="sm" onClick={startSplit}>
                Split
              </Button>
            </div>
          )}
          <InputField
            label="Amount"
            type="number"
            inputMode="decimal"
            min="0.01"
            step="0.01"
            placeholder="0.00"
            required
            error={errors.amount?.message}
            {...register('amount')}
          />
        </div>
        {split && (
          <SplitLinesEditor
            rowType={type}
            rowAmount={amountText(watch('amount'))}
            lines={lines}
            onChange={(next) => {
              setLines(next);
              setLinesError(undefined);
            }}
            error={linesError}
            lineErrors={lineErrors}
          />
        )}
        <InputField label="Date" type="date" max={today} required error={errors.date?.message} {...register('date')} />
        <InputField
          label="Description (optional)"
          maxLength={LIMITS.descriptionMax}
          placeholder="What was it for?"
          hint={`${descriptionLength}/${LIMITS.descriptionMax}`}
          error={errors.description?.message}
          {...register('description')}
        />
        <TagPicker
          label="Tags (optional)"
          tags={allTags}
          known={transaction?.tags}
          value={tagIds}
          onChange={setTagIds}
          error={tagError}
        />
        <ReceiptPicker
          file={receipt}
          storedUrl={storedUrl}
          onSelect={setReceipt}
          onRemove={() => {
            setReceipt(null);
            if (transaction?.receiptUrl) setRemoveStored(true);
          }}
          onDiscard={() => setReceipt(null)}
          error={receiptError}
          onError={setReceiptError}
        />
        {progress !== null && <UploadProgress value={progress} />}
        {serverError && <Banner kind="error" message={serverError} />}
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">
            {isSubmitting ? 'Saving...' : transaction ? 'Update Transaction' : 'Add Transaction'}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
