import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { TransactionFilter } from '@ledgerly/shared';
import type { Db } from '../../db/client.js';
import { categories, transactions as tx } from '../../db/schema.js';
import { filterWhere } from '../../db/transaction-filter.js';

// The very filters of the transactions list, so the report always shows what the list shows.
const matching = filterWhere;

export async function findCategoryName(db: Db, userId: string, id: string): Promise<string | null> {
  const rows = await db
    .select({ name: categories.name })
    .from(categories)
    .where(and(eq(categories.userId, userId), eq(categories.id, id)))
    .limit(1);
  return rows[0]?.name ?? null;
}

export interface ReportTotals {
  incomeCents: number;
  expenseCents: number;
  balanceCents: number;
  incomeCount: number;
  expenseCount: number;
}

export async function totals(db: Db, userId: string, f: TransactionFilter): Promise<ReportTotals> {
  const [row] = await db
    .select({
      incomeCents: sql`coalesce(sum(${tx.amountCents}) filter (where ${tx.type} = 'income'), 0)::bigint`.mapWith(
        Number,
      ),
      expenseCents: sql`coalesce(sum(${tx.amountCents}) filter (where ${tx.type} = 'expense'), 0)::bigint`.mapWith(
        Number,
      ),
      balanceCents:
        sql`coalesce(sum(case when ${tx.type} = 'income' then ${tx.amountCents} else -${tx.amountCents} end), 0)::bigint`.mapWith(
          Number,
        ),
      incomeCount: sql`count(*) filter (where ${tx.type} = 'income')`.mapWith(Number),
      expenseCount: sql`count(*) filter (where ${tx.type} = 'expense')`.mapWith(Number),
    })
    .from(tx)
    .where(matching(userId, f));
  return row ?? { incomeCents: 0, expenseCents: 0, balanceCents: 0, incomeCount: 0, expenseCount: 0 };
}

export interface CategoryTotalRow {
  name: string;
  type: 'expense' | 'income';
  count: number;
  totalCents: number;
  /** Share of its type's total in percent, one decimal. */
  share: number;
}

/** Totals per category of the matching rows: income first, then expenses, largest first. */
export function categoryTotals(db: Db, userId: string, f: TransactionFilter): Promise<CategoryTotalRow[]> {
  const agg = db
    .select({
      categoryId: tx.categoryId,
      type: tx.type,
      total: sql<number>`sum(${tx.amountCents})`.as('total'),
      n: sql<number>`count(*)`.as('n'),
    })
    .from(tx)
    .where(matching(userId, f))
    .groupBy(tx.categoryId, tx.type)
    .as('agg');
  return db
    .select({
      name: categories.name,
      type: categories.type,
      count: sql`${agg.n}`.mapWith(Number),
      totalCents: sql`${agg.total}::bigint`.mapWith(Number),
      share: sql`round(${agg.total} * 100.0 / sum(${agg.total}) over (partition by ${agg.type}), 1)`.mapWith(Number),
    })
    .from(agg)
    .innerJoin(categories, and(eq(categories.id, agg.categoryId), eq(categories.userId, userId)))
    .orderBy(desc(sql`${agg.type} = 'income'`), desc(agg.total), asc(categories.name));
}

export interface ReportRow {
  id: string;
  date: string;
  /** created_at as PostgreSQL text: microseconds kept, so the keyset cursor is exact. */
  createdAt: string;
  description: string | null;
  type: 'expense' | 'income';
  amountCents: number;
  categoryName: string;
}

export type ReportCursor = Pick<ReportRow, 'date' | 'createdAt' | 'id'>;

/**
 * One page of matching rows in date order (oldest first), after the cursor: a keyset page, so
 * any page costs the same. The order is the exact reverse of transactions_user_date_idx
 * (date, created_at, id DESC NULLS LAST), which PostgreSQL reads backwards.
 */
export function rowsAfter(
  db: Db,
  userId: string,
  f: TransactionFilter,
  cursor: ReportCursor | null,
  limit: number,
): Promise<ReportRow[]> {
  const after = cursor
    ? sql`(${tx.date}, ${tx.createdAt}, ${tx.id}) > (${cursor.date}::date, ${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
    : undefined;
  return db
    .select({
      id: tx.id,
      date: tx.date,
      createdAt: sql<string>`${tx.createdAt}::text`,
      description: tx.description,
      type: tx.type,
      amountCents: tx.amountCents,
      categoryName: categories.name,
    })
    .from(tx)
    .innerJoin(categories, eq(categories.id, tx.categoryId))
    .where(after ? and(matching(userId, f), after) : matching(userId, f))
    .orderBy(sql`${tx.date} asc nulls first`, sql`${tx.createdAt} asc nulls first`, sql`${tx.id} asc nulls first`)
    .limit(limit);
}
