import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { reconciliations } from '../../db/schema.js';
import type { ReconciliationRow } from '../ledger/index.js';

/*
 * The reconciliations table as this module reads and starts them. Finishing and reopening write
 * transactions too, so those live in the ledger (ledger.reconcile.ts); the triggers keep the
 * state of finished ones (done ↔ broken).
 */

export async function findReconciliation(db: Db, userId: string, id: string): Promise<ReconciliationRow | null> {
  const [row] = await db
    .select()
    .from(reconciliations)
    .where(and(eq(reconciliations.userId, userId), eq(reconciliations.id, id)));
  return row ?? null;
}

export function listReconciliations(db: Db, userId: string, accountId: string): Promise<ReconciliationRow[]> {
  return db
    .select()
    .from(reconciliations)
    .where(and(eq(reconciliations.userId, userId), eq(reconciliations.accountId, accountId)))
    .orderBy(desc(reconciliations.statementDate), desc(reconciliations.createdAt));
}

/**
 * Starts a reconciliation of the account, or replaces the statement of its open one (an account
 * has at most one open at a time: the partial unique index of migration 0018), in one statement,
 * so two starts at once restate one reconciliation.
 */
export async function startReconciliation(
  db: Db,
  userId: string,
  accountId: string,
  statementDate: string,
  statementBalanceCents: number,
): Promise<ReconciliationRow> {
  const [row] = await db
    .insert(reconciliations)
    .values({ userId, accountId, statementDate, statementBalanceCents, state: 'open' })
    .onConflictDoUpdate({
      target: reconciliations.accountId,
      targetWhere: sql`${reconciliations.state} = 'open'`,
      set: { statementDate, statementBalanceCents },
    })
    .returning();
  return row!;
}
