import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { budgets, categories, importRows, importRules, recurringTransactions, transactions } from '../../db/schema.js';
import { countCategoryLines, ledgerWriter } from '../ledger/index.js';
import { ph, runPrepared } from '../../db/prepared.js';

export type CategoryRow = typeof categories.$inferSelect;

// The list and the lookup are prepared (db/prepared.ts): built once, run as named statements.
export function listCategories(db: Db, userId: string, type?: 'expense' | 'income'): Promise<CategoryRow[]> {
  return runPrepared(
    db,
    type ? 'categories.list|type' : 'categories.list',
    () =>
      db
        .select()
        .from(categories)
        .where(
          type ? and(eq(categories.userId, ph('u')), eq(categories.type, ph('type'))) : eq(categories.userId, ph('u')),
        )
        .orderBy(asc(categories.type), desc(categories.isDefault), asc(categories.name)),
    { u: userId, type },
  );
}

export async function findCategory(db: Db, userId: string, id: string): Promise<CategoryRow | null> {
  const rows = await runPrepared(
    db,
    'categories.find',
    () =>
      db
        .select()
        .from(categories)
        .where(and(eq(categories.userId, ph('u')), eq(categories.id, ph('id'))))
        .limit(1),
    { u: userId, id },
  );
  return rows[0] ?? null;
}

export async function insertCategories(db: Db, values: (typeof categories.$inferInsert)[]): Promise<CategoryRow[]> {
  if (!values.length) return [];
  // Names already taken (any case) are skipped, which makes initialising idempotent.
  return db.insert(categories).values(values).onConflictDoNothing().returning();
}

export async function insertCategory(db: Db, values: typeof categories.$inferInsert): Promise<CategoryRow> {
  const rows = await db.insert(categories).values(values).returning();
  return rows[0]!;
}

export async function updateCategory(
  db: Db,
  userId: string,
  id: string,
  values: Pick<CategoryRow, 'name' | 'type' | 'color' | 'icon'>,
): Promise<CategoryRow | null> {
  const rows = await db
    .update(categories)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(categories.userId, userId), eq(categories.id, id)))
    .returning();
  return rows[0] ?? null;
}

export async function deleteCategory(db: Db, userId: string, id: string): Promise<void> {
  await db.delete(categories).where(and(eq(categories.userId, userId), eq(categories.id, id)));
}

/** A jsonb list of lines containing one of category `id` (for `@>`). */
const usesCategory = (id: string) => JSON.stringify([{ categoryId: id }]);

/** `column` (a jsonb list of lines) with category `from` replaced by `to`, in order. */
const movedLines = (column: string, from: string, to: string) => {
  if (![from, to].every((id) => /^[0-9a-f-]{36}$/i.test(id))) throw new Error('category ids must be uuids');
  return sql.raw(`(select jsonb_agg(case when e->>'categoryId' = '${from}' then jsonb_set(e, '{categoryId}', '"${to}"') else e end
             order by n) from jsonb_array_elements(${column}) with ordinality as x(e, n))`);
};

/** How many transactions, recurring items and budgets use the category. */
export async function countUsage(
  db: Db,
  userId: string,
  id: string,
): Promise<{ transactions: number; recurring: number; budgets: number }> {
  const [t] = await db
    .select({ n: count() })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.categoryId, id)));
  const [r] = await db
    .select({ n: count() })
    .from(recurringTransactions)
    .where(
      and(
        eq(recurringTransactions.userId, userId),
        // A split item whose lines use the category uses it too.
        sql`(${recurringTransactions.categoryId} = ${id} or ${recurringTransactions.lines} @> ${usesCategory(id)}::jsonb)`,
      ),
    );
  const [b] = await db
    .select({ n: count() })
    .from(budgets)
    .where(and(eq(budgets.userId, userId), eq(budgets.categoryId, id)));
  // A split row's lines of the category use it too (each line counts).
  const lines = await countCategoryLines(db, userId, id);
  return { transactions: (t?.n ?? 0) + lines, recurring: r?.n ?? 0, budgets: b?.n ?? 0 };
}

export async function countCategories(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(categories).where(eq(categories.userId, userId));
  return row?.n ?? 0;
}

/**
 * Locks both categories (in id order, so two opposite moves cannot deadlock) and answers their
 * rows as they are now: inside the transaction of a move, neither can change type or vanish.
 */
export async function lockCategories(db: Db, userId: string, ids: string[]): Promise<CategoryRow[]> {
  return db
    .select()
    .from(categories)
    .where(and(eq(categories.userId, userId), inArray(categories.id, ids)))
    .orderBy(asc(categories.id))
    .for('update');
}

/**
 * Moves everything that uses category `from` to category `to` (same user, same type), then
 * deletes `from`; the caller runs it in one database transaction with both rows locked. The
 * rollups follow the transactions' update through their triggers. A budget of `from` whose
 * period the target already has a budget for is dropped (the target's own stays). Import rules
 * and rows of open previews move too, so nothing the user set up is lost with the category.
 */
export async function moveUsageAndDelete(
  db: Db,
  userId: string,
  from: string,
  to: string,
): Promise<{ transactions: number; recurring: number; budgets: number; budgetsDropped: number }> {
  const movedTx = await ledgerWriter.moveCategory(db, userId, from, to);
  const movedRecurring = await db
    .update(recurringTransactions)
    .set({ categoryId: to, updatedAt: new Date() })
    .where(and(eq(recurringTransactions.userId, userId), eq(recurringTransactions.categoryId, from)))
    .returning({ id: recurringTransactions.id });
  // Split items' lines, rules' splits and previewed rows' lines move too (ids checked as uuids by the caller).
  const splitItems = await db.execute(sql`
    update recurring_transactions set lines = ${movedLines('lines', from, to)}, updated_at = now()
    where user_id = ${userId} and lines @> ${usesCategory(from)}::jsonb
    returning id`);
  const splitCount = (Array.isArray(splitItems) ? splitItems : (splitItems as { rows: unknown[] }).rows).length;
  await db.execute(sql`
    update import_rules set split = ${movedLines('split', from, to)}, updated_at = now()
    where user_id = ${userId} and split @> ${usesCategory(from)}::jsonb`);
  await db.execute(sql`
    update import_rows set lines = ${movedLines('lines', from, to)}
    where user_id = ${userId} and lines @> ${usesCategory(from)}::jsonb`);
  const movedBudgets = await db
    .update(budgets)
    .set({ categoryId: to, updatedAt: new Date() })
    .where(
      and(
        eq(budgets.userId, userId),
        eq(budgets.categoryId, from),
        sql`not exists (select 1 from ${budgets} as "target" where "target"."user_id" = ${userId}
          and "target"."category_id" = ${to} and "target"."period" = ${budgets.period})`,
      ),
    )
    .returning({ id: budgets.id });
  const dropped = await db
    .delete(budgets)
    .where(and(eq(budgets.userId, userId), eq(budgets.categoryId, from)))
    .returning({ id: budgets.id });
  await db
    .update(importRules)
    .set({ categoryId: to, updatedAt: new Date() })
    .where(and(eq(importRules.userId, userId), eq(importRules.categoryId, from)));
  await db
    .update(importRows)
    .set({ categoryId: to })
    .where(and(eq(importRows.userId, userId), eq(importRows.categoryId, from)));
  await deleteCategory(db, userId, from);
  return {
    transactions: movedTx,
    recurring: movedRecurring.length + splitCount,
    budgets: movedBudgets.length,
    budgetsDropped: dropped.length,
  };
}
