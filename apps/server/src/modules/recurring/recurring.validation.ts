import type { CategoryRef } from '@ledgerly/shared';
import { MSG, TRANSACTION_TYPES, isIsoDate, recurringInputSchema } from '@ledgerly/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { validationError } from '../../errors.js';
import { isUuid } from '../../lib/ids.js';
import { badTextError, objectBody } from '../../lib/validate.js';
import { findCategory } from '../categories/index.js';

export type RecurringData = z.output<typeof recurringInputSchema>;

/** The spec's checking order; the first field in it that fails gives the message. */
const FIELD_ORDER = ['categoryId', 'type', 'amount', 'description', 'frequency', 'startDate', 'endDate', 'isActive'];

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
): Promise<{ data: RecurringData; category: CategoryRef }> {
  const bad = badTextError(input);
  if (bad) throw bad;
  const raw = objectBody(input);
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
