import {
  ANALYTICS_LIMITS,
  ANALYTICS_MSG,
  type AnalyticsSummary,
  type BreakdownItem,
  type CategoryBreakdown,
  type DailyTrend,
  type DashboardData,
  type MonthlyTrend,
  type Transaction,
  type TransactionType,
  type WeekdayPattern,
  analyticsRangeSchema,
  type AnalyticsSummaryQuery,
  breakdownQuerySchema,
  categoryBreakdownQuerySchema,
  daysBetween,
  dashboardQuerySchema,
  eachDay,
  eachMonth,
  firstOfMonth,
  firstOfYear,
  fromCents,
  lastDayOfMonth,
  LIMITS,
  monthlyTrendsQuerySchema,
  recentTransactionsQuerySchema,
  shiftMonth,
  todayIn,
  topCategoriesQuerySchema,
} from '@ledgerly/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { validationError } from '../../errors.js';
import { fillSeries } from './analytics.series.js';
import { toBreakdownItem } from './analytics.mapper.js';
import { presentTransaction as toTransaction } from '../transactions/index.js';
import type { ReceiptUrlSigner } from '../../receipts/receipt-urls.js';
import * as repo from './analytics.repository.js';
import type { DateRange } from './analytics.repository.js';
import type { Viewer } from '../../lib/viewer.js';

/** Who is asking: the analytics depend on the user's own "today". */
export type { Viewer };

/** What the analytics read with: the database, and the signer of receipt URLs of transactions. */
export interface AnalyticsDeps {
  db: Db;
  sign: ReceiptUrlSigner;
}

const WEEKDAY_LABELS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** A series point's figures; a period without transactions is all zeros. */
const amounts = (row?: repo.PeriodRow) => ({
  income: fromCents(row?.incomeCents ?? 0),
  expense: fromCents(row?.expenseCents ?? 0),
  balance: fromCents(row?.balanceCents ?? 0),
});

const range = (start?: string, end?: string): DateRange => ({ start, end });

/** A query's tag filter (docs/tags.md); optional, so callers without one pass nothing. */
type Tagged<Q> = Omit<Q, 'tagIds' | 'tagMode'> & repo.TagFilter;
const tagsOf = (q: repo.TagFilter): repo.TagFilter => ({ tagIds: q.tagIds, tagMode: q.tagMode });

async function computeSummary(db: Db, userId: string, r: DateRange, tags?: repo.TagFilter): Promise<AnalyticsSummary> {
  return toSummary(await repo.filteredSummary(db, userId, r, tags));
}

function toSummary(s: repo.SummaryRow): AnalyticsSummary {
  return {
    totalIncome: fromCents(s.incomeCents),
    totalExpense: fromCents(s.expenseCents),
    balance: fromCents(s.balanceCents),
    incomeCount: s.incomeCount,
    expenseCount: s.expenseCount,
    transactionCount: s.transactionCount,
    avgExpense: fromCents(s.avgExpenseCents),
  };
}

async function computeBreakdown(
  db: Db,
  userId: string,
  r: DateRange,
  type: TransactionType,
  tags?: repo.TagFilter,
): Promise<CategoryBreakdown> {
  const rows = await repo.filteredBreakdown(db, userId, r, type, tags);
  return { breakdown: rows.map(toBreakdownItem), total: fromCents(rows[0]?.grandTotalCents ?? 0) };
}

async function computeTop(
  db: Db,
  userId: string,
  r: DateRange,
  type: TransactionType,
  limit: number,
  tags?: repo.TagFilter,
) {
  return (await repo.filteredBreakdown(db, userId, r, type, tags, limit)).map(toBreakdownItem);
}

/** The last `months` calendar months ending with the current one, oldest first, zeros filled. */
async function computeMonthly(db: Db, userId: string, today: string, months: number): Promise<MonthlyTrend[]> {
  const last = today.slice(0, 7);
  const first = shiftMonth(last, -(months - 1));
  const rows = await repo.monthly(db, userId, range(`${first}-01`, lastDayOfMonth(last)));
  return fillSeries(eachMonth(first, last), rows, (month, row) => ({ month, ...amounts(row) }));
}

async function computeDaily(db: Db, userId: string, start: string, end: string): Promise<DailyTrend[]> {
  const rows = await repo.daily(db, userId, range(start, end));
  return fillSeries(eachDay(start, end), rows, (date, row) => ({ date, ...amounts(row) }));
}

async function computeRecent(
  { db, sign }: AnalyticsDeps,
  userId: string,
  limit: number,
  tags?: repo.TagFilter,
): Promise<Transaction[]> {
  const rows = tags?.tagIds?.length
    ? await repo.recentTagged(db, userId, limit, tags)
    : await repo.recent(db, userId, limit);
  return rows.map((r) => toTransaction(r.tx, r.category, sign));
}

export function summary(
  { db }: AnalyticsDeps,
  viewer: Viewer,
  q: Tagged<AnalyticsSummaryQuery>,
): Promise<AnalyticsSummary> {
  return computeSummary(db, viewer.id, range(q.startDate, q.endDate), tagsOf(q));
}

export function categoryBreakdown(
  { db }: AnalyticsDeps,
  viewer: Viewer,
  q: Tagged<z.output<typeof categoryBreakdownQuerySchema>>,
): Promise<CategoryBreakdown> {
  return computeBreakdown(db, viewer.id, range(q.startDate, q.endDate), q.type, tagsOf(q));
}

export function topCategories(
  { db }: AnalyticsDeps,
  viewer: Viewer,
  q: Tagged<z.output<typeof topCategoriesQuerySchema>>,
): Promise<BreakdownItem[]> {
  return computeTop(db, viewer.id, range(q.startDate, q.endDate), q.type, q.limit, tagsOf(q));
}

export function monthlyTrends(
  { db }: AnalyticsDeps,
  viewer: Viewer,
  q: z.output<typeof monthlyTrendsQuerySchema>,
): Promise<MonthlyTrend[]> {
  return computeMonthly(db, viewer.id, todayIn(viewer.timezone), q.months);
}

/** Every day of the range (default: first of the current month through today), zeros filled. */
export function dailyTrends(
  { db }: AnalyticsDeps,
  viewer: Viewer,
  q: z.output<typeof analyticsRangeSchema>,
): Promise<DailyTrend[]> {
  const end = q.endDate ?? todayIn(viewer.timezone);
  const start = q.startDate ?? firstOfMonth(end);
  if (start > end) throw validationError(ANALYTICS_MSG.startAfterEnd, { startDate: ANALYTICS_MSG.startAfterEnd });
  if (daysBetween(start, end) + 1 > ANALYTICS_LIMITS.dailyRangeMaxDays) {
    throw validationError(ANALYTICS_MSG.dailyRange, { startDate: ANALYTICS_MSG.dailyRange });
  }
  return computeDaily(db, viewer.id, start, end);
}

/** Seven entries, Sunday (0) to Saturday (6); average is per transaction, rounded to cents. */
export async function dailyPattern(
  { db }: AnalyticsDeps,
  viewer: Viewer,
  q: z.output<typeof breakdownQuerySchema>,
): Promise<WeekdayPattern[]> {
  const rows = await repo.weekdays(db, viewer.id, range(q.startDate, q.endDate), q.type);
  const byDay = new Map(rows.map((r) => [r.weekday, r]));
  return WEEKDAY_LABELS.map((label, weekday) => {
    const row = byDay.get(weekday);
    return {
      weekday,
      label,
      total: fromCents(row?.totalCents ?? 0),
      count: row?.count ?? 0,
      average: fromCents(row?.averageCents ?? 0),
    };
  });
}

export function recentTransactions(
  deps: AnalyticsDeps,
  viewer: Viewer,
  q: z.output<typeof recentTransactionsQuerySchema>,
): Promise<Transaction[]> {
  return computeRecent(deps, viewer.id, q.limit);
}

/**
 * Everything the Dashboard tab shows, in one answer. 'month': first of the month → today with a
 * daily trend; 'year': 1 January → today with the months of this year; 'all': no bounds with
 * the last 12 months.
 */
export async function dashboard(
  deps: AnalyticsDeps,
  viewer: Viewer,
  query: Tagged<z.output<typeof dashboardQuerySchema>>,
): Promise<DashboardData> {
  const tags = tagsOf(query);
  const { db } = deps;
  const { period } = query;
  const today = todayIn(viewer.timezone);
  const startDate = period === 'month' ? firstOfMonth(today) : period === 'year' ? firstOfYear(today) : null;
  // 'all' counts every transaction; the transactions API never accepts dates after today anyway.
  const r = period === 'all' ? range() : range(startDate ?? undefined, today);
  // The summary, breakdown and trend in one statement (the same sums as their own endpoints),
  // the recent rows beside it: two round trips.
  const last = today.slice(0, 7);
  const firstMonth = shiftMonth(last, -(LIMITS.trendMonths - 1));
  const [figures, recentTransactions] = await Promise.all([
    period === 'month'
      ? repo.filteredDashboardFigures(db, viewer.id, r, 'daily', range(firstOfMonth(today), today), tags)
      : repo.filteredDashboardFigures(
          db,
          viewer.id,
          r,
          'monthly',
          range(`${firstMonth}-01`, lastDayOfMonth(last)),
          tags,
        ),
    computeRecent(deps, viewer.id, LIMITS.recentLimit, tags),
  ]);
  const summaryData = toSummary(figures.summary);
  const breakdown: CategoryBreakdown = {
    breakdown: figures.breakdown.map(toBreakdownItem),
    total: fromCents(figures.breakdown[0]?.grandTotalCents ?? 0),
  };
  const trendData: DashboardData['trend'] =
    period === 'month'
      ? {
          granularity: 'daily',
          points: fillSeries(eachDay(firstOfMonth(today), today), figures.trend, (date, row) => ({
            date,
            ...amounts(row),
          })),
        }
      : {
          granularity: 'monthly',
          points: fillSeries(eachMonth(firstMonth, last), figures.trend, (month, row) => ({
            month,
            ...amounts(row),
          })).filter((p) => period !== 'year' || p.month.startsWith(today.slice(0, 4))),
        };
  return {
    period,
    startDate,
    endDate: today,
    summary: summaryData,
    breakdown,
    trend: trendData,
    // The top categories are the head of the breakdown: no second query.
    topCategories: breakdown.breakdown.slice(0, LIMITS.topCategoriesLimit),
    recentTransactions,
  };
}
