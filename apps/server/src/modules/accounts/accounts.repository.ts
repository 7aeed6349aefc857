import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accounts, importBatches, reconciliations, recurringTransactions } from '../../db/schema.js';
import type { AccountRow } from '../ledger/index.js';

/*
 * The `accounts` table. Balances are the ledger's (ledger.balances.ts); the rows of an account
 * move through the ledger's writer. Moving an account's recurring items and import batches on
 * delete is done here, in the same database transaction (their modules have no such move).
 */

export type NewAccount = typeof accounts.$inferInsert;
export type AccountChanges = Partial<Omit<NewAccount, 'id' | 'userId' | 'createdAt'>>;

/** The user's accounts in the list's order: sortOrder, then name (ignoring case). */
export function listAccounts(db: Db, userId: string): Promise<AccountRow[]> {
  return db
    .select()
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .orderBy(asc(accounts.sortOrder), asc(sql`lower(${accounts.name})`), asc(accounts.id));
}

/** The latest broken reconciliation of each of the user's accounts that has one. */
export async function brokenReconciliations(
  db: Db,
  userId: string,
): Promise<Map<string, { id: string; statementDate: string; differenceCents: number }>> {
  const rows = await db
    .selectDistinctOn([reconciliations.accountId], {
      accountId: reconciliations.accountId,
      id: reconciliations.id,
      statementDate: reconciliations.statementDate,
      differenceCents: reconciliations.differenceCents,
    })
    .from(reconciliations)
    .where(and(eq(reconciliations.userId, userId), eq(reconciliations.state, 'broken')))
    .orderBy(reconciliations.accountId, sql`${reconciliations.statementDate} desc`, sql`${reconciliations.id} desc`);
  return new Map(rows.map((r) => [r.accountId, r]));
}

/** True when another account of the user has this name, ignoring case. */
export async function nameTaken(db: Db, userId: string, name: string, exceptId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        eq(accounts.userId, userId),
        sql`lower(${accounts.name}) = lower(${name})`,
        exceptId ? ne(accounts.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertAccount(db: Db, values: NewAccount): Promise<AccountRow> {
  const [row] = await db.insert(accounts).values(values).returning();
  return row!;
}

export async function updateAccount(db: Db, userId: string, id: string, changes: AccountChanges): Promise<void> {
  if (!Object.keys(changes).length) return;
  await db
    .update(accounts)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(accounts.userId, userId), eq(accounts.id, id)));
}

/** Makes `id` the default: the old default loses it first (one default per user, a unique index). */
export async function moveDefault(db: Db, userId: string, id: string): Promise<void> {
  await db
    .update(accounts)
    .set({ isDefault: false })
    .where(and(eq(accounts.userId, userId), eq(accounts.isDefault, true), ne(accounts.id, id)));
  await db
    .update(accounts)
    .set({ isDefault: true })
    .where(and(eq(accounts.userId, userId), eq(accounts.id, id)));
}

/** How many open accounts the user has. */
export async function openCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), isNull(accounts.closedAt)));
  return row?.n ?? 0;
}

/** Recurring transfers between the two accounts (they would become a transfer to itself). */
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

/** Points the account's recurring items (either end) and import batches at `to`. */
export async function moveAccountReferences(db: Db, userId: string, from: string, to: string): Promise<void> {
  await db
    .update(recurringTransactions)
    .set({ accountId: to, updatedAt: new Date() })
    .where(and(eq(recurringTransactions.userId, userId), eq(recurringTransactions.accountId, from)));
  await db
    .update(recurringTransactions)
    .set({ toAccountId: to, updatedAt: new Date() })
    .where(and(eq(recurringTransactions.userId, userId), eq(recurringTransactions.toAccountId, from)));
  await db
    .update(importBatches)
    .set({ accountId: to })
    .where(and(eq(importBatches.userId, userId), eq(importBatches.accountId, from)));
}

/** Whether the account holds at least one transaction (its daily balances count them). */
export async function hasRows(db: Db, accountId: string): Promise<boolean> {
  const result = await db.execute(
    sql`select exists (select 1 from account_daily_balances where account_id = ${accountId} and tx_count > 0) as yes`,
  );
  return Boolean((result as { rows: { yes: boolean }[] }).rows[0]?.yes);
}

export async function deleteAccount(db: Db, userId: string, id: string): Promise<void> {
  await db.delete(accounts).where(and(eq(accounts.userId, userId), eq(accounts.id, id)));
}

/** Whether a recurring item starts or ends in the account. */
export async function hasRecurring(db: Db, userId: string, accountId: string): Promise<boolean> {
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

/** Import batches of a deleted account keep their history without an account. */
export async function detachImportBatches(db: Db, userId: string, accountId: string): Promise<void> {
  await db
    .update(importBatches)
    .set({ accountId: null })
    .where(and(eq(importBatches.userId, userId), eq(importBatches.accountId, accountId)));
}

/** Currencies of the user's accounts in net worth other than `currency` (left out until rates exist). */
export async function otherCurrencies(db: Db, userId: string, currency: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ currency: accounts.currency })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.inNetWorth, true), ne(accounts.currency, currency)))
    .orderBy(accounts.currency);
  return rows.map((r) => r.currency);
}

/** How many accounts (open and closed) the user has: the per-user cap counts them all. */
export async function countAccounts(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(accounts)
    .where(eq(accounts.userId, userId));
  return row?.n ?? 0;
}
