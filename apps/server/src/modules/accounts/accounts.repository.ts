import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accounts, reconciliations } from '../../db/schema.js';
import type { AccountRow } from '../ledger/index.js';

/*
 * The `accounts` table. Balances are the ledger's (ledger.balances.ts); the rows of an account
 * move through the ledger's writer, its recurring items and import batches through the recurring
 * and imports modules' functions, in the same database transaction.
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

/**
 * Every account of the user, locked until the end of the caller's database transaction: the
 * requests that close, delete or move the default take turns per user and each sees the others'
 * outcome (PostgreSQL's read committed reads the committed rows once the lock is had). `no key
 * update` leaves alone the key-share locks that inserting rows into an account takes.
 */
export async function lockAccounts(db: Db, userId: string): Promise<AccountRow[]> {
  return db.select().from(accounts).where(eq(accounts.userId, userId)).orderBy(asc(accounts.id)).for('no key update');
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

/**
 * A user's only account, still empty and in the settings currency `from`, follows the settings
 * currency to `to` (docs/currencies.md: a one-account user chooses their currency before any row
 * exists). Once there are rows or a second account, accounts keep their currency.
 */
export async function followSettingsCurrency(db: Db, userId: string, from: string, to: string): Promise<void> {
  await db.execute(sql`
    update accounts set currency = ${to}
    where user_id = ${userId} and currency = ${from}
      and (select count(*) from accounts where user_id = ${userId}) = 1
      and not exists (
        select 1 from account_daily_balances b where b.account_id = accounts.id and b.tx_count > 0
      )`);
}
