import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginChallenges, passwordResets, sessions, users } from '../../db/schema.js';

/** Stores a new link for the user; the links asked for before it stop working. */
export async function insertReset(db: Db, userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({ userId, tokenHash, expiresAt });
  });
}

/**
 * Uses up the live link with this hash (not used, not expired) in one statement, so two
 * concurrent uses cannot both succeed; answers its user, or null.
 */
export async function consumeReset(db: Db, tokenHash: string): Promise<string | null> {
  const rows = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: passwordResets.userId });
  return rows[0]?.userId ?? null;
}

/**
 * Sets the password and signs the user out everywhere: every session, every sign-in waiting
 * for its code, every other reset link.
 */
export async function setPasswordAndSignOut(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await db.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
  await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/** Links used or expired more than a day ago (housekeeping). */
export async function deleteOldResets(db: Db): Promise<void> {
  const dayAgo = sql`now() - interval '1 day'`;
  await db.delete(passwordResets).where(or(lt(passwordResets.expiresAt, dayAgo), lt(passwordResets.usedAt, dayAgo)));
}
