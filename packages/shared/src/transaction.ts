import { z } from 'zod';
import { LIMITS, TRANSACTION_TYPES } from './constants.js';
import { MSG } from './messages.js';
import { isOverMaxAmount, toCents } from './money.js';
import { isIsoDate } from './dates.js';
import { categoryRefSchema } from './category.js';
import { TRANSACTION_KINDS, TRANSACTION_STATUSES } from './account.js';
import { tagIdsFilterSchema, tagIdsInputSchema, tagModeSchema, tagRefSchema } from './tag.js';

/** An amount in major units (number or numeric string) turned into integer cents. */
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

export const amountCentsSchema = z.unknown().transform((value, ctx) => {
  const cents = toCents(value);
  if (cents === null) {
    ctx.addIssue({ code: 'custom', message: isOverMaxAmount(value) ? MSG.amountMax : MSG.validAmount });
    return z.NEVER;
  }
  return cents;
});

export const isoDateSchema = (message: string) =>
  z.string({ error: message }).min(1, message).refine(isIsoDate, message);

/**
 * Fields of a transaction (multipart text fields or JSON on the server, the form in the browser).
 * `today` is the user's today in their time zone: dates after it are refused. Keys are listed in
 * the order the spec checks them, so the first problem is the spec's first message.
 */
export const transactionInputSchema = (today: string) =>
  z.object({
    categoryId: z.uuid({ error: MSG.selectCategory }),
    type: z.enum(TRANSACTION_TYPES, { error: 'Type must be expense or income' }),
    amount: amountCentsSchema,
    date: isoDateSchema(MSG.selectDate).refine((d) => d <= today, MSG.dateInFuture),
    description: z
      .string({ error: MSG.descriptionMax })
      .trim()
      .max(LIMITS.descriptionMax, MSG.descriptionMax)
      .nullish()
      .transform((v) => (v ? v : null)),
    /** The account the row is in; the user's default account when absent. */
    accountId: z.preprocess(emptyToUndefined, z.uuid({ error: 'Unknown account' }).optional()),
    /** 'true' (multipart) or true (JSON) removes the stored receipt on update. */
    removeReceipt: z
      .union([z.boolean(), z.enum(['true', 'false'])], { error: 'removeReceipt must be true or false' })
      .optional()
      .transform((v) => v === true || v === 'true'),
    /** The row's tags (at most 10); absent on an update keeps them. In multipart, a JSON string. */
    tagIds: tagIdsInputSchema.optional(),
  });
export type TransactionInput = z.output<ReturnType<typeof transactionInputSchema>>;

export const FILTER_MSG = {
  badDate: 'Dates must be YYYY-MM-DD',
  futureDate: 'Dates cannot be later than today',
  startAfterEnd: 'Start date cannot be after end date',
  unknownCategory: 'Unknown category',
  unknownAccount: 'Unknown account',
  searchText: 'Search must be a single text',
  badCursor: 'Invalid cursor',
} as const;

/**
 * An optional YYYY-MM-DD query parameter; '' counts as absent. A repeated parameter (an array)
 * gets the same human message as a malformed one.
 */
export const optionalQueryDate = z
  .string({ error: FILTER_MSG.badDate })
  .optional()
  .refine((d) => d === undefined || d === '' || isIsoDate(d), FILTER_MSG.badDate)
  .transform((d) => (d ? d : undefined));

/** True unless both dates are given and the start comes after the end. */
export const datesInOrder = (r: { startDate?: string | undefined; endDate?: string | undefined }) =>
  !r.startDate || !r.endDate || r.startDate <= r.endDate;

export const transactionFilterSchema = z.object({
  type: z.preprocess(
    emptyToUndefined,
    z.enum(TRANSACTION_TYPES, { error: 'Type must be expense or income' }).optional(),
  ),
  categoryId: z.preprocess(emptyToUndefined, z.uuid({ error: FILTER_MSG.unknownCategory }).optional()),
  accountId: z.preprocess(emptyToUndefined, z.uuid({ error: FILTER_MSG.unknownAccount }).optional()),
  search: z
    .string({ error: FILTER_MSG.searchText })
    .trim()
    .max(LIMITS.descriptionMax, 'Search text is too long')
    .optional()
    .transform((s) => (s ? s : undefined)),
  startDate: optionalQueryDate,
  endDate: optionalQueryDate,
  /** `a,b`: rows with any (default), all or none of these tags, as `tagMode` says. */
  tagIds: tagIdsFilterSchema,
  tagMode: tagModeSchema,
});
export type TransactionFilter = z.output<typeof transactionFilterSchema>;

export const transactionListQuerySchema = transactionFilterSchema.extend({
  limit: z.coerce
    .number({ error: `Limit must be a whole number from 1 to ${LIMITS.pageSizeMax}` })
    .int(`Limit must be a whole number from 1 to ${LIMITS.pageSizeMax}`)
    .min(1, `Limit must be a whole number from 1 to ${LIMITS.pageSizeMax}`)
    .max(LIMITS.pageSizeMax, `Limit must be a whole number from 1 to ${LIMITS.pageSizeMax}`)
    .default(LIMITS.pageSizeDefault),
  cursor: z.string({ error: FILTER_MSG.badCursor }).max(200, FILTER_MSG.badCursor).optional(),
});
export type TransactionListQuery = z.output<typeof transactionListQuerySchema>;

/** Adds the date rules of the spec's filters: no date after `today`, start not after end. */
function withFilterDateRules<S extends z.ZodType<{ startDate?: string | undefined; endDate?: string | undefined }>>(
  schema: S,
  today: string,
) {
  return schema.superRefine((value, ctx) => {
    for (const key of ['startDate', 'endDate'] as const) {
      const d = value[key];
      if (d && d > today) ctx.addIssue({ code: 'custom', path: [key], message: FILTER_MSG.futureDate });
    }
    if (!datesInOrder(value)) {
      ctx.addIssue({ code: 'custom', path: ['startDate'], message: FILTER_MSG.startAfterEnd });
    }
  });
}

/** Filters of the list, summary and export, checked against the user's today. */
export const transactionFilterSchemaFor = (today: string) => withFilterDateRules(transactionFilterSchema, today);
/** Filters plus `limit` and `cursor` of GET /transactions, checked against the user's today. */
export const transactionListQuerySchemaFor = (today: string) => withFilterDateRules(transactionListQuerySchema, today);

/** A transaction as the API answers it; amounts in major units, receipt URLs signed for the owner. */
export const transactionSchema = z.object({
  id: z.string(),
  /** Null on a transfer leg (unless it leaves the budget), an opening or an adjustment row. */
  categoryId: z.string().nullable(),
  category: categoryRefSchema.nullable(),
  accountId: z.string(),
  kind: z.enum(TRANSACTION_KINDS),
  status: z.enum(TRANSACTION_STATUSES),
  transferId: z.string().nullable(),
  /** The other leg's account, on a transfer leg. */
  transferAccountId: z.string().nullable(),
  amount: z.number(),
  type: z.enum(TRANSACTION_TYPES),
  description: z.string().nullable(),
  date: z.string(),
  receiptUrl: z.string().nullable(),
  receiptThumbUrl: z.string().nullable(),
  recurringId: z.string().nullable(),
  createdAt: z.string(),
  tags: z.array(tagRefSchema),
});
export type Transaction = z.output<typeof transactionSchema>;

export const transactionSummarySchema = z.object({
  totalIncome: z.number(),
  totalExpense: z.number(),
  balance: z.number(),
});
export type TransactionSummary = z.output<typeof transactionSummarySchema>;

export interface Page<T> {
  data: T[];
  /**
   * `total` counts every match, except with a description search: counting stops past
   * `LIMITS.searchCountBound`, and then `total` is that bound and `totalIsLowerBound` is true
   * ("1,000+").
   */
  meta: { total: number; nextCursor: string | null; totalIsLowerBound: boolean };
}

/** The answer of a paged list: `{data, meta: {total, nextCursor, totalIsLowerBound}}`. */
export const pageOf = <S extends z.ZodType>(item: S) =>
  z.object({
    data: z.array(item),
    meta: z.object({
      total: z.number().int(),
      nextCursor: z.string().nullable(),
      totalIsLowerBound: z.boolean().describe('True when `total` is only a lower bound (a search with more matches).'),
    }),
  });
