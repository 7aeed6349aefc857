import { ACCOUNT_MSG } from './account.js';
import { tagIdsInputSchema, tagRefSchema } from './tag.js';
import { z } from 'zod';
import { FREQUENCIES, LIMITS, TRANSACTION_TYPES } from './constants.js';
import { MSG } from './messages.js';
import { isIsoDate } from './dates.js';
import {
  SPLIT_MSG,
  amountCentsSchema,
  transactionLineSchema,
  transactionLinesSchema,
  transactionSchema,
} from './transaction.js';
import { categoryRefSchema } from './category.js';

/**
 * Limits of recurring items (docs/operations.md). Generation catches up every missed
 * occurrence, so a start date decades back (often a typo: 1926 for 2026) creates tens of
 * thousands of transactions: start dates go back at most 50 years, a user has at most 200
 * items, and one catch-up call writes at most 1,000 transactions (the rest follows on the next
 * call or the hourly sweep).
 */
export const RECURRING_MAX_YEARS_BACK = 50;
export const RECURRING_MAX_ITEMS = 200;
export const RECURRING_GENERATE_MAX_PER_CALL = 1000;

/** The earliest start date accepted today: the same day 50 years ago (UTC; 29 February → 28). */
export function recurringMinStartDate(now: Date = new Date()): string {
  const year = String(now.getUTCFullYear() - RECURRING_MAX_YEARS_BACK).padStart(4, '0');
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  const day = month === '02' && now.getUTCDate() === 29 ? '28' : String(now.getUTCDate()).padStart(2, '0');
  return `${year}-${month}-${day}`;
}

export const RECURRING_MESSAGES = {
  startTooEarly: (min: string) =>
    `Start date cannot be more than ${RECURRING_MAX_YEARS_BACK} years ago (the earliest is ${min})`,
  tooMany: `You can have at most ${RECURRING_MAX_ITEMS} recurring transactions. Delete one you no longer need first.`,
  inactive: 'Inactive recurring transactions cannot be generated',
  ended: 'This recurring transaction has ended',
  skipInactive: 'Inactive recurring transactions cannot skip an occurrence',
  skipNotOccurrence: 'That date is not an occurrence of this recurring transaction',
  skipGenerated: 'That occurrence was already generated, so it cannot be skipped',
  skipTooFar: 'Only occurrences in the next 366 days can be skipped',
  skipped: 'Occurrence skipped successfully!',
  unskipped: 'Skip undone: the occurrence will be generated',
  unskipGenerated: 'A later occurrence was already generated, so this skip cannot be undone',
  generatedOne: 'Transaction generated successfully!',
  /** The answer of POST /recurring/generate: 'Generated 1 transaction', 'Generated 3 transactions'. */
  generatedMany: (n: number) => `Generated ${n} ${n === 1 ? 'transaction' : 'transactions'}`,
  /** The answer when the per-call bound stopped a catch-up: the rest is generated later. */
  generatedSome: (n: number) =>
    `Generated ${n} ${n === 1 ? 'transaction' : 'transactions'}; more are due and follow on the next generate or within the hour`,
} as const;

/** Query of GET /recurring/upcoming: days 1–366, default 30 (the spec's upcoming window). */
export const UPCOMING_DAYS_MAX = 366;
export const upcomingQuerySchema = z.object({
  days: z.coerce
    .number({ error: `Days must be a whole number from 1 to ${UPCOMING_DAYS_MAX}` })
    .int(`Days must be a whole number from 1 to ${UPCOMING_DAYS_MAX}`)
    .min(1, `Days must be a whole number from 1 to ${UPCOMING_DAYS_MAX}`)
    .max(UPCOMING_DAYS_MAX, `Days must be a whole number from 1 to ${UPCOMING_DAYS_MAX}`)
    .default(LIMITS.upcomingDays),
});

/**
 * Recurring item payload. Checks run in the spec's order; the first failing one is the
 * message shown (category, amount, description, start date, end date).
 */
const recurringFields = z.object({
  categoryId: z.uuid({ error: MSG.selectCategory }),
  type: z.enum(TRANSACTION_TYPES, { error: 'Type must be expense or income' }),
  amount: amountCentsSchema,
  description: z
    .string({ error: MSG.enterDescription })
    .trim()
    .min(1, MSG.enterDescription)
    .max(LIMITS.descriptionMax, MSG.descriptionMax),
  frequency: z.enum(FREQUENCIES, { error: 'Frequency must be daily, weekly, monthly or yearly' }).default('monthly'),
  startDate: z
    .string({ error: MSG.selectStartDate })
    .refine(isIsoDate, MSG.selectStartDate)
    .refine((d) => d >= recurringMinStartDate(), {
      error: () => RECURRING_MESSAGES.startTooEarly(recurringMinStartDate()),
    }),
  endDate: z
    .string()
    .nullish()
    .refine((d) => !d || isIsoDate(d), 'End date must be YYYY-MM-DD')
    .transform((d) => (d ? d : null)),
  isActive: z.boolean({ error: 'Active must be true or false' }).default(true),
  /** The account occurrences go into (or leave, for a transfer); the default account when absent. */
  accountId: z.uuid({ error: 'Unknown account' }).optional(),
  /** Makes the item a recurring transfer from accountId to this account (then without a category). */
  toAccountId: z.preprocess((v) => (v === '' ? undefined : v), z.uuid({ error: 'Unknown account' }).nullish()),
  /** Tags the generated rows get (at most 10); absent on an update keeps them. Not on a transfer. */
  tagIds: tagIdsInputSchema.optional(),
  /**
   * A split item's lines instead of `categoryId` (at least two, adding up to the item, as a
   * transaction's: docs/splits.md); every generated row gets them. `[]` or absent: not split.
   */
  lines: transactionLinesSchema,
});

const endAfterStart = (v: { startDate: string; endDate: string | null }, ctx: z.RefinementCtx) => {
  if (v.endDate && v.endDate < v.startDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: MSG.endAfterStart });
  }
};

export const recurringInputSchema = recurringFields.superRefine(endAfterStart);

/** A split item's payload: lines instead of a category (the server checks them as a transaction's). */
export const recurringSplitInputSchema = recurringFields
  .extend({ categoryId: z.null({ error: SPLIT_MSG.both }).optional() })
  .superRefine(endAfterStart);

/**
 * A recurring transfer's payload (`toAccountId` set): no category, and the type is the out leg's
 * direction (expense), whatever is sent.
 */
export const recurringTransferInputSchema = recurringFields
  .omit({ categoryId: true, type: true, lines: true })
  .extend({
    toAccountId: z.uuid({ error: 'Unknown account' }),
    categoryId: z.null({ error: ACCOUNT_MSG.transferCategory }).optional(),
    type: z.enum(TRANSACTION_TYPES).optional(),
  })
  .superRefine(endAfterStart);
export type RecurringInput = z.input<typeof recurringInputSchema>;

export const recurringTransactionSchema = z.object({
  id: z.string(),
  categoryId: z.string().nullable(),
  category: categoryRefSchema.nullable(),
  accountId: z.string(),
  /** Set on a recurring transfer: each occurrence moves the amount from accountId to here. */
  toAccountId: z.string().nullable(),
  type: z.enum(TRANSACTION_TYPES),
  amount: z.number(),
  description: z.string(),
  frequency: z.enum(FREQUENCIES),
  startDate: z.string(),
  endDate: z.string().nullable(),
  nextDate: z.string().nullable(),
  lastGenerated: z.string().nullable(),
  isActive: z.boolean(),
  /** Occurrences the user skipped that come after the last generated one, oldest first. */
  skippedDates: z.array(z.string()),
  /**
   * True while the item's account (or, for a transfer, either account) is closed: generation
   * passes it over until the account is reopened (then it catches up). Always sent by the server.
   */
  accountClosed: z.boolean().optional(),
  /** The tags every generated row gets. */
  tags: z.array(tagRefSchema),
  /** A split item's lines (every generated row gets them); empty when not split. */
  lines: z.array(transactionLineSchema.omit({ id: true })),
});
export type RecurringTransaction = z.output<typeof recurringTransactionSchema>;

/** Body of POST /recurring/{id}/skip: the occurrence (its scheduled date) to skip. */
export const recurringSkipInputSchema = z.object({
  date: z.string({ error: 'Please select a date' }).refine(isIsoDate, 'Please select a date'),
});
export type RecurringSkipInput = z.input<typeof recurringSkipInputSchema>;

/** One future occurrence of a recurring item. */
export const upcomingOccurrenceSchema = z.object({
  recurringId: z.string(),
  date: z.string(),
  description: z.string(),
  amount: z.number(),
  type: z.enum(TRANSACTION_TYPES),
  category: categoryRefSchema,
});
export type UpcomingOccurrence = z.output<typeof upcomingOccurrenceSchema>;

/** A transaction created by generation; `occurrenceDate` is the scheduled date it stands for. */
export const generatedTransactionSchema = transactionSchema.extend({ occurrenceDate: z.string() });
export type GeneratedTransaction = z.output<typeof generatedTransactionSchema>;

/** `data` of POST /recurring/{id}/generate. */
export const generateOneResultSchema = z.object({
  transaction: generatedTransactionSchema,
  recurring: recurringTransactionSchema,
});
export type GenerateOneResult = z.output<typeof generateOneResultSchema>;

/** `data` of POST /recurring/generate. */
export const generateAllResultSchema = z.object({
  generated: z.number().int(),
  /** True when the per-call bound stopped the catch-up: more occurrences are due. */
  more: z.boolean(),
});
export type GenerateAllResult = z.output<typeof generateAllResultSchema>;
