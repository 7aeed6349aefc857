import {
  ACCOUNT_MSG,
  MSG,
  fromCents,
  recurringInputSchema,
  recurringSplitInputSchema,
  recurringTransferInputSchema,
  splitProblem,
  toCents,
  type Frequency,
  type RecurringTransaction,
  type TransactionType,
} from '@ledgerly/shared';

import { newLine, type SplitLineDraft } from '../../transactions/components/split-lines-editor';

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
  /** A split item's lines as typed (the transaction form's editor); null when not split. */
  lines: SplitLineDraft[] | null;
  /** The tags its generated rows get; absent until chosen (then the server keeps what it has). */
  tagIds?: string[];
}

/** One line of a split item as the API takes it (amounts in major units). */
export interface RecurringLinePayload {
  categoryId: string;
  amount: number;
  type: TransactionType;
  note: string | null;
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
  /** The tags generated rows get (sent once the form holds them). */
  tagIds?: string[];
}

/**
 * The body of POST /recurring and PUT /recurring/:id: an expense or income with its category, or
 * a transfer from accountId to toAccountId (no category, no type: the server makes it the out leg's).
 */
export type RecurringPayload =
  | (PayloadCommon & { categoryId: string; type: TransactionType })
  | (PayloadCommon & { lines: RecurringLinePayload[]; type: TransactionType })
  | (PayloadCommon & { toAccountId: string });

export type FormField = keyof RecurringFormValues;

export type ValidationResult =
  { ok: true; payload: RecurringPayload } | { ok: false; message: string; field: FormField | null };

/** A payload with what is sent only when set: the end date, the account picked, the tags. */
function withOptional(
  payload: RecurringPayload,
  endDate: string | null | undefined,
  values: RecurringFormValues,
): RecurringPayload {
  if (endDate) payload.endDate = endDate;
  if (values.accountId) payload.accountId = values.accountId;
  if (values.tagIds) payload.tagIds = values.tagIds;
  return payload;
}

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
    lines: null,
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
    lines: item.lines.length
      ? item.lines.map((l) =>
          newLine(l.type, { categoryId: l.categoryId, amount: l.amount.toFixed(2), note: l.note ?? '' }),
        )
      : null,
    tagIds: item.tags.map((g) => g.id),
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
  'lines',
  'tagIds',
];

/**
 * Checks the form with the schema the server uses; the first problem wins, in the spec's order
 * (category, amount, description, start date, end date). On success gives the payload: amount
 * as a number, description trimmed, an empty end date left out.
 */
export function validateRecurringForm(values: RecurringFormValues): ValidationResult {
  if (values.type === 'transfer') return validateTransfer(values);
  if (values.lines) return validateSplit(values, values.lines, values.type);
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
  return { ok: true, payload: withOptional(payload, v.endDate, values) };
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
  return { ok: true, payload: withOptional(payload, v.endDate, values) };
}

/**
 * A split item: the transaction form's rules (each line a category and an amount, at least two,
 * adding up to the item), then the server's schema in the spec's order.
 */
function validateSplit(values: RecurringFormValues, lines: SplitLineDraft[], type: TransactionType): ValidationResult {
  if (lines.some((l) => !l.categoryId)) return { ok: false, message: MSG.selectCategory, field: 'lines' };
  if (lines.some((l) => toCents(l.amount) === null)) {
    return { ok: false, message: `Each line needs an amount: ${MSG.validAmount.toLowerCase()}`, field: 'lines' };
  }
  const typed = lines.map((l) => ({
    categoryId: l.categoryId,
    type: l.type,
    amount: l.amount,
    note: l.note.trim() || null,
  }));
  const result = recurringSplitInputSchema.safeParse({
    type,
    amount: values.amount,
    description: values.description,
    frequency: values.frequency,
    startDate: values.startDate,
    endDate: values.endDate || undefined,
    isActive: values.isActive,
    lines: typed,
  });
  if (!result.success) return firstIssue(result.error.issues);
  const v = result.data;
  const problem = splitProblem({ type: v.type, amount: v.amount, lines: v.lines ?? [] });
  if (problem) return { ok: false, message: problem.message, field: 'lines' };
  const payload: RecurringPayload = {
    type: v.type,
    lines: (v.lines ?? []).map((l) => ({
      categoryId: l.categoryId,
      amount: fromCents(l.amount),
      type: l.type,
      note: l.note,
    })),
    amount: fromCents(v.amount),
    description: v.description,
    frequency: v.frequency,
    startDate: v.startDate,
    isActive: v.isActive,
  };
  return { ok: true, payload: withOptional(payload, v.endDate, values) };
}
