import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { budgets } from '../../db/schema.js';

export type PortableBudgetRow = typeof budgets.$inferSelect;

export function exportBudgets(db: Db, userId: string): Promise<PortableBudgetRow[]> {
  return db
    .select()
    .from(budgets)
    .where(eq(budgets.userId, userId))
    .orderBy(asc(budgets.createdAt), asc(budgets.period), asc(budgets.amountCents));
}

export async function restoreBudgets(db: Db, rows: Omit<typeof budgets.$inferInsert, 'id'>[]): Promise<void> {
  if (rows.length) await db.insert(budgets).values(rows);
}
