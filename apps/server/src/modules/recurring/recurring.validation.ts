import type { CategoryRef } from '@ledgerly/shared';
import {
  MSG,
  SPLIT_MSG,
  TRANSACTION_TYPES,
  isIsoDate,
  recurringInputSchema,
  recurringSplitInputSchema,
  recurringTransferInputSchema,
  splitProblem,
} from '@ledgerly/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { validationError } from '../../errors.js';
import { isUuid } from '../../lib/ids.js';
import { badTextError, objectBody } from '../../lib/validate.js';
import { checkLineCategories, findCategory } from '../categories/index.js';

export type RecurringData = Omit<z.output<typeof recurringInputSchema>, 'categoryId'> & {
  categoryId: string | null;
  toAccountId?: string | null | undefined;
};

/** Fields of a recurring transfer in the order their problems are told. */
const TRANSFER_FIELD_ORDER = [
  'toAccountId',
  'categoryId',
  'amount',
  'description',
  'frequency',
  'startDate',
  'endDate',
];

/** A recurring transfer's payload: no category; its type is the out leg's, expense. */
function validateTransfer(raw: Record<string, unknown>): { data: RecurringData; category: null } {
  if (sendsLines(raw)) throw validationError(SPLIT_MSG.notTransfer, { lines: SPLIT_MSG.notTransfer });
  const result = recurringTransferInputSchema.safeParse(raw);
  if (!result.success) {
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) fields[issue.path.length ? String(issue.path[0]) : '_'] ??= issue.message;
    const first = TRANSFER_FIELD_ORDER.find((f) => fields[f]) ?? Object.keys(fields)[0]!;
    throw validationError(fields[first]!, fields);
  }
  return { data: { ...result.data, categoryId: null, type: 'expense' }, category: null };
}

/** The spec's checking order; the first field in it that fails gives the message. */
const FIELD_ORDER = ['categoryId', 'type', 'amount', 'description', 'frequency', 'startDate', 'endDate', 'isActive'];

/** Whether the body sends lines (a non-empty list, or JSON text of one, or anything else malformed). */
function sendsLines(raw: Record<string, unknown>): boolean {
  const v = raw.lines;
  if (v === undefined || v === null || v === '') return false;
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === 'string' && v.trim() === '[]') return false;
  return true;
}

const SPLIT_FIELD_ORDER = ['categoryId', 'lines', 'type', 'amount', 'description', 'frequency', 'startDate', 'endDate'];

/**
 * A split item's payload: the transaction form's rules (docs/splits.md) — at least two lines
 * adding up to the item, no category besides them, each line's category the user's (404 naming
 * the line) and of the line's type (400).
 */
async function validateSplit(
  db: Db,
  userId: string,
  raw: Record<string, unknown>,
): Promise<{ data: RecurringData; category: null }> {
  const result = recurringSplitInputSchema.safeParse(raw);
  if (!result.success) {
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) fields[issue.path.length ? String(issue.path[0]) : '_'] ??= issue.message;
    const first = SPLIT_FIELD_ORDER.find((f) => fields[f]) ?? Object.keys(fields)[0]!;
    throw validationError(fields[first]!, fields);
  }
  const data = result.data;
  const problem = splitProblem({ lines: data.lines, type: data.type, amount: data.amount });
  if (problem) throw validationError(problem.message, { [problem.field]: problem.message });
  await checkLineCategories(db, userId, data.lines ?? []);
  return { data: { ...data, categoryId: null }, category: null };
}

const isType = (v: unknown): v is 'expense' | 'income' => (TRANSACTION_TYPES as readonly unknown[]).includes(v);

/**
 * Checks a recurring payload in the spec's order (category, amount, description, start date,
 * end date). Beyond the shared schema: the category must be one of the user's ('Please select
 * a category' otherwise, so ids leak nothing) and of the item's type. Throws a 400 naming the
 * first problem, with one message per field in `fields`.
 */
export async function validateRecurring(
  db: Db,
  userId: string,
  input: unknown,
): Promise<{ data: RecurringData; category: CategoryRef | null }> {
  const bad = badTextError(input);
  if (bad) throw bad;
  const raw = objectBody(input);
  if (raw.toAccountId) return validateTransfer(raw);
  if (sendsLines(raw)) return validateSplit(db, userId, raw);
  const result = recurringInputSchema.safeParse(raw);
  const fields: Record<string, string> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = issue.path.length ? String(issue.path[0]) : '_';
      fields[key] ??= issue.message;
    }
  }
  // The schema checks the end date only once every other field is valid; the form wants it always.
  const { startDate, endDate } = raw;
  if (
    !fields.endDate &&
    typeof startDate === 'string' &&
    typeof endDate === 'string' &&
    isIsoDate(startDate) &&
    isIsoDate(endDate) &&
    endDate < startDate
  ) {
    fields.endDate = MSG.endAfterStart;
  }

  let category = null;
  if (!fields.categoryId && typeof raw.categoryId === 'string' && isUuid(raw.categoryId)) {
    category = await findCategory(db, userId, raw.categoryId);
    if (!category) fields.categoryId = MSG.selectCategory;
    else if (isType(raw.type) && category.type !== raw.type) {
      fields.categoryId = MSG.categoryTypeMismatch(category.type, raw.type);
    }
  }

  const keys = Object.keys(fields);
  if (keys.length || !result.success || !category) {
    const first = FIELD_ORDER.find((f) => fields[f]) ?? keys[0];
    throw validationError(first ? fields[first]! : MSG.selectCategory, fields);
  }
  return { data: result.data, category };
}
