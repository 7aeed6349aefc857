import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { TransactionFilter } from '@ledgerly/shared';
import { KIND_LABELS } from '@ledgerly/shared';
import type { Db } from '../../db/client.js';
import { categories, transactions as tx } from '../../db/schema.js';
import { filterWhere, listTransactions, sumTransactions } from '../ledger/index.js';

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

/** The report's totals: the ledger's sums of the matching rows (from the rollups when the filter allows). */
export function totals(db: Db, userId: string, f: TransactionFilter): Promise<ReportTotals> {
  return sumTransactions(db, userId, f);
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
  /** created_at in the ledger cursor's text (UTC, microseconds kept), so the keyset is exact. */
  createdAt: string;
  description: string | null;
  type: 'expense' | 'income';
  amountCents: number;
  categoryName: string;
}

export type ReportCursor = Pick<ReportRow, 'date' | 'createdAt' | 'id'>;

/** One page of matching rows in date order (oldest first), after the cursor: the ledger's keyset page. */
export async function rowsAfter(
  db: Db,
  userId: string,
  f: TransactionFilter,
  cursor: ReportCursor | null,
  limit: number,
): Promise<ReportRow[]> {
  const rows = await listTransactions(db, userId, f, { limit, after: cursor ?? undefined, order: 'oldest' });
  return rows.map((r) => ({
    id: r.id,
    date: r.date,
    createdAt: r.cursor.createdAt,
    description: r.description,
    type: r.type,
    amountCents: r.amountCents,
    categoryName: r.category?.name ?? KIND_LABELS[r.kind],
  }));
}
