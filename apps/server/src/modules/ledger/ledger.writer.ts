import { type SQL, and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { transactions } from '../../db/schema.js';
import { containsText } from './ledger.filter.js';
import type { TransactionRow } from './ledger.read-model.js';

/*
 * The ledger's one writer (DESIGN §13): every insert, update and delete of `transactions` is a
 * function of this file — the form, recurring generation, import commit and revert, restore,
 * category moves, the bench seeders and the test factories. architecture.test.ts refuses a
 * write to the table anywhere else. The statement-level triggers of the table keep the per-day
 * and per-month rollups exact in the same database transaction as each of these writes.
 */

export type NewTransaction = typeof transactions.$inferInsert;
/** What a form writes on one row. */
export type TransactionValues = Pick<
  TransactionRow,
  'categoryId' | 'type' | 'amountCents' | 'description' | 'date' | 'receiptKey' | 'receiptMime'
>;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function insertTransaction(db: Db, userId: string, values: TransactionValues): Promise<TransactionRow> {
  const rows = await db
    .insert(transactions)
    .values({ ...values, userId })
    .returning();
  return rows[0]!;
}

/**
 * Updates a transaction in one database transaction, locking the row to read the receipt key
 * it replaces. `receipt` undefined keeps the stored receipt. Null if the row is not the user's.
 */
export async function updateTransaction(
  db: Db,
  userId: string,
  id: string,
  values: Omit<TransactionValues, 'receiptKey' | 'receiptMime'> & {
    receipt?: { key: string | null; mime: string | null } | undefined;
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

/** Rows per INSERT of `insertRows`: well under PostgreSQL's 65,535 parameters at 14 columns. */
const INSERT_CHUNK = 1000;

/**
 * Bulk insert of rows built in Node (restore, benches, test data), 1,000 per statement.
 * The caller wraps it in a database transaction when all-or-nothing matters.
 */
export async function insertRows(db: Db, rows: NewTransaction[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await db.insert(transactions).values(rows.slice(i, i + INSERT_CHUNK));
  }
}

/** Columns a set-based insert may fill (ids, timestamps of update and the search index are the table's own). */
export type InsertableColumn =
  | 'user_id'
  | 'category_id'
  | 'type'
  | 'amount_cents'
  | 'description'
  | 'date'
  | 'created_at'
  | 'import_batch_id'
  | 'recurring_id'
  | 'occurrence_date';

/**
 * Set-based bulk insert: one row per row of `source`, a SELECT (it may start with WITH) whose
 * columns are `columns` in that order. Rows are made in the database, so an import commit of
 * 100,000 rows or a 1M-row bench seed moves no data through Node. `onConflict` names the unique
 * key whose duplicates are skipped. Answers how many rows were inserted.
 */
export async function insertSelected(
  db: Db,
  columns: readonly InsertableColumn[],
  source: SQL,
  onConflict?: 'occurrence',
): Promise<number> {
  const cols = sql.raw(columns.join(', '));
  const conflict = onConflict === 'occurrence' ? sql`on conflict (recurring_id, occurrence_date) do nothing` : sql``;
  const result = await db.execute(sql`
    with inserted as (
      insert into ${transactions} (${cols})
      ${source}
      ${conflict}
      returning 1
    )
    select count(*)::int as n from inserted`);
  return Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0);
}

/** Removes the transactions an import batch created (its revert); answers how many went. */
export async function deleteImportBatch(db: Db, userId: string, batchId: string): Promise<number> {
  // Counted in the database: a 100,000-row batch sends no ids back.
  const result = await db.execute(sql`
    with gone as (
      delete from ${transactions} where user_id = ${userId} and import_batch_id = ${batchId} returning 1
    )
    select count(*)::int as n from gone`);
  return Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0);
}

/**
 * A categorisation rule applied to past rows: every transaction of `type` whose description
 * contains `text` (case-insensitively, taken literally) and that has another category gets
 * `categoryId`; answers how many changed.
 */
export async function recategorizeByDescription(
  db: Db,
  userId: string,
  rule: { text: string; type: 'expense' | 'income'; categoryId: string },
): Promise<number> {
  const rows = await db
    .update(transactions)
    .set({ categoryId: rule.categoryId, updatedAt: new Date() })
    .where(
      and(
        eq(transactions.userId, userId),
        eq(transactions.type, rule.type),
        ne(transactions.categoryId, rule.categoryId),
        containsText(transactions.description, rule.text),
      ),
    )
    .returning({ id: transactions.id });
  return rows.length;
}

/** Moves every transaction of category `from` to `to` (a category delete with a target); answers how many. */
export async function moveCategory(db: Db, userId: string, from: string, to: string): Promise<number> {
  const rows = await db
    .update(transactions)
    .set({ categoryId: to, updatedAt: new Date() })
    .where(and(eq(transactions.userId, userId), eq(transactions.categoryId, from)))
    .returning({ id: transactions.id });
  return rows.length;
}

/**
 * Inserts generated recurring occurrences; an occurrence that already has one is skipped by the
 * unique (recurring_id, occurrence_date) index. Returns the rows actually inserted.
 */
export function insertOccurrences(db: Db, values: NewTransaction[]): Promise<TransactionRow[]> {
  if (!values.length) return Promise.resolve([]);
  return db
    .insert(transactions)
    .values(values)
    .onConflictDoNothing({ target: [transactions.recurringId, transactions.occurrenceDate] })
    .returning();
}

/** What an occurrence copies from its recurring item. */
export interface OccurrenceSource {
  id: string;
  userId: string;
  categoryId: string;
  type: 'expense' | 'income';
  amountCents: number;
  description: string | null;
}

/**
 * Inserts one transaction per occurrence date, dated on the occurrence, copying the item's
 * category, type, amount and description; occurrences that already have one are skipped by the
 * unique (recurring_id, occurrence_date) index. One array parameter instead of eight per row
 * keeps a 1,000-row batch a single small statement (several times faster than a VALUES list).
 * Returns how many rows were inserted.
 */
export function insertOccurrenceBatch(db: Db, item: OccurrenceSource, dates: string[]): Promise<number> {
  if (!dates.length) return Promise.resolve(0);
  // YYYY-MM-DD dates need no quoting inside an array literal.
  const list = `{${dates.join(',')}}`;
  return insertSelected(
    db,
    ['user_id', 'category_id', 'type', 'amount_cents', 'description', 'date', 'recurring_id', 'occurrence_date'],
    sql`select ${item.userId}::uuid, ${item.categoryId}::uuid, ${item.type}::text, ${item.amountCents}::bigint,
               ${item.description}::varchar, o.d, ${item.id}::uuid, o.d
        from unnest(${list}::date[]) as o(d)`,
    'occurrence',
  );
}
