import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { apiTokens, recoveryCodes, twoFactor } from '../../db/schema.js';

export type TwoFactorRow = typeof twoFactor.$inferSelect;
export type ApiTokenRow = typeof apiTokens.$inferSelect;

export async function findTwoFactor(db: Db, userId: string): Promise<TwoFactorRow | null> {
  const rows = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
  return rows[0] ?? null;
}

/** Starts (or restarts) a setup: a new secret, not enabled. Refuses nothing: the caller checks. */
export async function upsertPendingSecret(db: Db, userId: string, secret: string): Promise<void> {
  await db
    .insert(twoFactor)
    .values({ userId, secret })
    .onConflictDoUpdate({ target: twoFactor.userId, set: { secret, enabledAt: null, lastTimeStep: null } });
}

/**
 * Records that the code of `timeStep` was used; false if that step (or a later one) was used
 * already — so a code is accepted once, even by two requests at the same moment.
 */
export async function claimTimeStep(db: Db, userId: string, timeStep: number): Promise<boolean> {
  const rows = await db
    .update(twoFactor)
    .set({ lastTimeStep: timeStep })
    .where(and(eq(twoFactor.userId, userId), or(isNull(twoFactor.lastTimeStep), lt(twoFactor.lastTimeStep, timeStep))))
    .returning({ userId: twoFactor.userId });
  return rows.length > 0;
}

export async function markEnabled(db: Db, userId: string): Promise<void> {
  await db.update(twoFactor).set({ enabledAt: new Date() }).where(eq(twoFactor.userId, userId));
}

export async function deleteTwoFactor(db: Db, userId: string): Promise<void> {
  await db.delete(twoFactor).where(eq(twoFactor.userId, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

export async function replaceRecoveryCodes(db: Db, userId: string, hashes: string[]): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses up a recovery code; false if it is not one of the user's unused codes. */
export async function useRecoveryCode(db: Db, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return rows[0]?.n ?? 0;
}

export async function listTokens(db: Db, userId: string): Promise<ApiTokenRow[]> {
  return db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .orderBy(sql`${apiTokens.createdAt} desc`, apiTokens.id);
}

export async function insertToken(
  db: Db,
  values: { userId: string; name: string; scope: 'read' | 'write'; tokenHash: string },
): Promise<ApiTokenRow> {
  const rows = await db.insert(apiTokens).values(values).returning();
  return rows[0]!;
}

export async function deleteToken(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.userId, userId), eq(apiTokens.id, id)))
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}

export async function countTokens(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(apiTokens).where(eq(apiTokens.userId, userId));
  return row?.n ?? 0;
}
