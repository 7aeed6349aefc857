import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recurringTransactions } from '../../db/schema.js';

/*
 * Recurring items as the accounts module needs them when an account is deleted (DESIGN §13: this
 * module alone touches its table). Called with the caller's database transaction.
 */

/** Whether a recurring item starts or ends in the account. */
export async function hasRecurringIn(db: Db, userId: string, accountId: string): Promise<boolean> {
  const rows = await db
    .select({ id: recurringTransactions.id })
    .from(recurringTransactions)
    .where(
      and(
        eq(recurringTransactions.userId, userId),
        sql`(${recurringTransactions.accountId} = ${accountId} or ${recurringTransactions.toAccountId} = ${accountId})`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** How many recurring transfers run between the two accounts, either way (moving one account onto the other would make them transfers to itself). */
export async function recurringTransfersBetween(db: Db, userId: string, a: string, b: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recurringTransactions)
    .where(
      and(
        eq(recurringTransactions.userId, userId),
        sql`(${recurringTransactions.accountId} = ${a} and ${recurringTransactions.toAccountId} = ${b})
          or (${recurringTransactions.accountId} = ${b} and ${recurringTransactions.toAccountId} = ${a})`,
      ),
    );
  return row?.n ?? 0;
}

/** Points the recurring items that start or end in account `from` at account `to`. */
export async function moveRecurringAccount(db: Db, userId: string, from: string, to: string): Promise<void> {
  await db
    .update(recurringTransactions)
    .set({ accountId: to, updatedAt: new Date() })
    .where(and(eq(recurringTransactions.userId, userId), eq(recurringTransactions.accountId, from)));
  await db
    .update(recurringTransactions)
    .set({ toAccountId: to, updatedAt: new Date() })
    .where(and(eq(recurringTransactions.userId, userId), eq(recurringTransactions.toAccountId, from)));
}
