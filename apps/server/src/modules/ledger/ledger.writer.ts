import { type SQL, and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { ACCOUNT_MSG, IMPORT_MSG } from '@ledgerly/shared';
import type { Db } from '../../db/client.js';
import { accounts, transactions, transfers } from '../../db/schema.js';
import { conflict } from '../../errors.js';
import { accountForWrite, defaultAccount } from './ledger.accounts.js';
import { containsText } from './ledger.filter.js';
import { type LineValues, moveCategoryLines, replaceLines } from './ledger.lines.js';
import type { TransactionRow } from './ledger.read-model.js';
import { setTransactionTags, tagWriteError } from './ledger.tags.js';

/*
 * The ledger's one writer (DESIGN §13): every insert, update and delete of `transactions` is a
 * function of this file — the form, recurring generation, import commit and revert, restore,
 * category moves, the bench seeders and the test factories. architecture.test.ts refuses a
 * write to the table anywhere else. The statement-level triggers of the table keep the per-day
 * and per-month rollups exact in the same database transaction as each of these writes.
 */

export type NewTransaction = typeof transactions.$inferInsert;
/** What a form writes on one row; without `accountId` it goes into the user's default account. */
export type TransactionValues = Pick<
  TransactionRow,
  'categoryId' | 'type' | 'amountCents' | 'description' | 'date' | 'receiptKey' | 'receiptMime'
> &
  Partial<Pick<TransactionRow, 'kind' | 'status' | 'accountId'>> & {
    /**
     * A split row's lines (DESIGN §11; its `categoryId` is then null). On an update, `[]` makes
     * the row unsplit (with the `categoryId` given) and undefined leaves its lines as they are.
     */
    lines?: LineValues[] | undefined;
  };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Takes the user's ledger lock (the advisory lock the rollup triggers take at the end of every
 * write that moves a balance, and that finishing or reopening a reconciliation takes first).
 * A writer that locks existing rows (SELECT … FOR UPDATE, UPDATE, DELETE) calls it before them,
 * inside its database transaction: then every writer of a user takes this lock before any row
 * lock, and none can hold a row a reconciliation's finish waits for while waiting for the lock
 * the finish holds (a deadlock, 40P01). Held until the transaction ends.
 */
export async function lockUserLedger(db: Db, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(727275, hashtext(${userId}::text))`);
}

/** 409 unless every named account of the user is open (a closed account takes no writes). */
async function requireOpen(db: Db, userId: string, accountIds: (string | null | undefined)[]): Promise<void> {
  const ids = [...new Set(accountIds.filter((id): id is string => !!id))];
  if (!ids.length) return;
  const closed = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), inArray(accounts.id, ids), sql`${accounts.closedAt} is not null`))
    .limit(1);
  if (closed.length) throw conflict(ACCOUNT_MSG.closed);
}

/** Inserts one row; with `tagIds` (the user's, checked by the caller) the row and its tags are written together. */
export async function insertTransaction(
  db: Db,
  userId: string,
  values: TransactionValues,
  tagIds?: readonly string[],
): Promise<TransactionRow> {
  const account = await accountForWrite(db, userId, values.accountId);
  const { lines, ...fields } = values;
  if (!lines?.length && !tagIds?.length) {
    const rows = await db
      .insert(transactions)
      .values({ ...fields, accountId: account.id, userId })
      .returning();
    return rows[0]!;
  }
  // A split row, its lines and its tags in one database transaction: the lines' check runs at its commit.
  const insert = async (tx: Db) => {
    const [row] = await tx
      .insert(transactions)
      .values({ ...fields, ...(lines?.length ? { categoryId: null } : {}), accountId: account.id, userId })
      .returning();
    if (lines?.length) await replaceLines(tx, row!, lines);
    if (tagIds?.length) await setTransactionTags(tx, userId, row!.id, tagIds);
    return row!;
  };
  try {
    return await db.transaction(insert);
  } catch (error) {
    throw tagWriteError(error);
  }
}

/** The fields a reconciliation locks (DESIGN §10): a reconciled row keeps them until it is reopened. */
const LOCKED = ['amountCents', 'date', 'accountId', 'type'] as const;

/** 409 when a reconciled row would change a locked field; `next` holds only the fields being written. */
export function assertNotLocked(
  current: Pick<TransactionRow, 'status' | (typeof LOCKED)[number]>,
  next: Partial<Pick<TransactionRow, (typeof LOCKED)[number]>>,
): void {
  if (current.status !== 'reconciled') return;
  for (const key of LOCKED) {
    if (next[key] !== undefined && next[key] !== current[key]) throw conflict(ACCOUNT_MSG.reconciledLocked);
  }
}

/** Why a regular row's edit cannot be applied to a row of another kind. */
const NOT_REGULAR = {
  transfer: ACCOUNT_MSG.linkedMeanwhile,
  opening: ACCOUNT_MSG.editOpening,
  adjustment: ACCOUNT_MSG.editAdjustment,
} as const;

/**
 * Updates a regular transaction (409 for another kind) in one database transaction, locking the row to read the receipt key
 * it replaces. `receipt` undefined keeps the stored receipt. Null if the row is not the user's.
 */
export async function updateTransaction(
  db: Db,
  userId: string,
  id: string,
  values: Partial<Omit<TransactionValues, 'receiptKey' | 'receiptMime'>> & {
    receipt?: { key: string | null; mime: string | null } | undefined;
  },
  tagIds?: readonly string[],
): Promise<{ row: TransactionRow; previousReceiptKey: string | null } | null> {
  return db.transaction(async (tx) => {
    await lockUserLedger(tx, userId);
    const [current] = await tx
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, userId), eq(transactions.id, id)))
      .for('update');
    if (!current) return null;
    // The caller chose this path from an unlocked read: the row may have been linked since.
    if (current.kind !== 'regular') throw conflict(NOT_REGULAR[current.kind]);
    assertNotLocked(current, values);
    await requireOpen(tx, userId, [current.accountId, values.accountId]);
    const { receipt, lines, ...rest } = values;
    const [row] = await tx
      .update(transactions)
      .set({
        ...rest,
        // Split: the lines carry the categories; unsplit: the row's category is given with `[]`.
        ...(lines?.length ? { categoryId: null } : {}),
        ...(receipt ? { receiptKey: receipt.key, receiptMime: receipt.mime } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(transactions.userId, userId), eq(transactions.id, id)))
      .returning();
    if (row && lines) await replaceLines(tx, row, lines);
    // Undefined keeps the row's tags; a list replaces them.
    if (row && tagIds) {
      try {
        await setTransactionTags(tx, userId, id, tagIds);
      } catch (error) {
        throw tagWriteError(error);
      }
    }
    return row ? { row, previousReceiptKey: current.receiptKey } : null;
  });
}

/**
 * Deletes a row and answers the receipt keys it (and, for a transfer, its other leg) had, or null
 * if the row is not the user's. A transfer goes as a whole: both legs. A reconciled row or a row
 * of a closed account is a 409.
 */
export async function deleteTransaction(
  db: Db,
  userId: string,
  id: string,
): Promise<{ receiptKey: string | null; receiptKeys: string[] } | null> {
  return db.transaction(async (tx) => {
    await lockUserLedger(tx, userId);
    const [current] = await tx
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, userId), eq(transactions.id, id)))
      .for('update');
    if (!current) return null;
    const ids = [id];
    if (current.kind === 'transfer') {
      const [link] = await tx
        .select()
        .from(transfers)
        .where(or(eq(transfers.outTransactionId, id), eq(transfers.inTransactionId, id)));
      if (link) ids.push(link.outTransactionId === id ? link.inTransactionId : link.outTransactionId);
    }
    const rows = await tx
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, userId), inArray(transactions.id, ids)))
      .for('update');
    for (const row of rows) if (row.status === 'reconciled') throw conflict(ACCOUNT_MSG.reconciledLocked);
    await requireOpen(
      tx,
      userId,
      rows.map((r) => r.accountId),
    );
    const gone = await tx
      .delete(transactions)
      .where(and(eq(transactions.userId, userId), inArray(transactions.id, ids)))
      .returning({ receiptKey: transactions.receiptKey });
    return {
      receiptKey: current.receiptKey,
      receiptKeys: gone.map((g) => g.receiptKey).filter((k): k is string => !!k),
    };
  });
}

/** Rows per INSERT of `insertRows`: well under PostgreSQL's 65,535 parameters at 14 columns. */
const INSERT_CHUNK = 1000;

/**
 * Bulk insert of rows built in Node (restore, benches, test data), 1,000 per statement.
 * The caller wraps it in a database transaction when all-or-nothing matters.
 */
export async function insertRows(
  db: Db,
  rows: (Omit<NewTransaction, 'accountId'> & { accountId?: string | undefined })[],
): Promise<void> {
  // Rows without an account go into their user's default account.
  const defaults = new Map<string, string>();
  for (const userId of new Set(rows.filter((r) => !r.accountId).map((r) => r.userId))) {
    defaults.set(userId, (await defaultAccount(db, userId)).id);
  }
  const complete = rows.map((r) => ({ ...r, accountId: r.accountId ?? defaults.get(r.userId)! }));
  for (let i = 0; i < complete.length; i += INSERT_CHUNK) {
    await db.insert(transactions).values(complete.slice(i, i + INSERT_CHUNK));
  }
}

/** Columns a set-based insert may fill (ids, timestamps of update and the search index are the table's own). */
export type InsertableColumn =
  | 'id'
  | 'user_id'
  | 'account_id'
  | 'kind'
  | 'status'
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

/**
 * Set-based insert of lines for rows just written in the same database transaction (an import's
 * split rows, generated occurrences of a split recurring item): `source` is a SELECT of
 * (user_id, transaction_id, account_id, date, position, category_id, type, amount_cents, note).
 * The deferred check of migration 0027 holds at commit that each split row's lines add up to it.
 */
export async function insertLinesSelected(db: Db, source: SQL): Promise<void> {
  await db.execute(sql`
    insert into transaction_lines (user_id, transaction_id, account_id, date, position, category_id, type, amount_cents, note)
    ${source}`);
}

/**
 * Set-based split of existing rows (a benchmark's seeding): `source` a SELECT of the ids of
 * regular rows whose lines `insertLinesSelected` wrote in the same database transaction; their
 * category is cleared, as a split row has none. Answers how many rows were split.
 */
export async function markSplitSelected(db: Db, source: SQL): Promise<number> {
  const result = await db.execute(sql`
    with done as (
      update transactions t set category_id = null, updated_at = now()
      from (${source}) p(id) where t.id = p.id and t.kind = 'regular'
      returning 1
    )
    select count(*)::int as n from done`);
  return Number((result as { rows: { n: number | string }[] }).rows[0]?.n ?? 0);
}

/**
 * Set-based insert of tag links, `source` a SELECT of (transaction_id, tag_id, user_id); links
 * there already are skipped. The tables' keys hold ownership; the per-row cap of 10 is the
 * caller's to respect (a rule or an item carries at most 10).
 */
export async function insertTagsSelected(db: Db, source: SQL): Promise<void> {
  try {
    await db.execute(sql`
      insert into transaction_tags (transaction_id, tag_id, user_id)
      ${source}
      on conflict do nothing`);
  } catch (error) {
    throw tagWriteError(error);
  }
}

/**
 * Removes the transactions an import batch created (its revert); answers how many went. A
 * transfer one of whose legs goes is unlinked first: its other leg becomes an ordinary row again,
 * with the category it had before it was linked (or the first category of its type when it had
 * none), so reverting an import gives back what was there before it.
 */
export async function deleteImportBatch(db: Db, userId: string, batchId: string): Promise<number> {
  await lockUserLedger(db, userId);
  // A reconciled row is locked, and a closed account's rows do not change (nor do those of the
  // transfer partners the undo would turn back into ordinary rows): 409, nothing written.
  const locks = await db.execute(sql`
    select coalesce(bool_or(t.status = 'reconciled'), false) as reconciled,
           coalesce(bool_or(a.closed_at is not null), false) or exists (
             select 1 from ${transfers} tr
               join ${transactions} l on l.id in (tr.out_transaction_id, tr.in_transaction_id)
               join ${transactions} p on p.id in (tr.out_transaction_id, tr.in_transaction_id) and p.id <> l.id
               join ${accounts} pa on pa.id = p.account_id
             where tr.user_id = ${userId} and l.user_id = ${userId} and l.import_batch_id = ${batchId}
               and pa.closed_at is not null) as closed
    from ${transactions} t join ${accounts} a on a.id = t.account_id
    where t.user_id = ${userId} and t.import_batch_id = ${batchId}`);
  const found = rowsOf<{ reconciled: boolean; closed: boolean }>(locks)[0];
  if (found?.reconciled) throw conflict(IMPORT_MSG.revertReconciled);
  if (found?.closed) throw conflict(IMPORT_MSG.revertClosed);
  await unlinkLegsWhere(db, userId, sql`t.import_batch_id = ${batchId}`);
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
  const rows = await db.transaction(async (tx) => {
    await lockUserLedger(tx, userId);
    return tx
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
  });
  return rows.length;
}

/** Moves every transaction of category `from` to `to` (a category delete with a target); answers how many. */
export async function moveCategory(db: Db, userId: string, from: string, to: string): Promise<number> {
  await lockUserLedger(db, userId);
  // A linked leg's category before the link moves too: unlinking gives back the category it is now.
  await db.execute(sql`
    update ${transfers} set
      out_previous_category_id = case when out_previous_category_id = ${from} then ${to}::uuid else out_previous_category_id end,
      in_previous_category_id = case when in_previous_category_id = ${from} then ${to}::uuid else in_previous_category_id end
    where user_id = ${userId} and (out_previous_category_id = ${from} or in_previous_category_id = ${from})`);
  const rows = await db
    .update(transactions)
    .set({ categoryId: to, updatedAt: new Date() })
    .where(and(eq(transactions.userId, userId), eq(transactions.categoryId, from)))
    .returning({ id: transactions.id });
  // Split rows' lines of the category move too (counted as rows moved).
  return rows.length + (await moveCategoryLines(db, userId, from, to));
}

/**
 * A category deleted without a target (so no row uses it) is forgotten as a linked leg's category
 * before the link: unlinking then gives the leg the first category of its type instead.
 */
export async function forgetPreviousCategory(db: Db, userId: string, categoryId: string): Promise<void> {
  await db.execute(sql`
    update ${transfers} set
      out_previous_category_id = nullif(out_previous_category_id, ${categoryId}::uuid),
      in_previous_category_id = nullif(in_previous_category_id, ${categoryId}::uuid)
    where user_id = ${userId} and (out_previous_category_id = ${categoryId} or in_previous_category_id = ${categoryId})`);
}

/**
 * Inserts generated recurring occurrences; an occurrence that already has one is skipped by the
 * unique (recurring_id, occurrence_date) index. Returns the rows actually inserted.
 */
export function insertOccurrences(db: Db, values: NewTransaction[]): Promise<TransactionRow[]> {
  // Occurrences carry their item's account.
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
  categoryId: string | null;
  accountId: string;
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
    [
      'user_id',
      'account_id',
      'category_id',
      'type',
      'amount_cents',
      'description',
      'date',
      'recurring_id',
      'occurrence_date',
    ],
    sql`select ${item.userId}::uuid, ${item.accountId}::uuid, ${item.categoryId}::uuid, ${item.type}::text, ${item.amountCents}::bigint,
               ${item.description}::varchar, o.d, ${item.id}::uuid, o.d
        from unnest(${list}::date[]) as o(d)`,
    'occurrence',
  );
}

/**
 * Unlinks every transfer one of whose legs matches `legWhere` (a condition on `t`, the leg that
 * goes): the other leg becomes a regular row again with the category it had before it was linked,
 * or the user's first category of its type (by name) when it had none. The caller deletes the
 * matching legs next, in the same database transaction when it matters.
 */
export async function unlinkLegsWhere(db: Db, userId: string, legWhere: SQL): Promise<number> {
  // The legs first, then their links by the legs' keys (two hashed sets): a join of transfers
  // with transactions on "out or in" can only be a nested loop, planned for a new user's batch
  // as a comparison of every link with every leg (over a minute for an import's 5,000 transfers).
  const result = await db.execute(sql`
    with legs as materialized (
      select t.id from ${transactions} as t where t.user_id = ${userId} and ${legWhere}
    ),
    links as (
      delete from ${transfers} as tr
      where tr.user_id = ${userId}
        and (tr.out_transaction_id in (select id from legs) or tr.in_transaction_id in (select id from legs))
      returning tr.out_transaction_id, tr.in_transaction_id, tr.out_previous_category_id, tr.in_previous_category_id
    ),
    -- Both legs of a link may go: then neither is given back.
    partners as (
      select out_transaction_id as id, out_previous_category_id as previous from links
      where out_transaction_id not in (select id from legs)
      union all
      select in_transaction_id, in_previous_category_id from links
      where in_transaction_id not in (select id from legs)
    ),
    restored as (
      update ${transactions} as o
      set kind = 'regular', updated_at = now(),
          category_id = coalesce(o.category_id, (
            -- The previous category only while it still exists with the row's type (it may have
            -- been deleted or changed type since the link: nothing references it).
            select c.id from categories c where c.id = p.previous and c.user_id = o.user_id and c.type = o.type), (
            select c.id from categories c where c.user_id = o.user_id and c.type = o.type order by c.is_default desc, lower(c.name) limit 1))
      from partners p
      where o.id = p.id and o.user_id = ${userId}
      returning 1
    )
    select count(*)::int as n from restored`);
  return Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0);
}
