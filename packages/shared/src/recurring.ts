import { z } from 'zod';
import { FREQUENCIES, LIMITS, TRANSACTION_TYPES } from './constants.js';
import { MSG } from './messages.js';
import { isIsoDate } from './dates.js';
import { amountCentsSchema, transactionSchema } from './transaction.js';
import { categoryRefSchema } from './category.js';

/**
 * Earliest start date accepted. Generation catches up every missed occurrence, so a start
 * date decades back (often a typo: 1926 for 2026) would create tens of thousands of
 * transactions; this bound keeps a daily item's backlog at most ~20,000 rows.
 */
export const RECURRING_MIN_START_DATE = '1970-01-01';
export const RECURRING_MESSAGES = {
  startTooEarly: 'Start date cannot be before 1970-01-01',
  inactive: 'Inactive recurring transactions cannot be generated',
  ended: 'This recurring transaction has ended',
  generatedOne: 'Transaction generated successfully!',
  /** The answer of POST /recurring/generate: 'Generated 1 transaction', 'Generated 3 transactions'. */
  generatedMany: (n: number) => `Generated ${n} ${n === 1 ? 'transaction' : 'transactions'}`,
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
export const recurringInputSchema = z
  .object({
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
      .refine((d) => d >= RECURRING_MIN_START_DATE, RECURRING_MESSAGES.startTooEarly),
    endDate: z
      .string()
      .nullish()
      .refine((d) => !d || isIsoDate(d), 'End date must be YYYY-MM-DD')
      .transform((d) => (d ? d : null)),
    isActive: z.boolean({ error: 'Active must be true or false' }).default(true),
  })
  .superRefine((v, ctx) => {
    if (v.endDate && v.endDate < v.startDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: MSG.endAfterStart });
    }
  });
export type RecurringInput = z.input<typeof recurringInputSchema>;

export const recurringTransactionSchema = z.object({
  id: z.string(),
  categoryId: z.string(),
  category: categoryRefSchema,
  type: z.enum(TRANSACTION_TYPES),
  amount: z.number(),
  description: z.string(),
  frequency: z.enum(FREQUENCIES),
  startDate: z.string(),
  endDate: z.string().nullable(),
  nextDate: z.string().nullable(),
  lastGenerated: z.string().nullable(),
  isActive: z.boolean(),
});
export type RecurringTransaction = z.output<typeof recurringTransactionSchema>;

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
export const generateAllResultSchema = z.object({ generated: z.number().int() });
export type GenerateAllResult = z.output<typeof generateAllResultSchema>;
