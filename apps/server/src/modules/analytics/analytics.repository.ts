import { type SQL, and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { TransactionType } from '@ledgerly/shared';
import type { Db } from '../../db/client.js';
import { categories, transactions as tx } from '../../db/schema.js';

/** An inclusive date range; a missing bound is open. */
export interface DateRange {
  start?: string | undefined;
  end?: string | undefined;
}

// Every figure is summed on integer cents in SQL; bigint sums come back as numbers (see db/client.ts).
const cents = (expr: SQL) => sql`coalesce(${expr}, 0)::bigint`.mapWith(Number);
const incomeCents = cents(sql`sum(${tx.amountCents}) filter (where ${tx.type} = 'income')`);
const expenseCents = cents(sql`sum(${tx.amountCents}) filter (where ${tx.type} = 'expense')`);
const balanceCents = cents(
  sql`sum(case when ${tx.type} = 'income' then ${tx.amountCents} else -${tx.amountCents} end)`,
);

function userRange(userId: string, range: DateRange, type?: TransactionType): SQL {
  const conditions = [eq(tx.userId, userId)];
  if (type) conditions.push(eq(tx.type, type));
  if (range.start) conditions.push(gte(tx.date, range.start));
  if (range.end) conditions.push(lte(tx.date, range.end));
  return and(...conditions)!;
}

export interface SummaryRow {
  incomeCents: number;
  expenseCents: number;
  balanceCents: number;
  incomeCount: number;
  expenseCount: number;
  transactionCount: number;
  avgExpenseCents: number;
}

export async function summary(db: Db, userId: string, range: DateRange): Promise<SummaryRow> {
  const [row] = await db
    .select({
      incomeCents,
      expenseCents,
      balanceCents,
      incomeCount: sql`count(*) filter (where ${tx.type} = 'income')`.mapWith(Number),
      expenseCount: sql`count(*) filter (where ${tx.type} = 'expense')`.mapWith(Number),
      transactionCount: sql`count(*)`.mapWith(Number),
      // Rounded half away from zero to whole cents, in SQL (numeric, no floats).
      avgExpenseCents: cents(sql`round(avg(${tx.amountCents}) filter (where ${tx.type} = 'expense'))`),
    })
    .from(tx)
    .where(userRange(userId, range));
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

/** Totals per category of one type, largest first; percentages of the grand total, 2 decimals. */
export async function categoryBreakdown(
  db: Db,
  userId: string,
  range: DateRange,
  type: TransactionType,
  limit?: number,
): Promise<BreakdownRow[]> {
  // Aggregate the transactions first (one index range scan), then join the few categories.
  const agg = db
    .select({
      categoryId: tx.categoryId,
      total: sql<number>`sum(${tx.amountCents})`.as('total'),
      n: sql<number>`count(*)`.as('n'),
    })
    .from(tx)
    .where(userRange(userId, range, type))
    .groupBy(tx.categoryId)
    .as('agg');
  const query = db
    .select({
      categoryId: categories.id,
      categoryName: categories.name,
      categoryIcon: categories.icon,
      categoryColor: categories.color,
      totalCents: sql`${agg.total}::bigint`.mapWith(Number),
      count: sql`${agg.n}`.mapWith(Number),
      percentage: sql`round(${agg.total} * 100.0 / sum(${agg.total}) over (), 2)`.mapWith(Number),
      grandTotalCents: sql`(sum(${agg.total}) over ())::bigint`.mapWith(Number),
    })
    .from(agg)
    .innerJoin(categories, and(eq(categories.id, agg.categoryId), eq(categories.userId, userId)))
    .orderBy(desc(agg.total), categories.name, categories.id);
  return limit === undefined ? query : query.limit(limit);
}

export interface PeriodRow {
  key: string;
  incomeCents: number;
  expenseCents: number;
  balanceCents: number;
}

/** Income and expense per calendar month ('YYYY-MM') within the range; months without rows are absent. */
export function monthly(db: Db, userId: string, range: DateRange): Promise<PeriodRow[]> {
  // Via timestamp (no time zone) so the session's TimeZone setting plays no part.
  const month = sql<string>`to_char(${tx.date}::timestamp, 'YYYY-MM')`;
  return db
    .select({ key: month, incomeCents, expenseCents, balanceCents })
    .from(tx)
    .where(userRange(userId, range))
    .groupBy(month)
    .orderBy(month);
}

/** Income and expense per day ('YYYY-MM-DD') within the range; days without rows are absent. */
export function daily(db: Db, userId: string, range: DateRange): Promise<PeriodRow[]> {
  return db
    .select({ key: tx.date, incomeCents, expenseCents, balanceCents })
    .from(tx)
    .where(userRange(userId, range))
    .groupBy(tx.date)
    .orderBy(tx.date);
}

export interface WeekdayRow {
  weekday: number;
  totalCents: number;
  count: number;
  averageCents: number;
}

/** Totals per weekday (0 = Sunday) of one type; weekdays without rows are absent. */
export function weekdays(db: Db, userId: string, range: DateRange, type: TransactionType): Promise<WeekdayRow[]> {
  const dow = sql`extract(dow from ${tx.date})::int`;
  return db
    .select({
      weekday: dow.mapWith(Number),
      totalCents: cents(sql`sum(${tx.amountCents})`),
      count: sql`count(*)`.mapWith(Number),
      averageCents: cents(sql`round(avg(${tx.amountCents}))`),
    })
    .from(tx)
    .where(userRange(userId, range, type))
    .groupBy(dow)
    .orderBy(dow);
}

export interface RecentRow {
  tx: typeof tx.$inferSelect;
  category: { id: string; name: string; color: string; icon: string };
}

/** The newest transactions (by date, then creation): the first rows of transactions_user_date_idx. */
export function recent(db: Db, userId: string, limit: number): Promise<RecentRow[]> {
  return (
    db
      .select({
        tx,
        category: { id: categories.id, name: categories.name, color: categories.color, icon: categories.icon },
      })
      .from(tx)
      .innerJoin(categories, eq(categories.id, tx.categoryId))
      .where(eq(tx.userId, userId))
      // 'desc nulls last' exactly as the index is declared: plain 'desc' (nulls first) would not use it
      // and would sort every row of the user.
      .orderBy(sql`${tx.date} desc nulls last`, sql`${tx.createdAt} desc nulls last`, sql`${tx.id} desc nulls last`)
      .limit(limit)
  );
}
