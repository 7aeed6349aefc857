import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { TransactionFilter } from '@ledgerly/shared';
import { shownCategory } from '@ledgerly/shared';
import type { Db } from '../../db/client.js';
import { accounts, categories, transactions as tx } from '../../db/schema.js';
import { countedAmountsSql, filterWhere, listTransactions, sumTransactions } from '../ledger/index.js';

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

/**
 * Totals per category of the matching rows: income first, then expenses, largest first. A split
 * row counts by its lines (DESIGN §11), as the rollups and the summary count it.
 */
export function categoryTotals(db: Db, userId: string, f: TransactionFilter): Promise<CategoryTotalRow[]> {
  const agg = db
    .select({
      categoryId: sql<string>`x.category_id`.as('agg_category_id'),
      type: sql<string>`x.type`.as('agg_type'),
      total: sql<number>`sum(x.amount_cents)`.as('agg_total'),
      n: sql<number>`count(*)`.as('agg_n'),
    })
    .from(sql`${countedAmountsSql(userId, f)} as x`)
    .groupBy(sql`x.category_id`, sql`x.type`)
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
  accountId: string;
  kind: 'regular' | 'transfer' | 'opening' | 'adjustment';
  transferAccountId: string | null;
}

export type ReportCursor = Pick<ReportRow, 'date' | 'createdAt' | 'id'>;

/** One page of matching rows in date order (oldest first), after the cursor: the ledger's keyset page. */
export async function rowsAfter(
  db: Db,
  userId: string,
  f: TransactionFilter,
  cursor: ReportCursor | null,
  limit: number,
  which: 'income-expense' | 'other' = 'income-expense',
): Promise<ReportRow[]> {
  const rows = await listTransactions(db, userId, f, {
    limit,
    after: cursor ?? undefined,
    order: 'oldest',
    rows: which,
  });
  return rows.map((r) => ({
    id: r.id,
    date: r.date,
    createdAt: r.cursor.createdAt,
    description: r.description,
    type: r.type,
    amountCents: r.amountCents,
    categoryName: shownCategory(r).name,
    accountId: r.accountId,
    kind: r.kind,
    transferAccountId: r.transferAccountId,
  }));
}

/**
 * How many matching rows are neither income nor expense (transfer legs, opening and adjustment
 * rows): the report's "Transfers" section. None when the filter names a type or a category.
 */
export async function otherCount(db: Db, userId: string, f: TransactionFilter): Promise<number> {
  if (f.type || f.categoryId) return 0;
  const [row] = await db
    .select({ n: sql`count(*)`.mapWith(Number) })
    .from(tx)
    .where(and(matching(userId, f), isNull(tx.categoryId)));
  return row?.n ?? 0;
}

/** The user's accounts by id, with their names (the report names them when there are several). */
export async function accountNames(db: Db, userId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: accounts.id, name: accounts.name })
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .orderBy(asc(accounts.sortOrder), asc(accounts.name));
  return new Map(rows.map((r) => [r.id, r.name]));
}
