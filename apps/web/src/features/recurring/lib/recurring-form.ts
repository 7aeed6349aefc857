import {
  fromCents,
  recurringInputSchema,
  type Frequency,
  type RecurringTransaction,
  type TransactionType,
} from '@ledgerly/shared';

/** What the create/edit modal holds: everything as the inputs give it. */
export interface RecurringFormValues {
  type: TransactionType;
  categoryId: string;
  amount: string;
  description: string;
  frequency: Frequency;
  startDate: string;
  endDate: string;
  isActive: boolean;
}

/** The body of POST /recurring and PUT /recurring/:id. */
export interface RecurringPayload {
  categoryId: string;
  type: TransactionType;
  amount: number;
  description: string;
  frequency: Frequency;
  startDate: string;
  endDate?: string;
  isActive: boolean;
}

export type FormField = keyof RecurringFormValues;

export type ValidationResult =
  { ok: true; payload: RecurringPayload } | { ok: false; message: string; field: FormField | null };

/** A new item: expense, monthly, starting today, active. */
export function emptyFormValues(today: string): RecurringFormValues {
  return {
    type: 'expense',
    categoryId: '',
    amount: '',
    description: '',
    frequency: 'monthly',
    startDate: today,
    endDate: '',
    isActive: true,
  };
}

export function formValuesFrom(item: RecurringTransaction): RecurringFormValues {
  return {
    type: item.type,
    categoryId: item.categoryId ?? '',
    amount: String(item.amount),
    description: item.description,
    frequency: item.frequency,
    startDate: item.startDate,
    endDate: item.endDate ?? '',
    isActive: item.isActive,
  };
}

const FIELDS: readonly FormField[] = [
  'type',
  'categoryId',
  'amount',
  'description',
  'frequency',
  'startDate',
  'endDate',
  'isActive',
];

/**
 * Checks the form with the schema the server uses; the first problem wins, in the spec's order
 * (category, amount, description, start date, end date). On success gives the payload: amount
 * as a number, description trimmed, an empty end date left out.
 */
export function validateRecurringForm(values: RecurringFormValues): ValidationResult {
  const result = recurringInputSchema.safeParse({
    categoryId: values.categoryId,
    type: values.type,
    amount: values.amount,
    description: values.description,
    frequency: values.frequency,
    startDate: values.startDate,
    endDate: values.endDate || undefined,
    isActive: values.isActive,
  });
  if (!result.success) {
    const issue = result.error.issues[0];
    const key = issue?.path[0];
    const field = FIELDS.find((f) => f === key) ?? null;
    return { ok: false, message: issue?.message ?? 'Failed to save recurring transaction', field };
  }
  const v = result.data;
  const payload: RecurringPayload = {
    categoryId: v.categoryId,
    type: v.type,
    amount: fromCents(v.amount),
    description: v.description,
    frequency: v.frequency,
    startDate: v.startDate,
    isActive: v.isActive,
  };
  if (v.endDate) payload.endDate = v.endDate;
  return { ok: true, payload };
}
