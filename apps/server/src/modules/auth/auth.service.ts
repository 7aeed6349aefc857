import { createHash, randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import type { AuthResponse, LoginData, RegisterData, User } from '@ledgerly/shared';
import { MSG } from '@ledgerly/shared';
import type { Db } from '../../db/client.js';
import { AppError, conflict, notFound } from '../../errors.js';
import type { AuthUser } from '../../app-context.js';
import { toUser } from './auth.mapper.js';
import * as repo from './auth.repository.js';

const SESSION_DAYS = 30;

/** Sessions are stored by the SHA-256 of their token, never the token itself. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The user a bearer token signs in, or null when the session is unknown or expired. */
export async function userForToken(db: Db, token: string): Promise<AuthUser | null> {
  const row = await repo.findSessionUser(db, hashToken(token));
  return row ? { ...toUser(row.user), sessionId: row.sessionId } : null;
}

/** Removes sessions past their expiry (housekeeping). */
export async function deleteExpiredSessions(db: Db): Promise<void> {
  await repo.deleteExpiredSessions(db);
}
// OWASP's argon2id minimum: 19 MiB, 2 iterations, 1 lane.
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
// Verified against when the email is unknown, so both failures take the same time.
let dummyHash: Promise<string> | undefined;

async function startSession(db: Db, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await repo.insertSession(db, userId, hashToken(token), new Date(Date.now() + SESSION_DAYS * 86_400_000));
  return token;
}

export async function register(db: Db, data: RegisterData): Promise<AuthResponse> {
  const passwordHash = await argon2.hash(data.password, HASH_OPTIONS);
  // The account and its first session are written together: a failure leaves neither.
  return db.transaction(async (tx) => {
    const row = await repo.insertUser(tx, {
      email: data.email,
      passwordHash,
      firstName: data.firstName,
      lastName: data.lastName,
      timezone: data.timezone ?? 'UTC',
    });
    if (!row) throw conflict(MSG.emailTaken, 'EMAIL_TAKEN');
    return { token: await startSession(tx, row.id), user: toUser(row) };
  });
}

export async function login(db: Db, data: LoginData): Promise<AuthResponse> {
  const row = await repo.findUserByEmail(db, data.email);
  dummyHash ??= argon2.hash('not-a-real-password', HASH_OPTIONS);
  const ok = await argon2.verify(row?.passwordHash ?? (await dummyHash), data.password).catch(() => false);
  if (!row || !ok) throw new AppError(401, 'INVALID_CREDENTIALS', MSG.invalidCredentials);
  return { token: await startSession(db, row.id), user: toUser(row) };
}

export async function logout(db: Db, sessionId: string): Promise<void> {
  await repo.deleteSession(db, sessionId);
}

/** Changes a user's names and currency (the settings page; the email never changes). */
export async function updateProfile(
  db: Db,
  userId: string,
  values: { firstName: string | null; lastName: string | null; currency: string },
): Promise<User> {
  const row = await repo.updateUserSettings(db, userId, values);
  if (!row) throw notFound('User');
  return toUser(row);
}
