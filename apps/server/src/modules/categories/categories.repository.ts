import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { budgets, categories, recurringTransactions, transactions } from '../../db/schema.js';

export type CategoryRow = typeof categories.$inferSelect;

export function listCategories(db: Db, userId: string, type?: 'expense' | 'income'): Promise<CategoryRow[]> {
  return db
    .select()
    .from(categories)
    .where(type ? and(eq(categories.userId, userId), eq(categories.type, type)) : eq(categories.userId, userId))
    .orderBy(asc(categories.type), desc(categories.isDefault), asc(categories.name));
}

export async function findCategory(db: Db, userId: string, id: string): Promise<CategoryRow | null> {
  const rows = await db
    .select()
    .from(categories)
    .where(and(eq(categories.userId, userId), eq(categories.id, id)))
    .limit(1);
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
    .where(and(eq(recurringTransactions.userId, userId), eq(recurringTransactions.categoryId, id)));
  const [b] = await db
    .select({ n: count() })
    .from(budgets)
    .where(and(eq(budgets.userId, userId), eq(budgets.categoryId, id)));
  return { transactions: t?.n ?? 0, recurring: r?.n ?? 0, budgets: b?.n ?? 0 };
}

export async function countCategories(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(categories).where(eq(categories.userId, userId));
  return row?.n ?? 0;
}
