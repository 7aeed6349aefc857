import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recurringTransactions } from '../../db/schema.js';

export type PortableRecurringRow = typeof recurringTransactions.$inferSelect;

/** Every recurring item with its whole schedule state (next date, last generated, skipped before). */
export function exportRecurring(db: Db, userId: string): Promise<PortableRecurringRow[]> {
  return db
    .select()
    .from(recurringTransactions)
    .where(eq(recurringTransactions.userId, userId))
    .orderBy(asc(recurringTransactions.createdAt), asc(recurringTransactions.description));
}

/** Inserts restored items as they were (the schedule continues where it stood); answers new ids in order. */
export async function restoreRecurring(
  db: Db,
  rows: Omit<typeof recurringTransactions.$inferInsert, 'id'>[],
): Promise<string[]> {
  if (!rows.length) return [];
  const inserted = await db.insert(recurringTransactions).values(rows).returning({ id: recurringTransactions.id });
  return inserted.map((r) => r.id);
}

export async function countRecurring(db: Db, userId: string): Promise<number> {
  const rows = await db
    .select({ id: recurringTransactions.id })
    .from(recurringTransactions)
    .where(eq(recurringTransactions.userId, userId))
    .limit(1);
  return rows.length;
}
