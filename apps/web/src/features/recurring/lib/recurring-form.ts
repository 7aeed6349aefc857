import {
  ACCOUNT_MSG,
  fromCents,
  recurringInputSchema,
  recurringTransferInputSchema,
  type Frequency,
  type RecurringTransaction,
  type TransactionType,
} from '@ledgerly/shared';

/** The form's type toggle: Expense, Income, or (with two or more accounts) Transfer. */
export type RecurringFormType = TransactionType | 'transfer';

/** The form's own sentence for a transfer without its destination (the server's is 'Unknown account'). */
export const CHOOSE_TO_ACCOUNT = 'Please select the account to transfer to';

/** What the create/edit modal holds: everything as the inputs give it. */
export interface RecurringFormValues {
  type: RecurringFormType;
  categoryId: string;
  /** The account occurrences go into (or, for a transfer, leave); '' = the server's default account. */
  accountId: string;
  /** A transfer's destination; used only when type is 'transfer'. */
  toAccountId: string;
  amount: string;
  description: string;
  frequency: Frequency;
  startDate: string;
  endDate: string;
  isActive: boolean;
}

interface PayloadCommon {
  amount: number;
  description: string;
  frequency: Frequency;
  startDate: string;
  endDate?: string;
  isActive: boolean;
  /** Sent only when the user picked an account (two or more accounts); else the default account. */
  accountId?: string;
}

/**
 * The body of POST /recurring and PUT /recurring/:id: an expense or income with its category, or
 * a transfer from accountId to toAccountId (no category, no type: the server makes it the out leg's).
 */
export type RecurringPayload =
  (PayloadCommon & { categoryId: string; type: TransactionType }) | (PayloadCommon & { toAccountId: string });

export type FormField = keyof RecurringFormValues;

export type ValidationResult =
  { ok: true; payload: RecurringPayload } | { ok: false; message: string; field: FormField | null };

/** A new item: expense, monthly, starting today, active. */
export function emptyFormValues(today: string): RecurringFormValues {
  return {
    type: 'expense',
    categoryId: '',
    accountId: '',
    toAccountId: '',
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
    // Editing keeps the type: a recurring transfer opens as a Transfer.
    type: item.toAccountId ? 'transfer' : item.type,
    categoryId: item.categoryId ?? '',
    accountId: item.accountId,
    toAccountId: item.toAccountId ?? '',
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
  'accountId',
  'toAccountId',
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
  if (values.type === 'transfer') return validateTransfer(values);
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
  if (!result.success) return firstIssue(result.error.issues);
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
  if (values.accountId) payload.accountId = values.accountId;
  return { ok: true, payload };
}

const firstIssue = (issues: readonly { path: PropertyKey[]; message: string }[]): ValidationResult => {
  const issue = issues[0];
  const key = issue?.path[0];
  const field = FIELDS.find((f) => f === key) ?? null;
  return { ok: false, message: issue?.message ?? 'Failed to save recurring transaction', field };
};

/**
 * A recurring transfer: the destination first (chosen, and not the source), then the server's
 * transfer schema in the spec's order (amount, description, start date, end date).
 */
function validateTransfer(values: RecurringFormValues): ValidationResult {
  if (!values.toAccountId) return { ok: false, message: CHOOSE_TO_ACCOUNT, field: 'toAccountId' };
  if (values.toAccountId === values.accountId) {
    return { ok: false, message: ACCOUNT_MSG.sameAccount, field: 'toAccountId' };
  }
  const result = recurringTransferInputSchema.safeParse({
    accountId: values.accountId || undefined,
    toAccountId: values.toAccountId,
    amount: values.amount,
    description: values.description,
    frequency: values.frequency,
    startDate: values.startDate,
    endDate: values.endDate || undefined,
    isActive: values.isActive,
  });
  if (!result.success) return firstIssue(result.error.issues);
  const v = result.data;
  const payload: RecurringPayload = {
    toAccountId: v.toAccountId,
    amount: fromCents(v.amount),
    description: v.description,
    frequency: v.frequency,
    startDate: v.startDate,
    isActive: v.isActive,
  };
  if (v.endDate) payload.endDate = v.endDate;
  if (values.accountId) payload.accountId = values.accountId;
  return { ok: true, payload };
}
