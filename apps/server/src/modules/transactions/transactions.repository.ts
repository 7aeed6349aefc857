import { and, count, eq, getTableColumns, sql } from 'drizzle-orm';
import type { TransactionFilter } from '@ledgerly/shared';
import type { Db } from '../../db/client.js';
import { categories, transactions } from '../../db/schema.js';
import { totalsIn } from '../../db/totals.js';
import { filterWhere } from '../../db/transaction-filter.js';
import type { Cursor } from './transactions.cursor.js';

const amount = transactions.amountCents;

export type TransactionRow = typeof transactions.$inferSelect;
export type TransactionValues = Pick<
  TransactionRow,
  'categoryId' | 'type' | 'amountCents' | 'description' | 'date' | 'receiptKey' | 'receiptMime'
>;
export type CategoryRefRow = { id: string; name: string; color: string; icon: string };
export type TransactionWithCategory = TransactionRow & { category: CategoryRefRow };

const withCategory = {
  ...getTableColumns(transactions),
  category: { id: categories.id, name: categories.name, color: categories.color, icon: categories.icon },
};
const categoryJoin = and(eq(categories.id, transactions.categoryId), eq(categories.userId, transactions.userId));

export async function findTransaction(db: Db, userId: string, id: string): Promise<TransactionWithCategory | null> {
  const rows = await db
    .select(withCategory)
    .from(transactions)
    .innerJoin(categories, categoryJoin)
    .where(and(eq(transactions.userId, userId), eq(transactions.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertTransaction(db: Db, userId: string, values: TransactionValues): Promise<TransactionRow> {
  const rows = await db
    .insert(transactions)
    .values({ ...values, userId })
    .returning();
  return rows[0]!;
}

/**
 * Updates a transaction in one database transaction, locking the row to read the receipt key
 * it replaces. `receiptKey` undefined keeps the stored receipt. Null if the row is not the user's.
 */
export async function updateTransaction(
  db: Db,
  userId: string,
  id: string,
  values: Omit<TransactionValues, 'receiptKey' | 'receiptMime'> & {
    receipt?: { key: string | null; mime: string | null };
  },
): Promise<{ row: TransactionRow; previousReceiptKey: string | null } | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ receiptKey: transactions.receiptKey })
      .from(transactions)
      .where(and(eq(transactions.userId, userId), eq(transactions.id, id)))
      .for('update');
    if (!current) return null;
    const { receipt, ...rest } = values;
    const [row] = await tx
      .update(transactions)
      .set({
        ...rest,
        ...(receipt ? { receiptKey: receipt.key, receiptMime: receipt.mime } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(transactions.userId, userId), eq(transactions.id, id)))
      .returning();
    return row ? { row, previousReceiptKey: current.receiptKey } : null;
  });
}

/** Deletes and answers the receipt key it had, or null if the row is not the user's. */
export async function deleteTransaction(
  db: Db,
  userId: string,
  id: string,
): Promise<{ receiptKey: string | null } | null> {
  const rows = await db
    .delete(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.id, id)))
    .returning({ receiptKey: transactions.receiptKey });
  return rows[0] ?? null;
}

export type ListedRow = TransactionWithCategory & { cursorCreatedAt: string };

/**
 * One page, newest first (date, created_at, id descending), strictly after `after`.
 *
 * The page is chosen from `transactions` alone, then joined to its categories. Joined first, the
 * planner may start from the user's categories (it expects few rows) and gather every match
 * of each before sorting: a common search word ("coffee" in 100,000 of 1M rows) took a second.
 * Alone, it walks transactions_user_date_idx newest first and stops after `limit` matches, or,
 * for a rare word, takes the few trigram-index matches and sorts them.
 */
export function listTransactions(
  db: Db,
  userId: string,
  filter: TransactionFilter,
  limit: number,
  after?: Cursor,
): Promise<ListedRow[]> {
  const where = after
    ? and(
        filterWhere(userId, filter),
        sql`(${transactions.date}, ${transactions.createdAt}, ${transactions.id}) < (${after.date}::date, ${after.createdAt}::timestamptz, ${after.id}::uuid)`,
      )
    : filterWhere(userId, filter);
  // NULLS LAST matches transactions_user_date_idx exactly (plain DESC means NULLS FIRST), so the
  // planner walks the index instead of sorting all of the user's rows.
  const page = db
    .select({ id: transactions.id })
    .from(transactions)
    .where(where)
    .orderBy(
      sql`${transactions.date} desc nulls last`,
      sql`${transactions.createdAt} desc nulls last`,
      sql`${transactions.id} desc nulls last`,
    )
    .limit(limit)
    .as('page');
  return db
    .select({
      ...withCategory,
      cursorCreatedAt: sql<string>`to_char(${transactions.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(page)
    .innerJoin(transactions, eq(transactions.id, page.id))
    .innerJoin(categories, categoryJoin)
    .orderBy(
      sql`${transactions.date} desc nulls last`,
      sql`${transactions.createdAt} desc nulls last`,
      sql`${transactions.id} desc nulls last`,
    );
}

/** The filter as the per-day and per-month totals can answer it, or null when it searches text. */
function totalsFilter(f: TransactionFilter) {
  if (f.search) return null;
  return {
    range: { start: f.startDate, end: f.endDate },
    filter: { type: f.type, categoryId: f.categoryId },
  };
}

/**
 * How many transactions match. Without a search the totals answer it (their cost grows with
 * months × categories, not with rows). With one, counting stops past `searchBound` rows and the
 * answer says the total is at least that (`bounded`), so a common word never scans a whole history.
 */
export async function countTransactions(
  db: Db,
  userId: string,
  filter: TransactionFilter,
  searchBound?: number,
): Promise<{ total: number; bounded: boolean }> {
  const t = totalsFilter(filter);
  if (t) {
    const [row] = await db
      .select({ n: sql`coalesce(sum(t.tx_count), 0)::bigint`.mapWith(Number) })
      .from(sql`${totalsIn(userId, t.range, t.filter)} as t`);
    return { total: row?.n ?? 0, bounded: false };
  }
  if (searchBound === undefined) {
    const [row] = await db.select({ n: count() }).from(transactions).where(filterWhere(userId, filter));
    return { total: row?.n ?? 0, bounded: false };
  }
  const matches = db
    .select({ one: sql`1`.as('one') })
    .from(transactions)
    .where(filterWhere(userId, filter))
    .limit(searchBound + 1)
    .as('matches');
  const [row] = await db.select({ n: count() }).from(matches);
  const n = row?.n ?? 0;
  return n > searchBound ? { total: searchBound, bounded: true } : { total: n, bounded: false };
}

/** Totals in integer cents, summed by the database (from the totals unless it searches text). */
export async function sumTransactions(
  db: Db,
  userId: string,
  filter: TransactionFilter,
): Promise<{ incomeCents: number; expenseCents: number; balanceCents: number }> {
  const t = totalsFilter(filter);
  const [row] = t
    ? await db
        .select({
          incomeCents: sql<number>`coalesce(sum(t.total_cents) filter (where t.type = 'income'), 0)`,
          expenseCents: sql<number>`coalesce(sum(t.total_cents) filter (where t.type = 'expense'), 0)`,
          balanceCents: sql<number>`coalesce(sum(case when t.type = 'income' then t.total_cents else -t.total_cents end), 0)`,
        })
        .from(sql`${totalsIn(userId, t.range, t.filter)} as t`)
    : await db
        .select({
          incomeCents: sql<number>`coalesce(sum(${amount}) filter (where ${transactions.type} = 'income'), 0)`,
          expenseCents: sql<number>`coalesce(sum(${amount}) filter (where ${transactions.type} = 'expense'), 0)`,
          balanceCents: sql<number>`coalesce(sum(case when ${transactions.type} = 'income' then ${amount} else -${amount} end), 0)`,
        })
        .from(transactions)
        .where(filterWhere(userId, filter));
  return {
    incomeCents: row?.incomeCents ?? 0,
    expenseCents: row?.expenseCents ?? 0,
    balanceCents: row?.balanceCents ?? 0,
  };
}

/** What the receipt route needs, by transaction id alone (the signature proves the owner). */
export async function findReceipt(
  db: Db,
  id: string,
): Promise<{ userId: string; receiptKey: string | null; receiptMime: string | null } | null> {
  const rows = await db
    .select({ userId: transactions.userId, receiptKey: transactions.receiptKey, receiptMime: transactions.receiptMime })
    .from(transactions)
    .where(eq(transactions.id, id))
    .limit(1);
  return rows[0] ?? null;
}
