import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { DEFAULT_ACCOUNT_NAME, PER_USER_LIMITS } from '@ledgerly/shared';
import { accounts, apiTokens, loginChallenges, sessions, users } from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Inserts a user with their default money account, "Main account" (DESIGN §10: every user has
 * one open account); returns null if the email is taken (case-insensitively).
 */
export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow | null> {
  return db.transaction(async (tx) => {
    const rows = await tx.insert(users).values(values).onConflictDoNothing().returning();
    const user = rows[0];
    if (!user) return null;
    await tx.insert(accounts).values({
      userId: user.id,
      name: DEFAULT_ACCOUNT_NAME,
      kind: 'checking',
      currency: user.currency,
      onBudget: true,
      isDefault: true,
    });
    return user;
  });
}

/** Where a sign-in came from, kept with its session for the sessions list. */
export interface ClientInfo {
  userAgent: string | null;
  ipAddress: string | null;
}

export async function insertSession(
  db: Db,
  userId: string,
  tokenHash: string,
  expiresAt: Date,
  client: ClientInfo = { userAgent: null, ipAddress: null },
): Promise<void> {
  await db.insert(sessions).values({ userId, tokenHash, expiresAt, ...client });
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Expired sessions and sign-in challenges (both are refused already; this keeps the tables small). */
export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(sql`${sessions.expiresAt} < now()`);
  await db.delete(loginChallenges).where(sql`${loginChallenges.expiresAt} < now()`);
}

export interface Credential {
  id: string;
  user: UserRow;
  scope: 'read' | 'write' | null;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
}

/** The live session or API token with this hash, with its user; null if none. */
export async function findCredential(db: Db, kind: 'session' | 'token', tokenHash: string): Promise<Credential | null> {
  if (kind === 'session') {
    const rows = await db
      .select({ user: users, id: sessions.id, expiresAt: sessions.expiresAt, lastUsedAt: sessions.lastUsedAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date())))
      .limit(1);
    const row = rows[0];
    return row ? { ...row, scope: null } : null;
  }
  const rows = await db
    .select({ user: users, id: apiTokens.id, scope: apiTokens.scope, lastUsedAt: apiTokens.lastUsedAt })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, tokenHash))
    .limit(1);
  const row = rows[0];
  return row ? { ...row, expiresAt: null } : null;
}

export async function touchCredential(db: Db, kind: 'session' | 'token', id: string): Promise<void> {
  if (kind === 'session') await db.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, id));
  else await db.update(apiTokens).set({ lastUsedAt: new Date() }).where(eq(apiTokens.id, id));
}

export type SessionRow = typeof sessions.$inferSelect;

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function listSessions(db: Db, userId: string): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(sql`${sessions.lastUsedAt} desc`, sessions.id)
    .limit(PER_USER_LIMITS.sessionsListed);
}

/** Deletes one of the user's sessions; false if it is not theirs. */
export async function deleteUserSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Deletes every session of the user but `keepId`; answers how many went. */
export async function deleteOtherSessions(db: Db, userId: string, keepId: string): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId)))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Deletes every personal API token of the user; answers how many went. */
export async function deleteUserTokens(db: Db, userId: string): Promise<number> {
  const rows = await db.delete(apiTokens).where(eq(apiTokens.userId, userId)).returning({ id: apiTokens.id });
  return rows.length;
}

export async function updatePasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Deletes the user; every row of theirs goes with it (foreign keys cascade). */
export async function deleteUser(db: Db, userId: string): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return rows.length > 0;
}

export type ChallengeRow = typeof loginChallenges.$inferSelect;

export async function insertChallenge(
  db: Db,
  values: {
    userId: string;
    challengeHash: string;
    expiresAt: Date;
    userAgent: string | null;
    ipAddress: string | null;
  },
): Promise<void> {
  await db.insert(loginChallenges).values(values);
}

/** Counts one attempt on a live challenge and answers it; null if there is none (or it expired). */
export async function countChallengeAttempt(db: Db, challengeHash: string): Promise<ChallengeRow | null> {
  const rows = await db
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(and(eq(loginChallenges.challengeHash, challengeHash), gt(loginChallenges.expiresAt, new Date())))
    .returning();
  return rows[0] ?? null;
}

export async function deleteChallenge(db: Db, id: string): Promise<void> {
  await db.delete(loginChallenges).where(eq(loginChallenges.id, id));
}

/** The user of an unexpired session with this token hash, with the session's id. */
export async function findSessionUser(db: Db, tokenHash: string): Promise<{ user: UserRow; sessionId: string } | null> {
  const rows = await db
    .select({ user: users, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return rows[0] ?? null;
}

/** Sets a user's names and currency; null when the user is gone. */
/** Saves names and currency; answers the saved row and the currency it had before (locked, so exact). */
export async function updateUserSettings(
  db: Db,
  userId: string,
  values: { firstName: string | null; lastName: string | null; currency: string },
): Promise<{ row: UserRow; previousCurrency: string } | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ currency: users.currency })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!before) return null;
    const [row] = await tx
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    return row ? { row, previousCurrency: before.currency } : null;
  });
}
