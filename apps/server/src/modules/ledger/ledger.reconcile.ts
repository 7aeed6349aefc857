import { and, desc, eq, lt, ne, sql } from 'drizzle-orm';
import { ACCOUNT_MSG, RECONCILIATION_MSG, formatCents } from '@ledgerly/shared';
import type { Db } from '../../db/client.js';
import { accounts, reconciliations, transactions } from '../../db/schema.js';
import { conflict } from '../../errors.js';

/*
 * Finishing and reopening a reconciliation (DESIGN §10): the writes to `transactions` it makes
 * (the cleared rows become `reconciled` in one statement; an optional adjustment row) belong to
 * the ledger's one writer. Once finished, the triggers of migration 0015 keep its state
 * (done ↔ broken) as later writes move the cleared balance as of its date.
 */

export type ReconciliationRow = typeof reconciliations.$inferSelect;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The account's cleared balance (cleared and reconciled rows) as of the end of `date`, in minor units. */
export async function clearedAsOf(db: Db, accountId: string, date: string): Promise<number> {
  const result = await db.execute(sql`
    select coalesce(sum(cleared_delta_cents), 0)::bigint as c
    from account_daily_balances where account_id = ${accountId} and day <= ${date}::date`);
  return Number(rowsOf<{ c: string | number }>(result)[0]?.c ?? 0);
}

/**
 * Serialises with every write of the user's transactions: the rollup triggers take the same
 * advisory lock, so the cleared balance cannot move between reading it and marking the rows.
 */
const lockUserLedger = (db: Db, userId: string) =>
  db.execute(sql`select pg_advisory_xact_lock(727275, hashtext(${userId}::text))`);

async function lockReconciliation(db: Db, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(reconciliations)
    .where(and(eq(reconciliations.userId, userId), eq(reconciliations.id, id)))
    .for('update');
  if (!row) return null;
  const [account] = await db.select().from(accounts).where(eq(accounts.id, row.accountId));
  return { row, account: account! };
}

export interface Finished {
  reconciliation: ReconciliationRow;
  /** Rows marked reconciled by this finish. */
  marked: number;
}

/**
 * Finishes an open reconciliation. With a difference between the statement and the cleared
 * balance as of its date: 409 stating it, or with `adjust` an `adjustment` row (no category,
 * reconciled, dated the statement date, income when the statement is higher) books it first.
 * Then every cleared row of the account dated on or before the statement date becomes
 * `reconciled` in one statement, and the reconciliation is `done`. Null when not the user's.
 */
export function finishReconciliation(db: Db, userId: string, id: string, adjust: boolean): Promise<Finished | null> {
  return db.transaction(async (tx) => {
    await lockUserLedger(tx, userId);
    const found = await lockReconciliation(tx, userId, id);
    if (!found) return null;
    const { row, account } = found;
    if (row.state !== 'open') throw conflict(RECONCILIATION_MSG.finished);
    if (account.closedAt) throw conflict(ACCOUNT_MSG.closed);
    const difference = row.statementBalanceCents - (await clearedAsOf(tx, account.id, row.statementDate));
    let adjustmentTransactionId = row.adjustmentTransactionId;
    if (difference !== 0) {
      if (!adjust) throw conflict(ACCOUNT_MSG.notDone(formatCents(Math.abs(difference), account.currency)));
      const [adjustment] = await tx
        .insert(transactions)
        .values({
          userId,
          accountId: account.id,
          kind: 'adjustment',
          status: 'reconciled',
          categoryId: null,
          type: difference > 0 ? 'income' : 'expense',
          amountCents: Math.abs(difference),
          description: 'Balance adjustment',
          date: row.statementDate,
        })
        .returning({ id: transactions.id });
      adjustmentTransactionId = adjustment!.id;
    }
    const result = await tx.execute(sql`
      with marked as (
        update ${transactions} set status = 'reconciled', updated_at = now()
        where user_id = ${userId} and account_id = ${account.id} and status = 'cleared'
          and date <= ${row.statementDate}::date
        returning 1
      )
      select count(*)::int as n from marked`);
    const [done] = await tx
      .update(reconciliations)
      .set({ state: 'done', differenceCents: 0, finishedAt: new Date(), adjustmentTransactionId })
      .where(eq(reconciliations.id, id))
      .returning();
    return { reconciliation: done!, marked: Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0) };
  });
}

/**
 * Reopens a finished reconciliation: it is `open` again and the rows it reconciled are `cleared`
 * again. Its rows are those of the account reconciled and dated after the latest earlier finished
 * reconciliation's statement date, up to its own (no ids are stored: the date range is the
 * record). Its adjustment row stays. Another open reconciliation of the account (a draft, which
 * changed nothing) is discarded: an account has one open at a time. Null when not the user's.
 */
export function reopenReconciliation(
  db: Db,
  userId: string,
  id: string,
): Promise<{ reconciliation: ReconciliationRow; unmarked: number } | null> {
  return db.transaction(async (tx) => {
    await lockUserLedger(tx, userId);
    const found = await lockReconciliation(tx, userId, id);
    if (!found) return null;
    const { row, account } = found;
    if (row.state === 'open') throw conflict(RECONCILIATION_MSG.notFinished);
    if (account.closedAt) throw conflict(ACCOUNT_MSG.closed);
    const [previous] = await tx
      .select({ date: reconciliations.statementDate })
      .from(reconciliations)
      .where(
        and(
          eq(reconciliations.accountId, account.id),
          ne(reconciliations.id, id),
          ne(reconciliations.state, 'open'),
          lt(reconciliations.statementDate, row.statementDate),
        ),
      )
      .orderBy(desc(reconciliations.statementDate))
      .limit(1);
    const after = previous ? sql`and date > ${previous.date}::date` : sql``;
    const result = await tx.execute(sql`
      with unmarked as (
        update ${transactions} set status = 'cleared', updated_at = now()
        where user_id = ${userId} and account_id = ${account.id} and status = 'reconciled'
          and date <= ${row.statementDate}::date ${after}
        returning 1
      )
      select count(*)::int as n from unmarked`);
    await tx
      .delete(reconciliations)
      .where(
        and(eq(reconciliations.accountId, account.id), eq(reconciliations.state, 'open'), ne(reconciliations.id, id)),
      );
    const [reopened] = await tx
      .update(reconciliations)
      .set({ state: 'open', finishedAt: null })
      .where(eq(reconciliations.id, id))
      .returning();
    return { reconciliation: reopened!, unmarked: Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0) };
  });
}
