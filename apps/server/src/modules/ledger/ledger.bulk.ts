import { isNotNull, type SQL, and, eq, inArray, sql } from 'drizzle-orm';
import type { BulkAction } from '@ledgerly/shared';
import type { Db } from '../../db/client.js';
import { accounts, transactions, transfers } from '../../db/schema.js';
import { type LedgerFilter, filterWhere } from './ledger.filter.js';
import { addTagToRows, removeTagFromRows } from './ledger.tags.js';
import { lockUserLedger } from './ledger.writer.js';

/*
 * Bulk edit of the list (issue 25 item 4): one action on many rows, each a single set-based
 * statement, so "select all 20,000 matching" sends no ids through Node. Rows that cannot take the
 * action are left alone and counted as skipped: the category of another type or of a row that
 * is not a regular one (a transfer leg, an opening or adjustment row), a reconciled row for
 * delete (DESIGN §10 locks it), any row of a closed account. The triggers keep the rollups and
 * balances as for every other write.
 */

/** The rows a bulk action names: some ids, or every row matching the list's filter. */
export type BulkSelection = { ids: string[] } | { filter: LedgerFilter };

export interface BulkOutcome {
  matched: number;
  changed: number;
  alsoDeleted: number;
  /** Receipt files of deleted rows, for the caller to remove once committed. */
  receiptKeys: string[];
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

function selectionWhere(userId: string, selection: BulkSelection): SQL {
  return 'ids' in selection
    ? and(eq(transactions.userId, userId), inArray(transactions.id, selection.ids))!
    : filterWhere(userId, selection.filter);
}

/** The row's account is open (a closed account takes no writes). */
const inOpenAccount = sql`not exists (select 1 from ${accounts} a where a.id = ${transactions.accountId} and a.closed_at is not null)`;

async function countWhere(db: Db, where: SQL): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(transactions)
    .where(where);
  return row?.n ?? 0;
}

/** Puts the named regular rows of the category's type into `category`. */
async function setCategory(db: Db, where: SQL, category: { id: string; type: 'expense' | 'income' }): Promise<number> {
  const rows = await db
    .update(transactions)
    .set({ categoryId: category.id, updatedAt: new Date() })
    // A split row keeps its lines (its categories): skipped (docs/splits.md).
    .where(
      and(
        where,
        eq(transactions.kind, 'regular'),
        isNotNull(transactions.categoryId),
        eq(transactions.type, category.type),
        inOpenAccount,
      ),
    )
    .returning({ id: transactions.id });
  return rows.length;
}

/** Marks the named rows cleared; rows already cleared or reconciled count as changed. */
async function markCleared(db: Db, where: SQL): Promise<number> {
  const already = await countWhere(db, and(where, inArray(transactions.status, ['cleared', 'reconciled']))!);
  const updated = await db
    .update(transactions)
    .set({ status: 'cleared', updatedAt: new Date() })
    .where(and(where, inArray(transactions.status, ['pending', 'uncleared']), inOpenAccount))
    .returning({ id: transactions.id });
  return updated.length + already;
}

/**
 * Deletes the named rows that may go; a transfer goes as a whole (both legs), and is kept
 * whole when its other leg may not go (reconciled, or in a closed account).
 */
async function deleteRows(db: Db, userId: string, where: SQL): Promise<Omit<BulkOutcome, 'matched'>> {
  const result = await db.execute(sql`
    with sel as (
      select ${transactions.id} as id from ${transactions}
      where ${where} and ${transactions.status} <> 'reconciled' and ${inOpenAccount}
    ),
    pairs as (
      select s.id, case when tr.out_transaction_id = s.id then tr.in_transaction_id else tr.out_transaction_id end as partner
      from sel s join ${transfers} tr on s.id = tr.out_transaction_id or s.id = tr.in_transaction_id
    ),
    blocked as (
      select p.id from pairs p join ${transactions} o on o.id = p.partner
      where o.status = 'reconciled'
         or exists (select 1 from ${accounts} a where a.id = o.account_id and a.closed_at is not null)
    ),
    doomed as (
      select id from sel where id not in (select id from blocked)
      union
      select partner from pairs where id not in (select id from blocked)
    ),
    gone as (
      delete from ${transactions}
      where ${transactions.userId} = ${userId} and ${transactions.id} in (select id from doomed)
      returning ${transactions.id} as id, ${transactions.receiptKey} as receipt_key
    )
    select count(*) filter (where id in (select id from sel))::int as changed,
           count(*)::int as total,
           coalesce(array_agg(receipt_key) filter (where receipt_key is not null), '{}') as keys
    from gone`);
  const row = rowsOf<{ changed: number | string; total: number | string; keys: string[] | string }>(result)[0];
  const changed = Number(row?.changed ?? 0);
  const keys = row?.keys ?? [];
  return {
    changed,
    alsoDeleted: Number(row?.total ?? 0) - changed,
    // PGlite may hand an array back as its text form.
    receiptKeys: Array.isArray(keys)
      ? keys
      : keys
          .replace(/^\{|\}$/g, '')
          .split(',')
          .filter(Boolean),
  };
}

/**
 * Adds the tag to (or removes it from) the named rows; answers how many have it (or lack it)
 * now. A row with 10 tags already does not take an 11th: it is skipped.
 */
async function tagRows(db: Db, userId: string, where: SQL, action: 'addTag' | 'removeTag', tagId: string) {
  const named = sql`select ${transactions.id} as id from ${transactions} where ${where}`;
  if (action === 'removeTag') {
    await removeTagFromRows(db, userId, tagId, named);
    return countWhere(db, where);
  }
  await addTagToRows(
    db,
    userId,
    tagId,
    sql`${named} and (select count(*) from transaction_tags c where c.transaction_id = ${transactions.id}) < 10`,
  );
  return countWhere(
    db,
    and(
      where,
      sql`exists (select 1 from transaction_tags h where h.transaction_id = ${transactions.id} and h.tag_id = ${tagId})`,
    )!,
  );
}

/**
 * Applies one bulk action to the user's named rows in one database transaction. `category` is
 * the user's category (checked by the caller) for the 'category' action.
 */
export function applyBulk(
  db: Db,
  userId: string,
  selection: BulkSelection,
  action: BulkAction,
  category?: { id: string; type: 'expense' | 'income' },
  tagId?: string,
): Promise<BulkOutcome> {
  return db.transaction(async (tx) => {
    await lockUserLedger(tx, userId);
    const where = selectionWhere(userId, selection);
    const matched = await countWhere(tx, where);
    if (action === 'delete') return { matched, ...(await deleteRows(tx, userId, where)) };
    if (action === 'addTag' || action === 'removeTag') {
      return { matched, changed: await tagRows(tx, userId, where, action, tagId!), alsoDeleted: 0, receiptKeys: [] };
    }
    const changed = action === 'cleared' ? await markCleared(tx, where) : await setCategory(tx, where, category!);
    return { matched, changed, alsoDeleted: 0, receiptKeys: [] };
  });
}
