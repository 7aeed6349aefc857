import { z } from 'zod';
import { LIMITS, type TransactionType } from './constants.js';
import { FILTER_MSG, datesInOrder, optionalQueryDate, transactionSchema } from './transaction.js';
import { tagIdsFilterSchema, tagModeSchema } from './tag.js';

/**
 * The tag filter of the analytics reads (`tagIds=a,b&tagMode=any|all|none`), as on the list
 * (docs/tags.md): with it the figures are summed from the matching rows and their lines.
 */
const tagFilter = { tagIds: tagIdsFilterSchema, tagMode: tagModeSchema };

/** Response shapes of the analytics API (DESIGN.md §3); amounts are numbers in major units. */
export const analyticsSummarySchema = z.object({
  totalIncome: z.number(),
  totalExpense: z.number(),
  balance: z.number(),
  incomeCount: z.number().int(),
  expenseCount: z.number().int(),
  transactionCount: z.number().int(),
  avgExpense: z.number(),
});
export type AnalyticsSummary = z.output<typeof analyticsSummarySchema>;

export const breakdownItemSchema = z.object({
  categoryId: z.string(),
  categoryName: z.string(),
  categoryIcon: z.string(),
  categoryColor: z.string(),
  /** Numeric string with two decimals, as the spec says. */
  total: z.string().describe('Numeric string with two decimals'),
  count: z.number().int(),
  percentage: z.number(),
});
export type BreakdownItem = z.output<typeof breakdownItemSchema>;

export const categoryBreakdownSchema = z.object({ breakdown: z.array(breakdownItemSchema), total: z.number() });
export type CategoryBreakdown = z.output<typeof categoryBreakdownSchema>;

export const monthlyTrendSchema = z.object({
  month: z.string(),
  income: z.number(),
  expense: z.number(),
  balance: z.number(),
});
export type MonthlyTrend = z.output<typeof monthlyTrendSchema>;

export const dailyTrendSchema = z.object({
  date: z.string(),
  income: z.number(),
  expense: z.number(),
  balance: z.number(),
});
export type DailyTrend = z.output<typeof dailyTrendSchema>;

export const weekdayPatternSchema = z.object({
  weekday: z.number().int(),
  label: z.string(),
  total: z.number(),
  count: z.number().int(),
  average: z.number(),
});
export type WeekdayPattern = z.output<typeof weekdayPatternSchema>;

export const DASHBOARD_PERIODS = ['month', 'year', 'all'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

export const dashboardDataSchema = z.object({
  period: z.enum(DASHBOARD_PERIODS),
  startDate: z.string().nullable(),
  endDate: z.string(),
  summary: analyticsSummarySchema,
  breakdown: categoryBreakdownSchema,
  /** Daily series for 'month', monthly series otherwise. */
  trend: z.discriminatedUnion('granularity', [
    z.object({ granularity: z.literal('daily'), points: z.array(dailyTrendSchema) }),
    z.object({ granularity: z.literal('monthly'), points: z.array(monthlyTrendSchema) }),
  ]),
  topCategories: z.array(breakdownItemSchema),
  recentTransactions: z.array(transactionSchema),
});
export type DashboardData = z.output<typeof dashboardDataSchema>;

// ---- Query parameters of the analytics API (checked on the server, usable by the web) ----

/** Bounds of the numeric query parameters. */
export const ANALYTICS_LIMITS = {
  monthsMin: 1,
  monthsMax: 60,
  limitMin: 1,
  limitMax: 50,
  /** Longest range of a daily series, in days (a leap year). */
  dailyRangeMaxDays: 366,
} as const;

export const ANALYTICS_MSG = {
  badDate: FILTER_MSG.badDate,
  startAfterEnd: FILTER_MSG.startAfterEnd,
  badType: 'Type must be expense or income',
  months: `Months must be a whole number from ${ANALYTICS_LIMITS.monthsMin} to ${ANALYTICS_LIMITS.monthsMax}`,
  limit: `Limit must be a whole number from ${ANALYTICS_LIMITS.limitMin} to ${ANALYTICS_LIMITS.limitMax}`,
  period: 'Period must be month, year or all',
  dailyRange: `A daily trend covers at most ${ANALYTICS_LIMITS.dailyRangeMaxDays} days`,
} as const;

/** Start not after end, reported on startDate like the transactions filters. */
const inOrder = { message: ANALYTICS_MSG.startAfterEnd, path: ['startDate'] };

const wholeNumber = (min: number, max: number, fallback: number, message: string) =>
  z
    .union([z.string(), z.number()], { error: message })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      const n = typeof v === 'number' ? v : /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });

/** 'expense' or 'income'; absent or '' means 'expense'. */
export const analyticsTypeSchema = z
  .unknown()
  .optional()
  .transform((t, ctx): TransactionType => {
    if (t === undefined || t === '') return 'expense';
    if (t === 'expense' || t === 'income') return t;
    ctx.addIssue({ code: 'custom', message: ANALYTICS_MSG.badType });
    return z.NEVER;
  });

/** startDate and endDate, both optional; start must not be after end. */
export const analyticsRangeSchema = z
  .object({ startDate: optionalQueryDate, endDate: optionalQueryDate })
  .refine(datesInOrder, inOrder);
export type AnalyticsRange = z.output<typeof analyticsRangeSchema>;

/** GET /analytics/summary: a range and the tag filter. */
export const analyticsSummaryQuerySchema = z
  .object({ startDate: optionalQueryDate, endDate: optionalQueryDate, ...tagFilter })
  .refine(datesInOrder, inOrder);
export type AnalyticsSummaryQuery = z.output<typeof analyticsSummaryQuerySchema>;

export const breakdownQuerySchema = z
  .object({ startDate: optionalQueryDate, endDate: optionalQueryDate, type: analyticsTypeSchema })
  .refine(datesInOrder, inOrder);

/** GET /analytics/category-breakdown: the breakdown's query and the tag filter. */
export const categoryBreakdownQuerySchema = z
  .object({ startDate: optionalQueryDate, endDate: optionalQueryDate, type: analyticsTypeSchema, ...tagFilter })
  .refine(datesInOrder, inOrder);

export const topCategoriesQuerySchema = z
  .object({
    startDate: optionalQueryDate,
    endDate: optionalQueryDate,
    type: analyticsTypeSchema,
    ...tagFilter,
    limit: wholeNumber(
      ANALYTICS_LIMITS.limitMin,
      ANALYTICS_LIMITS.limitMax,
      LIMITS.topCategoriesLimit,
      ANALYTICS_MSG.limit,
    ),
  })
  .refine(datesInOrder, inOrder);

export const monthlyTrendsQuerySchema = z.object({
  months: wholeNumber(ANALYTICS_LIMITS.monthsMin, ANALYTICS_LIMITS.monthsMax, LIMITS.trendMonths, ANALYTICS_MSG.months),
});

export const recentTransactionsQuerySchema = z.object({
  limit: wholeNumber(ANALYTICS_LIMITS.limitMin, ANALYTICS_LIMITS.limitMax, LIMITS.recentLimit, ANALYTICS_MSG.limit),
});

export const dashboardQuerySchema = z.object({
  period: z
    .enum(DASHBOARD_PERIODS, { error: ANALYTICS_MSG.period })
    .optional()
    .transform((p): DashboardPeriod => p ?? 'month'),
  ...tagFilter,
});
