import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { ACCOUNT_MSG } from '@ledgerly/shared';
import type { Db } from '../../db/client.js';
import { ph, runPrepared } from '../../db/prepared.js';
import { accounts } from '../../db/schema.js';
import { conflict, notFound } from '../../errors.js';

/*
 * The accounts as the ledger's writer and readers need them: which account a row goes into,
 * whether it is open. The accounts module owns the rest (its API, creating and closing).
 */

export type AccountRow = typeof accounts.$inferSelect;

/** The user's default account (every user has exactly one). Prepared: every new transaction reads it. */
export async function defaultAccount(db: Db, userId: string): Promise<AccountRow> {
  const [row] = await runPrepared(
    db,
    'ledger.accounts.default',
    () =>
      db
        .select()
        .from(accounts)
        .where(and(eq(accounts.userId, ph('u')), eq(accounts.isDefault, true)))
        .limit(1),
    { u: userId },
  );
  if (!row) throw new Error(`user ${userId} has no default account`);
  return row;
}

export async function findAccount(db: Db, userId: string, id: string): Promise<AccountRow | null> {
  const [row] = await runPrepared(
    db,
    'ledger.accounts.find',
    () =>
      db
        .select()
        .from(accounts)
        .where(and(eq(accounts.userId, ph('u')), eq(accounts.id, ph('id'))))
        .limit(1),
    { u: userId, id },
  );
  return row ?? null;
}

/**
 * The account a write goes into: the one named (404 if it is not the user's, 409 if closed) or,
 * when none is named, the default account.
 */
export async function accountForWrite(db: Db, userId: string, id: string | null | undefined): Promise<AccountRow> {
  const row = id ? await findAccount(db, userId, id) : await defaultAccount(db, userId);
  if (!row) throw notFound('Account');
  if (row.closedAt) throw conflict(ACCOUNT_MSG.closed);
  return row;
}

/** The user's open accounts in `currency`, by name (an import's other choices, DESIGN §12). */
export async function openAccountsIn(
  db: Db,
  userId: string,
  currency: string,
): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: accounts.id, name: accounts.name })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.currency, currency), isNull(accounts.closedAt)))
    .orderBy(accounts.name);
}

/** How many accounts the user has (open and closed): the UI shows accounts only from two. */
export async function accountCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(accounts)
    .where(eq(accounts.userId, userId));
  return row?.n ?? 0;
}

/** The user's account names by id (the CSV and the PDF name a row's account when there are several). */
export async function accountNamesOf(db: Db, userId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: accounts.id, name: accounts.name })
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .orderBy(accounts.sortOrder, accounts.name);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The ids of the user's closed accounts (recurring items of one are passed over). */
export async function closedAccountIds(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), isNotNull(accounts.closedAt)));
  return new Set(rows.map((r) => r.id));
}

/**
 * Whether every named account of the user is open, holding them (FOR SHARE) until the database
 * transaction ends, so none can be closed before the rows written into them are committed.
 */
export async function holdOpenAccounts(db: Db, userId: string, ids: (string | null)[]): Promise<boolean> {
  const named = [...new Set(ids.filter((id): id is string => !!id))];
  if (!named.length) return true;
  const rows = await db
    .select({ closedAt: accounts.closedAt })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), inArray(accounts.id, named)))
    .orderBy(accounts.id)
    .for('share');
  return rows.length === named.length && rows.every((r) => r.closedAt === null);
}
