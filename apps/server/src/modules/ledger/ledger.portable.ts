import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accounts, importBatches, reconciliations, transferRejections, transfers } from '../../db/schema.js';

/*
 * Accounts, transfers, rejected pairs and reconciliations as the export writes them and the
 * restore puts them back (format version 4, security/export-format.ts). Transactions themselves
 * are read by the transactions module and written by ledger.writer.ts's insertRows.
 */

export type PortableAccountRow = typeof accounts.$inferSelect;
export type PortableTransferRow = typeof transfers.$inferSelect;
export type PortableRejectionRow = typeof transferRejections.$inferSelect;
export type PortableReconciliationRow = typeof reconciliations.$inferSelect;

export function exportAccounts(db: Db, userId: string): Promise<PortableAccountRow[]> {
  return db
    .select()
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .orderBy(asc(accounts.sortOrder), asc(accounts.createdAt), asc(accounts.id));
}

export function exportTransfers(db: Db, userId: string): Promise<PortableTransferRow[]> {
  return db.select().from(transfers).where(eq(transfers.userId, userId)).orderBy(asc(transfers.createdAt));
}

export function exportRejections(db: Db, userId: string): Promise<PortableRejectionRow[]> {
  return db
    .select()
    .from(transferRejections)
    .where(eq(transferRejections.userId, userId))
    .orderBy(asc(transferRejections.createdAt));
}

export function exportReconciliations(db: Db, userId: string): Promise<PortableReconciliationRow[]> {
  return db
    .select()
    .from(reconciliations)
    .where(eq(reconciliations.userId, userId))
    .orderBy(asc(reconciliations.statementDate), asc(reconciliations.createdAt));
}

/**
 * Replaces the accounts of a user who has no transactions (a restore checks that first) with
 * the file's: their previews and failed imports let go of the old accounts, which go. Answers
 * the new ids in the order given.
 */
export async function replaceAccounts(
  db: Db,
  userId: string,
  rows: Omit<typeof accounts.$inferInsert, 'id' | 'userId'>[],
): Promise<string[]> {
  await db.update(importBatches).set({ accountId: null }).where(eq(importBatches.userId, userId));
  await db.delete(accounts).where(eq(accounts.userId, userId));
  if (!rows.length) return [];
  const inserted = await db
    .insert(accounts)
    .values(rows.map((r) => ({ ...r, userId })))
    .returning({ id: accounts.id });
  return inserted.map((r) => r.id);
}

export async function restoreTransfers(
  db: Db,
  userId: string,
  rows: Omit<typeof transfers.$inferInsert, 'id' | 'userId'>[],
): Promise<void> {
  if (rows.length) await db.insert(transfers).values(rows.map((r) => ({ ...r, userId })));
}

export async function restoreRejections(
  db: Db,
  userId: string,
  rows: Omit<typeof transferRejections.$inferInsert, 'userId'>[],
): Promise<void> {
  if (rows.length) await db.insert(transferRejections).values(rows.map((r) => ({ ...r, userId })));
}

export async function restoreReconciliations(
  db: Db,
  userId: string,
  rows: Omit<typeof reconciliations.$inferInsert, 'id' | 'userId'>[],
): Promise<void> {
  if (rows.length) await db.insert(reconciliations).values(rows.map((r) => ({ ...r, userId })));
}

/** The accounts of the user among `ids` (to tell another user's from a missing one). */
export async function ownAccountIds(db: Db, userId: string, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), inArray(accounts.id, ids)));
  return new Set(rows.map((r) => r.id));
}
