import { type SQL, and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { TagMode, TransactionType } from '@ledgerly/shared';
import type { Db } from '../../db/client.js';
import { ph, runPrepared } from '../../db/prepared.js';
import { categories, dailyTotals, monthlyTotals } from '../../db/schema.js';
import {
  type CategoryRefRow,
  type TransactionRow,
  countedAmountsSql,
  ledgerCounts,
  ledgerSums,
  listTransactions,
  shapeOf,
  totalsSql,
  totalsValues,
} from '../ledger/index.js';

/** An inclusive date range; a missing bound is open. */
export interface DateRange {
  start?: string | undefined;
  end?: string | undefined;
}

// Every figure is summed in SQL on integer cents, from the per-day and per-month totals that the
// database keeps exact (the ledger's rollups); bigint sums come back as numbers (see db/client.ts).
const cents = (expr: SQL) => sql`coalesce(${expr}, 0)::bigint`.mapWith(Number);
const num = cents;
const periodSums = ledgerSums;

export interface SummaryRow {
  incomeCents: number;
  expenseCents: number;
  balanceCents: number;
  incomeCount: number;
  expenseCount: number;
  transactionCount: number;
  avgExpenseCents: number;
}

// The reads below are prepared (db/prepared.ts): built once per shape of their values.

export async function summary(db: Db, userId: string, range: DateRange): Promise<SummaryRow> {
  const values = totalsValues(userId, range);
  const [row] = await runPrepared(
    db,
    `analytics.summary|${shapeOf(values)}`,
    () =>
      db
        .select({
          ...periodSums(sql`t.type`, sql`t.total_cents`),
          ...ledgerCounts(sql`t.type`, sql`t.tx_count`),
          transactionCount: num(sql`sum(t.tx_count)`),
          // Rounded half away from zero to whole cents, in SQL (numeric, no floats).
          avgExpenseCents: cents(
            sql`round(sum(t.total_cents) filter (where t.type = 'expense') / nullif(sum(t.tx_count) filter (where t.type = 'expense'), 0))`,
          ),
        })
        .from(sql`${totalsSql(values, ph)} as t`),
    values,
  );
  return (
    row ?? {
      incomeCents: 0,
      expenseCents: 0,
      balanceCents: 0,
      incomeCount: 0,
      expenseCount: 0,
      transactionCount: 0,
      avgExpenseCents: 0,
    }
  );
}

export interface BreakdownRow {
  categoryId: string;
  categoryName: string;
  categoryIcon: string;
  categoryColor: string;
  totalCents: number;
  count: number;
  percentage: number;
  grandTotalCents: number;
}

/** Totals per category of one type, largest first; percentages of the grand total, rounded once to 1 decimal (formatShare). */
export async function categoryBreakdown(
  db: Db,
  userId: string,
  range: DateRange,
  type: TransactionType,
  limit?: number,
): Promise<BreakdownRow[]> {
  const values: Record<string, string | number | boolean> = totalsValues(userId, range, { type });
  if (limit !== undefined) values.limit = limit;
  return runPrepared(
    db,
    `analytics.breakdown|${shapeOf(values)}`,
    () => {
      // Sum the few totals rows per category first, then join the categories.
      const agg = db
        .select({
          categoryId: sql<string>`t.category_id`.as('agg_category_id'),
          total: sql<number>`sum(t.total_cents)`.as('agg_total'),
          n: sql<number>`sum(t.tx_count)`.as('agg_n'),
        })
        .from(sql`${totalsSql(values as Record<string, string | boolean>, ph)} as t`)
        .groupBy(sql`t.category_id`)
        .having(sql`sum(t.tx_count) > 0`)
        .as('agg');
      const query = db
        .select({
          categoryId: categories.id,
          categoryName: categories.name,
          categoryIcon: categories.icon,
          categoryColor: categories.color,
          totalCents: sql`${agg.total}::bigint`.mapWith(Number),
          count: sql`${agg.n}`.mapWith(Number),
          percentage: sql`round(${agg.total} * 100.0 / sum(${agg.total}) over (), 1)`.mapWith(Number),
          grandTotalCents: sql`(sum(${agg.total}) over ())::bigint`.mapWith(Number),
        })
        .from(agg)
        .innerJoin(categories, and(eq(categories.id, agg.categoryId), eq(categories.userId, ph('tu'))))
        .orderBy(desc(agg.total), categories.name, categories.id)
        .$dynamic();
      return limit === undefined ? query : query.limit(ph('limit'));
    },
    values,
  );
}

export interface PeriodRow {
  key: string;
  incomeCents: number;
  expenseCents: number;
  balanceCents: number;
}

/** Income and expense per calendar month ('YYYY-MM') of the months touching the range; months without rows are absent. */
export function monthly(db: Db, userId: string, range: DateRange): Promise<PeriodRow[]> {
  const m = monthlyTotals;
  // Via timestamp (no time zone) so the session's TimeZone setting plays no part.
  const month = sql<string>`to_char(${m.month}::timestamp, 'YYYY-MM')`;
  const values: Record<string, string> = { u: userId };
  if (range.start) values.start = `${range.start.slice(0, 7)}-01`;
  if (range.end) values.end = range.end;
  return runPrepared(
    db,
    `analytics.monthly|${shapeOf(values)}`,
    () => {
      const where: SQL[] = [eq(m.userId, ph('u'))];
      if (values.start) where.push(gte(m.month, ph('start')));
      if (values.end) where.push(lte(m.month, ph('end')));
      return db
        .select({ key: month, ...periodSums(sql`${m.type}`, sql`${m.totalCents}`) })
        .from(m)
        .where(and(...where))
        .groupBy(m.month)
        .orderBy(m.month);
    },
    values,
  );
}

/** Income and expense per day ('YYYY-MM-DD') within the range; days without rows are absent. */
export function daily(db: Db, userId: string, range: DateRange): Promise<PeriodRow[]> {
  const d = dailyTotals;
  const values: Record<string, string> = { u: userId };
  if (range.start) values.start = range.start;
  if (range.end) values.end = range.end;
  return runPrepared(
    db,
    `analytics.daily|${shapeOf(values)}`,
    () => {
      const where: SQL[] = [eq(d.userId, ph('u'))];
      if (values.start) where.push(gte(d.day, ph('start')));
      if (values.end) where.push(lte(d.day, ph('end')));
      return db
        .select({ key: d.day, ...periodSums(sql`${d.type}`, sql`${d.totalCents}`) })
        .from(d)
        .where(and(...where))
        .groupBy(d.day)
        .orderBy(d.day);
    },
    values,
  );
}

export interface DashboardFigures {
  summary: SummaryRow;
  breakdown: BreakdownRow[];
  trend: PeriodRow[];
}

type Json = (string | number | null)[];

/**
 * The dashboard's summary, expense breakdown and trend (per day, or per month touching
 * `trendRange`) in one statement: one round trip instead of three. The same sums as summary(),
 * categoryBreakdown() and daily() / monthly(), each part read back as a JSON array of rows.
 */
export async function dashboardFigures(
  db: Db,
  userId: string,
  range: DateRange,
  trend: 'daily' | 'monthly',
  trendRange: DateRange,
): Promise<DashboardFigures> {
  const values: Record<string, string | boolean> = totalsValues(userId, range);
  if (trendRange.start) values.ps = trend === 'monthly' ? `${trendRange.start.slice(0, 7)}-01` : trendRange.start;
  if (trendRange.end) values.pe = trendRange.end;
  const [row] = await runPrepared(
    db,
    `analytics.dashboard|${trend}|${shapeOf(values)}`,
    () => {
      const t = sql`${totalsSql(values, ph)} as t`;
      const sums = (type: SQL, total: SQL, n: SQL) => {
        const s = ledgerSums(type, total);
        const c = ledgerCounts(type, n);
        return sql`${s.incomeCents}, ${s.expenseCents}, ${s.balanceCents}, ${c.incomeCount}, ${c.expenseCount}`;
      };
      const summaryPart = sql`(select json_build_array(${sums(sql`t.type`, sql`t.total_cents`, sql`t.tx_count`)},
        ${num(sql`sum(t.tx_count)`)},
        ${cents(sql`round(sum(t.total_cents) filter (where t.type = 'expense') / nullif(sum(t.tx_count) filter (where t.type = 'expense'), 0))`)})
        from ${t})`;
      const breakdownPart = sql`(select coalesce(json_agg(json_build_array(x.id, x.name, x.icon, x.color, x.total::bigint, x.n,
          round(x.total * 100.0 / x.grand, 1), x.grand::bigint) order by x.total desc, x.name, x.id), '[]'::json)
        from (
          select ${categories.id} as id, ${categories.name} as name, ${categories.icon} as icon, ${categories.color} as color,
                 a.total, a.n, sum(a.total) over () as grand
          from (select t.category_id, sum(t.total_cents) as total, sum(t.tx_count) as n from ${t}
                where t.type = 'expense' group by t.category_id having sum(t.tx_count) > 0) a
          join ${categories} on ${categories.id} = a.category_id and ${categories.userId} = ${ph('tu')}
        ) x)`;
      const table = trend === 'daily' ? dailyTotals : monthlyTotals;
      const key = trend === 'daily' ? sql`${dailyTotals.day}` : sql`${monthlyTotals.month}`;
      const label = trend === 'daily' ? key : sql`to_char(${key}::timestamp, 'YYYY-MM')`;
      const where: SQL[] = [sql`${table.userId} = ${ph('tu')}`];
      if (values.ps) where.push(sql`${key} >= ${ph('ps')}`);
      if (values.pe) where.push(sql`${key} <= ${ph('pe')}`);
      const s = ledgerSums(sql`${table.type}`, sql`${table.totalCents}`);
      const trendPart = sql`(select coalesce(json_agg(json_build_array(p.key, p.i, p.e, p.b) order by p.sort), '[]'::json)
        from (select ${label} as key, ${key} as sort, ${s.incomeCents} as i, ${s.expenseCents} as e, ${s.balanceCents} as b
              from ${table} where ${sql.join(where, sql` and `)} group by ${key}) p)`;
      return db
        .select({
          summary: sql<Json>`${summaryPart}`,
          breakdown: sql<Json[]>`${breakdownPart}`,
          trend: sql<Json[]>`${trendPart}`,
        })
        .from(sql`(select 1) as one`);
    },
    values,
  );
  const n = (v: string | number | null | undefined) => Number(v ?? 0);
  const s = row!.summary;
  return {
    summary: {
      incomeCents: n(s[0]),
      expenseCents: n(s[1]),
      balanceCents: n(s[2]),
      incomeCount: n(s[3]),
      expenseCount: n(s[4]),
      transactionCount: n(s[5]),
      avgExpenseCents: n(s[6]),
    },
    breakdown: row!.breakdown.map((b) => ({
      categoryId: String(b[0]),
      categoryName: String(b[1]),
      categoryIcon: String(b[2]),
      categoryColor: String(b[3]),
      totalCents: n(b[4]),
      count: n(b[5]),
      percentage: n(b[6]),
      grandTotalCents: n(b[7]),
    })),
    trend: row!.trend.map((p) => ({
      key: String(p[0]),
      incomeCents: n(p[1]),
      expenseCents: n(p[2]),
      balanceCents: n(p[3]),
    })),
  };
}

export interface WeekdayRow {
  weekday: number;
  totalCents: number;
  count: number;
  averageCents: number;
}

/** Totals per weekday (0 = Sunday) of one type, from the daily totals; weekdays without rows are absent. */
export function weekdays(db: Db, userId: string, range: DateRange, type: TransactionType): Promise<WeekdayRow[]> {
  const d = dailyTotals;
  const dow = sql`extract(dow from ${d.day})::int`;
  const where: SQL[] = [eq(d.userId, userId), eq(d.type, type)];
  if (range.start) where.push(gte(d.day, range.start));
  if (range.end) where.push(lte(d.day, range.end));
  return db
    .select({
      weekday: dow.mapWith(Number),
      totalCents: cents(sql`sum(${d.totalCents})`),
      count: num(sql`sum(${d.count})`),
      // Per transaction, rounded half away from zero to whole cents (numeric, no floats).
      averageCents: cents(sql`round(sum(${d.totalCents}) / nullif(sum(${d.count}), 0))`),
    })
    .from(d)
    .where(and(...where))
    .groupBy(dow)
    .having(sql`sum(${d.count}) > 0`)
    .orderBy(dow);
}

export interface RecentRow {
  tx: TransactionRow & { transferId: string | null; transferAccountId: string | null };
  category: CategoryRefRow | null;
}

/** The newest transactions (by date, then creation): the first page of the ledger's list. */
export async function recent(db: Db, userId: string, limit: number): Promise<RecentRow[]> {
  const rows = await listTransactions(db, userId, {}, { limit });
  return rows.map(({ category, cursor: _cursor, ...tx }) => ({ tx, category }));
}

/* ---------------------------------------------------------------- with a tag filter */

/** A tag filter of an analytics read (docs/tags.md); none: the rollups answer. */
export interface TagFilter {
  tagIds?: string[] | undefined;
  tagMode?: TagMode | undefined;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const hasTags = (tags?: TagFilter): tags is TagFilter & { tagIds: string[] } => !!tags?.tagIds?.length;

/**
 * The summary of the rows matching a range and a tag filter, summed from the rows and the lines
 * of split rows (countedAmountsSql): the same figures as summary(), which the rollups answer.
 */
async function summaryOfRows(db: Db, userId: string, range: DateRange, tags: TagFilter): Promise<SummaryRow> {
  const x = countedAmountsSql(userId, { startDate: range.start, endDate: range.end, ...tags });
  const [row] = await db
    .select({
      ...periodSums(sql`x.type`, sql`x.amount_cents`),
      ...ledgerCounts(sql`x.type`, sql`1`),
      transactionCount: num(sql`count(*)`),
      avgExpenseCents: cents(
        sql`round(sum(x.amount_cents) filter (where x.type = 'expense') / nullif(count(*) filter (where x.type = 'expense'), 0))`,
      ),
    })
    .from(sql`${x} as x`);
  return row!;
}

/** Totals per category of one type over the rows matching a range and a tag filter, as categoryBreakdown(). */
async function breakdownOfRows(
  db: Db,
  userId: string,
  range: DateRange,
  type: TransactionType,
  tags: TagFilter,
  limit?: number,
): Promise<BreakdownRow[]> {
  const x = countedAmountsSql(userId, { startDate: range.start, endDate: range.end, type, ...tags });
  const result = await db.execute(sql`
    select c.id as "categoryId", c.name as "categoryName", c.icon as "categoryIcon", c.color as "categoryColor",
           a.total::bigint as "totalCents", a.n::bigint as count,
           round(a.total * 100.0 / sum(a.total) over (), 1) as percentage,
           (sum(a.total) over ())::bigint as "grandTotalCents"
    from (select x.category_id, sum(x.amount_cents) as total, count(*) as n from ${x} as x group by x.category_id) a
    join ${categories} c on c.id = a.category_id and c.user_id = ${userId}
    order by a.total desc, c.name, c.id
    ${limit === undefined ? sql`` : sql`limit ${limit}`}`);
  type Raw = Record<keyof BreakdownRow, string | number>;
  return rowsOf<Raw>(result).map((r) => ({
    categoryId: String(r.categoryId),
    categoryName: String(r.categoryName),
    categoryIcon: String(r.categoryIcon),
    categoryColor: String(r.categoryColor),
    totalCents: Number(r.totalCents),
    count: Number(r.count),
    percentage: Number(r.percentage),
    grandTotalCents: Number(r.grandTotalCents),
  }));
}

/** Income and expense per day or per calendar month of the rows matching a range and a tag filter. */
async function trendOfRows(
  db: Db,
  userId: string,
  range: DateRange,
  trend: 'daily' | 'monthly',
  tags: TagFilter,
): Promise<PeriodRow[]> {
  const x = countedAmountsSql(userId, { startDate: range.start, endDate: range.end, ...tags });
  const key = trend === 'daily' ? sql`to_char(x.date, 'YYYY-MM-DD')` : sql`to_char(x.date, 'YYYY-MM')`;
  const s = periodSums(sql`x.type`, sql`x.amount_cents`);
  const result = await db.execute(sql`
    select ${key} as key, ${s.incomeCents} as "incomeCents", ${s.expenseCents} as "expenseCents", ${s.balanceCents} as "balanceCents"
    from ${x} as x group by 1 order by 1`);
  type Raw = Record<keyof PeriodRow, string | number>;
  return rowsOf<Raw>(result).map((r) => ({
    key: String(r.key),
    incomeCents: Number(r.incomeCents),
    expenseCents: Number(r.expenseCents),
    balanceCents: Number(r.balanceCents),
  }));
}

/** summary(), from the rows when a tag filter is set. */
export function filteredSummary(db: Db, userId: string, range: DateRange, tags?: TagFilter): Promise<SummaryRow> {
  return hasTags(tags) ? summaryOfRows(db, userId, range, tags) : summary(db, userId, range);
}

/** categoryBreakdown(), from the rows when a tag filter is set. */
export function filteredBreakdown(
  db: Db,
  userId: string,
  range: DateRange,
  type: TransactionType,
  tags?: TagFilter,
  limit?: number,
): Promise<BreakdownRow[]> {
  return hasTags(tags)
    ? breakdownOfRows(db, userId, range, type, tags, limit)
    : categoryBreakdown(db, userId, range, type, limit);
}

/** dashboardFigures(), from the rows (three statements) when a tag filter is set. */
export async function filteredDashboardFigures(
  db: Db,
  userId: string,
  range: DateRange,
  trend: 'daily' | 'monthly',
  trendRange: DateRange,
  tags?: TagFilter,
): Promise<DashboardFigures> {
  if (!hasTags(tags)) return dashboardFigures(db, userId, range, trend, trendRange);
  // Monthly trend points are whole months touching the range, as monthly() reads them.
  const months =
    trend === 'monthly' && trendRange.start
      ? { ...trendRange, start: `${trendRange.start.slice(0, 7)}-01` }
      : trendRange;
  const [s, b, t] = await Promise.all([
    summaryOfRows(db, userId, range, tags),
    breakdownOfRows(db, userId, range, 'expense', tags),
    trendOfRows(db, userId, months, trend, tags),
  ]);
  return { summary: s, breakdown: b, trend: t };
}

/** The newest transactions matching a tag filter (the first page of the list with that filter). */
export async function recentTagged(db: Db, userId: string, limit: number, tags?: TagFilter): Promise<RecentRow[]> {
  const rows = await listTransactions(db, userId, hasTags(tags) ? { ...tags } : {}, { limit });
  return rows.map(({ category, cursor: _cursor, ...tx }) => ({ tx, category }));
}
