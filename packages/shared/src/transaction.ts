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

/** The most lines one split transaction can have. */
export const SPLIT_LINES_MAX = 50;

export const SPLIT_MSG = {
  linesFormat: 'Lines must be a list of lines, each with a category, an amount and a type',
  line: 'Each line needs a category, an amount and a type',
  lineCategory: 'Please select a category for each line',
  lineType: "A line's type must be expense or income",
  noteMax: 'A line note must be at most 255 characters',
  tooMany: `A transaction can have at most ${SPLIT_LINES_MAX} lines`,
  tooFew: 'A split needs at least two lines',
  both: 'Send either a category or lines, not both',
  notTransfer: 'A transfer cannot be split; unlink it first',
  notLinked: 'A split transaction cannot be a transfer leg; unsplit it first',
  notKind: 'Only an ordinary income or expense can be split',
  /** The lines' signed sum is `linesCents`, the row's signed amount `rowCents` (income positive). */
  sum: (rowCents: number, linesCents: number) =>
    `The lines must add up to the transaction's amount: ${(Math.abs(rowCents - linesCents) / 100).toFixed(2)} is ${
      Math.abs(linesCents) > Math.abs(rowCents) ? 'assigned too much' : 'left to assign'
    }`,
} as const;

/** One line of a split transaction as the API takes it (DESIGN §11). */
export const transactionLineInputSchema = z.object(
  {
    categoryId: z.uuid({ error: SPLIT_MSG.lineCategory }),
    amount: amountCentsSchema,
    type: z.enum(TRANSACTION_TYPES, { error: SPLIT_MSG.lineType }),
    note: z
      .string({ error: SPLIT_MSG.noteMax })
      .trim()
      .max(LIMITS.descriptionMax, SPLIT_MSG.noteMax)
      .nullish()
      .transform((v) => (v ? v : null)),
  },
  { error: SPLIT_MSG.line },
);
export type TransactionLineInput = z.output<typeof transactionLineInputSchema>;

/** Multipart sends `lines` as JSON text; JSON sends the array itself. */
const fromJsonText = (v: unknown) => {
  if (typeof v !== 'string') return v;
  if (v.trim() === '') return undefined;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
};

/** `lines`: each line checked on its own, a problem named with its line's number ("Line 2: …"). */
export const transactionLinesSchema = z.preprocess(
  fromJsonText,
  z
    .array(z.unknown(), { error: SPLIT_MSG.linesFormat })
    .max(SPLIT_LINES_MAX, SPLIT_MSG.tooMany)
    .transform((items, ctx) => {
      const lines: TransactionLineInput[] = [];
      items.forEach((item, i) => {
        const result = transactionLineInputSchema.safeParse(item);
        if (result.success) lines.push(result.data);
        else
          ctx.addIssue({
            code: 'custom',
            message: `Line ${i + 1}: ${result.error.issues[0]?.message ?? SPLIT_MSG.line}`,
          });
      });
      return lines;
    })
    .optional(),
);

/**
 * The rules across fields of a split (DESIGN §11), for the server and the form: either a category
 * or at least two lines, and the lines' signed amounts add up to the row's. Null when all is well.
 */
export function splitProblem(value: {
  categoryId?: string | undefined;
  lines?: readonly { type: 'expense' | 'income'; amount: number }[] | undefined;
  type: 'expense' | 'income';
  amount: number;
}): { field: 'categoryId' | 'lines'; message: string } | null {
  const lines = value.lines ?? [];
  if (!lines.length) return value.categoryId ? null : { field: 'categoryId', message: MSG.selectCategory };
  if (value.categoryId) return { field: 'lines', message: SPLIT_MSG.both };
  if (lines.length < 2) return { field: 'lines', message: SPLIT_MSG.tooFew };
  const row = value.type === 'income' ? value.amount : -value.amount;
  const sum = lines.reduce((s, l) => s + (l.type === 'income' ? l.amount : -l.amount), 0);
  return sum === row ? null : { field: 'lines', message: SPLIT_MSG.sum(row, sum) };
}

/**
 * Fields of a transaction (multipart text fields or JSON on the server, the form in the browser).
 * `today` is the user's today in their time zone: dates after it are refused. Keys are listed in
 * the order the spec checks them, so the first problem is the spec's first message.
 */
export const transactionInputSchema = (today: string) =>
  z.object({
    /** Required unless `lines` are given (splitProblem); with `lines: []` it makes a split row unsplit. */
    categoryId: z.preprocess(emptyToUndefined, z.uuid({ error: MSG.selectCategory }).optional()),
    /** A split row's lines (DESIGN §11), in place of `categoryId`; amounts in cents once parsed. */
    lines: transactionLinesSchema,
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

/** Whether the fields send lines (a split): anything but none, '' and an empty list. */
export function sendsLines(fields: Record<string, unknown>): boolean {
  const v = fields.lines;
  if (v === undefined || v === null) return false;
  if (Array.isArray(v)) return v.length > 0;
  return !(typeof v === 'string' && (v.trim() === '' || v.trim() === '[]'));
}

/**
 * The fields of a row that is not split: the category is required, and checked first (the
 * spec's order: category, amount, date).
 */
export const unsplitTransactionInputSchema = (today: string) =>
  transactionInputSchema(today).extend({
    categoryId: z.uuid({ error: MSG.selectCategory }),
  });

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

/** A line of a split transaction as the API answers it (amount in major units). */
export const transactionLineSchema = z.object({
  id: z.string(),
  categoryId: z.string(),
  category: categoryRefSchema.nullable(),
  amount: z.number(),
  type: z.enum(TRANSACTION_TYPES),
  note: z.string().nullable(),
});
export type TransactionLine = z.output<typeof transactionLineSchema>;

/** A transaction as the API answers it; amounts in major units, receipt URLs signed for the owner. */
export const transactionSchema = z.object({
  id: z.string(),
  /** Null on a split row, a transfer leg (unless it leaves the budget), an opening or an adjustment row. */
  categoryId: z.string().nullable(),
  category: categoryRefSchema.nullable(),
  /** A split row's lines, in order (at least two); empty on any other row. */
  lines: z.array(transactionLineSchema),
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
