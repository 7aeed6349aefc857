import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { categories } from '../../db/schema.js';

export type PortableCategoryRow = typeof categories.$inferSelect;

/** Every category of the user, oldest first (an account holds few). */
export function exportCategories(db: Db, userId: string): Promise<PortableCategoryRow[]> {
  return db
    .select()
    .from(categories)
    .where(eq(categories.userId, userId))
    .orderBy(asc(categories.createdAt), asc(categories.type), asc(categories.name));
}

/** Inserts restored categories; answers the new id of each, in order. */
export async function restoreCategories(db: Db, rows: Omit<typeof categories.$inferInsert, 'id'>[]): Promise<string[]> {
  if (!rows.length) return [];
  const inserted = await db.insert(categories).values(rows).returning({ id: categories.id });
  return inserted.map((r) => r.id);
}

export async function countCategories(db: Db, userId: string): Promise<number> {
  const rows = await db.select({ id: categories.id }).from(categories).where(eq(categories.userId, userId)).limit(1);
  return rows.length;
}
