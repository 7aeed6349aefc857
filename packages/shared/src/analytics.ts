import { z } from 'zod';
import { LIMITS, type TransactionType } from './constants.js';
import { FILTER_MSG, type Transaction, datesInOrder, optionalQueryDate } from './transaction.js';

/** Response shapes of the analytics API (DESIGN.md §3); amounts are numbers in major units. */
export interface AnalyticsSummary {
  totalIncome: number;
  totalExpense: number;
  balance: number;
  incomeCount: number;
  expenseCount: number;
  transactionCount: number;
  avgExpense: number;
}

export interface BreakdownItem {
  categoryId: string;
  categoryName: string;
  categoryIcon: string;
  categoryColor: string;
  /** Numeric string with two decimals, as the spec says. */
  total: string;
  count: number;
  percentage: number;
}

export interface CategoryBreakdown {
  breakdown: BreakdownItem[];
  total: number;
}

export interface MonthlyTrend {
  month: string;
  income: number;
  expense: number;
  balance: number;
}

export interface DailyTrend {
  date: string;
  income: number;
  expense: number;
  balance: number;
}

export interface WeekdayPattern {
  weekday: number;
  label: string;
  total: number;
  count: number;
  average: number;
}

export type DashboardPeriod = 'month' | 'year' | 'all';

export interface DashboardData {
  period: DashboardPeriod;
  startDate: string | null;
  endDate: string;
  summary: AnalyticsSummary;
  breakdown: CategoryBreakdown;
  /** Daily series for 'month', monthly series otherwise. */
  trend: { granularity: 'daily'; points: DailyTrend[] } | { granularity: 'monthly'; points: MonthlyTrend[] };
  topCategories: BreakdownItem[];
  recentTransactions: Transaction[];
}

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

export const breakdownQuerySchema = z
  .object({ startDate: optionalQueryDate, endDate: optionalQueryDate, type: analyticsTypeSchema })
  .refine(datesInOrder, inOrder);

export const topCategoriesQuerySchema = z
  .object({
    startDate: optionalQueryDate,
    endDate: optionalQueryDate,
    type: analyticsTypeSchema,
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
    .enum(['month', 'year', 'all'], { error: ANALYTICS_MSG.period })
    .optional()
    .transform((p): DashboardPeriod => p ?? 'month'),
});
