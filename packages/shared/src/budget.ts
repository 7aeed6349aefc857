import { z } from 'zod';
import { BUDGET_EXCEEDED_PCT, BUDGET_PERIODS, BUDGET_WARNING_PCT, type BudgetPeriod } from './constants.js';
import { MSG } from './messages.js';
import { amountCentsSchema } from './transaction.js';
import { categoryRefSchema } from './category.js';

/** Budget messages beyond the shared ones (the spec's strings where it gives them). */
export const BUDGET_MSG = {
  periodInvalid: 'Period must be monthly or yearly',
  expenseOnly: 'Budgets can only be set for expense categories',
  categoryLocked: 'Category cannot be changed',
  duplicate: (period: BudgetPeriod) => `A ${period} budget for this category already exists`,
  rolloverInvalid: 'Carry over must be true or false',
} as const;

const rolloverSchema = z.boolean({ error: BUDGET_MSG.rolloverInvalid });

export const budgetPeriodSchema = z.enum(BUDGET_PERIODS, { error: BUDGET_MSG.periodInvalid });
/** Query of GET /budgets/status: period, monthly when absent or ''. */
export const budgetStatusQuerySchema = z.object({
  period: z.preprocess((v) => (v === '' ? undefined : v), budgetPeriodSchema.default('monthly')),
});

export const budgetInputSchema = z.object({
  categoryId: z.uuid({ error: MSG.selectCategory }),
  amount: amountCentsSchema,
  period: budgetPeriodSchema.default('monthly'),
  /** "Carry over unspent amount": what was left (or overspent) before adds to this period's amount. */
  rollover: rolloverSchema.default(false),
});
export type BudgetInput = z.input<typeof budgetInputSchema>;
export type BudgetData = z.output<typeof budgetInputSchema>;

/**
 * The body of `PUT /budgets/:id`: the create payload, but the category may be left out (it
 * cannot change) and a missing period keeps the budget's own.
 */
export const budgetUpdateSchema = z.object({
  categoryId: z.unknown().optional(),
  amount: amountCentsSchema,
  period: budgetPeriodSchema.optional(),
  /** Missing keeps the budget's own setting. */
  rollover: rolloverSchema.optional(),
});
export type BudgetUpdateInput = z.input<typeof budgetUpdateSchema>;
export type BudgetUpdateData = z.output<typeof budgetUpdateSchema>;

export const budgetStatusSchema = z.enum(['safe', 'warning', 'exceeded']);
export type BudgetStatus = z.output<typeof budgetStatusSchema>;

export const budgetStatusItemSchema = z.object({
  id: z.string(),
  category: categoryRefSchema,
  period: z.enum(BUDGET_PERIODS),
  budgetAmount: z.number(),
  /** Whether unspent (or overspent) amounts of past periods carry over. */
  rollover: z.boolean(),
  /** What past periods left (negative: overspent); 0 without rollover. */
  carriedOver: z.number(),
  /** budgetAmount + carriedOver: what spending, percentage, remaining and status measure against. */
  availableAmount: z.number(),
  spentAmount: z.number(),
  percentage: z.number(),
  remaining: z.number(),
  status: budgetStatusSchema,
});
export type BudgetStatusItem = z.output<typeof budgetStatusItemSchema>;

/** Status of spending against a budget, compared exactly on cents: warning at 70 %, exceeded at 100 %. */
export function budgetStatusOf(spentCents: number, budgetCents: number): BudgetStatus {
  const spent = BigInt(spentCents) * 100n;
  const budget = BigInt(budgetCents);
  if (spent >= budget * BigInt(BUDGET_EXCEEDED_PCT)) return 'exceeded';
  if (spent >= budget * BigInt(BUDGET_WARNING_PCT)) return 'warning';
  return 'safe';
}

/**
 * spent / budget × 100, rounded half-up to two decimals — except that a value just under a
 * threshold (69.996 %, 99.996 %) is shown as 69.99 / 99.99, never as the threshold itself, so
 * the number a user sees never contradicts the status beside it.
 */
export function budgetPercentage(spentCents: number, budgetCents: number): number {
  if (budgetCents <= 0) return 0;
  const spent = BigInt(spentCents);
  const budget = BigInt(budgetCents);
  // Hundredths of a percent, rounded half-up: (spent * 10000 / budget) + 0.5.
  let hundredths = (spent * 20000n + budget) / (2n * budget);
  for (const pct of [BUDGET_WARNING_PCT, BUDGET_EXCEEDED_PCT]) {
    const threshold = BigInt(pct) * 100n;
    if (hundredths >= threshold && spent * 100n < budget * BigInt(pct)) hundredths = threshold - 1n;
  }
  return Number(hundredths) / 100;
}

/**
 * A budget alert: the spending of a budget's period reached 70 % or 100 % (docs/budgets.md,
 * "Alerts"). `spentAmount` is the period's spending on `date`, the day it crossed, measured
 * against `budgetAmount`.
 */
export const budgetAlertSchema = z.object({
  id: z.string(),
  budgetId: z.string(),
  category: categoryRefSchema,
  period: z.enum(BUDGET_PERIODS),
  periodStart: z.string(),
  threshold: z.union([z.literal(BUDGET_WARNING_PCT), z.literal(BUDGET_EXCEEDED_PCT)]),
  spentAmount: z.number(),
  budgetAmount: z.number(),
  date: z.string(),
  read: z.boolean(),
});
export type BudgetAlert = z.output<typeof budgetAlertSchema>;

/** GET /alerts: the alerts not dismissed, newest first, and how many are unread. */
export const budgetAlertListSchema = z.object({
  data: z.array(budgetAlertSchema),
  meta: z.object({ unread: z.number().int() }),
});
export type BudgetAlertList = z.output<typeof budgetAlertListSchema>;

/** Most alerts GET /alerts answers (the newest). */
export const BUDGET_ALERTS_MAX = 50;
