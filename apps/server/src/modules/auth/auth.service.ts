import { createHash, randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import type {
  AuthResponse,
  ChangePasswordData,
  LoginData,
  LoginTwoFactorInput,
  RegisterData,
  TwoFactorChallenge,
  User,
} from '@ledgerly/shared';
import { SECURITY_MSG, MSG, loginTwoFactorSchema } from '@ledgerly/shared';
import { parse } from '../../lib/validate.js';
import type { Db } from '../../db/client.js';
import { AppError, conflict, notFound } from '../../errors.js';
import type { AuthUser } from '../../app-context.js';
import { PASSWORD_CHECK_LIMIT, accountLimit, countedTry } from './account-limits.js';
import { toUser } from './auth.mapper.js';
import * as repo from './auth.repository.js';
import { deleteOldResets } from './password-reset.repository.js';

const SESSION_DAYS = 30;

/** Sessions are stored by the SHA-256 of their token, never the token itself. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Personal API tokens start with this, so the look-up knows which table to read. */
export const API_TOKEN_PREFIX = 'lgy_';

/**
 * The user a bearer token signs in — a browser session or a personal API token — with when it
 * expires and was last used; null when it is unknown, revoked or expired.
 */
export async function credentialForToken(
  db: Db,
  token: string,
): Promise<{ user: AuthUser; expiresAt: Date | null; lastUsedAt: Date | null } | null> {
  const kind = token.startsWith(API_TOKEN_PREFIX) ? 'token' : 'session';
  const found = await repo.findCredential(db, kind, hashToken(token));
  if (!found) return null;
  const user: AuthUser = {
    ...toUser(found.user),
    sessionId: kind === 'session' ? found.id : null,
    token: kind === 'token' ? { id: found.id, scope: found.scope ?? 'read' } : null,
  };
  return { user, expiresAt: found.expiresAt, lastUsedAt: found.lastUsedAt };
}

/** Records that a session or token was just used (the sessions and tokens lists show it). */
export async function recordUse(db: Db, user: AuthUser): Promise<void> {
  if (user.sessionId) await repo.touchCredential(db, 'session', user.sessionId);
  else if (user.token) await repo.touchCredential(db, 'token', user.token.id);
}

/** Removes sessions past their expiry (housekeeping). */
export async function deleteExpiredSessions(db: Db): Promise<void> {
  await repo.deleteExpiredSessions(db);
  await deleteOldResets(db);
}
// OWASP's argon2id minimum: 19 MiB, 2 iterations, 1 lane.
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/** The stored form of a password (argon2id). */
export const hashPassword = (password: string) => argon2.hash(password, HASH_OPTIONS);

// Verified against when the email is unknown, so both failures take the same time.
let dummyHash: Promise<string> | undefined;

/** How long the second step of a sign-in may take, and how many codes it may try. */
const CHALLENGE_MINUTES = 5;
const CHALLENGE_ATTEMPTS = 5;

export type ClientInfo = repo.ClientInfo;
const NO_CLIENT: repo.ClientInfo = { userAgent: null, ipAddress: null };

/** Checks a second-factor code for a user (the account module's two-factor service). */
export interface SecondFactor {
  isEnabled(db: Db, userId: string): Promise<boolean>;
  /** Counts the try against the account (429 past its limit). */
  check(db: Db, userId: string, code: string): Promise<boolean>;
}

async function startSession(db: Db, userId: string, client: repo.ClientInfo = NO_CLIENT): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await repo.insertSession(db, userId, hashToken(token), new Date(Date.now() + SESSION_DAYS * 86_400_000), client);
  return token;
}

async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  dummyHash ??= argon2.hash('not-a-real-password', HASH_OPTIONS);
  return argon2.verify(hash ?? (await dummyHash), password).catch(() => false);
}

export async function register(db: Db, data: RegisterData, client: repo.ClientInfo = NO_CLIENT): Promise<AuthResponse> {
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
    return { token: await startSession(tx, row.id, client), user: toUser(row) };
  });
}

/** The password step: a session, or — with two-factor on — a challenge for the code step. */
export async function login(
  db: Db,
  data: LoginData,
  secondFactor: SecondFactor,
  client: repo.ClientInfo = NO_CLIENT,
): Promise<AuthResponse | TwoFactorChallenge> {
  const row = await repo.findUserByEmail(db, data.email);
  const ok = await verifyPassword(row?.passwordHash, data.password);
  if (!row || !ok) throw new AppError(401, 'INVALID_CREDENTIALS', MSG.invalidCredentials);
  if (await secondFactor.isEnabled(db, row.id)) {
    const challenge = randomBytes(32).toString('base64url');
    await repo.insertChallenge(db, {
      userId: row.id,
      challengeHash: hashToken(challenge),
      expiresAt: new Date(Date.now() + CHALLENGE_MINUTES * 60_000),
      ...client,
    });
    return { twoFactorRequired: true, challenge };
  }
  return { token: await startSession(db, row.id, client), user: toUser(row) };
}

/** The code step of a sign-in: a TOTP or recovery code against a live, single-use challenge. */
export async function loginTwoFactor(
  db: Db,
  input: LoginTwoFactorInput,
  secondFactor: SecondFactor,
  client: repo.ClientInfo = NO_CLIENT,
): Promise<AuthResponse> {
  const data = parse(loginTwoFactorSchema, input);
  const challenge = await repo.countChallengeAttempt(db, hashToken(data.challenge));
  if (!challenge || challenge.attempts > CHALLENGE_ATTEMPTS) {
    if (challenge) await repo.deleteChallenge(db, challenge.id);
    throw new AppError(400, 'INVALID_CREDENTIALS', SECURITY_MSG.challengeExpired);
  }
  if (!(await secondFactor.check(db, challenge.userId, data.code))) {
    throw new AppError(400, 'INVALID_CREDENTIALS', SECURITY_MSG.codeInvalid, { code: SECURITY_MSG.codeInvalid });
  }
  const user = await repo.findUserById(db, challenge.userId);
  if (!user) throw new AppError(400, 'INVALID_CREDENTIALS', SECURITY_MSG.challengeExpired);
  return db.transaction(async (tx) => {
    await repo.deleteChallenge(tx, challenge.id);
    return { token: await startSession(tx, user.id, client), user: toUser(user) };
  });
}

/** Current-password checks behind a session, limited per account in the database. */
const passwordChecks = accountLimit(PASSWORD_CHECK_LIMIT);

/**
 * Refuses (400 on the password field) unless `password` is the user's current one; every check
 * counts against the account, and past its limit the check is refused with 429 (account-limits.ts).
 */
export async function confirmPassword(db: Db, userId: string, password: string, field = 'password'): Promise<void> {
  const ok = await countedTry(passwordChecks, db, userId, async () => {
    const user = await repo.findUserById(db, userId);
    return Boolean(user && (await verifyPassword(user.passwordHash, password)));
  });
  if (!ok) {
    throw new AppError(400, 'INVALID_CREDENTIALS', SECURITY_MSG.wrongPassword, { [field]: SECURITY_MSG.wrongPassword });
  }
}

/**
 * Sets a new password and signs out every other session of the user; unless
 * `revokeApiTokens` is false, every personal API token is revoked with them (docs/security.md).
 */
export async function changePassword(
  db: Db,
  userId: string,
  currentSessionId: string,
  data: ChangePasswordData,
): Promise<void> {
  await confirmPassword(db, userId, data.currentPassword, 'currentPassword');
  const passwordHash = await argon2.hash(data.newPassword, HASH_OPTIONS);
  await db.transaction(async (tx) => {
    await repo.updatePasswordHash(tx, userId, passwordHash);
    await repo.deleteOtherSessions(tx, userId, currentSessionId);
    if (data.revokeApiTokens) await repo.deleteUserTokens(tx, userId);
  });
}

export const listSessions = (db: Db, userId: string) => repo.listSessions(db, userId);

/** Signs out one of the user's sessions; 404 if it is not theirs. */
export async function revokeSession(db: Db, userId: string, sessionId: string): Promise<void> {
  if (!(await repo.deleteUserSession(db, userId, sessionId))) throw notFound('Session');
}

export const revokeOtherSessions = (db: Db, userId: string, keepId: string) =>
  repo.deleteOtherSessions(db, userId, keepId);

/** Deletes the user row; every table of theirs cascades with it. */
export const deleteUser = (db: Db, userId: string) => repo.deleteUser(db, userId);

export async function logout(db: Db, sessionId: string): Promise<void> {
  await repo.deleteSession(db, sessionId);
}

/** Changes a user's names and currency (the settings page; the email never changes). */
export async function updateProfile(
  db: Db,
  userId: string,
  values: { firstName: string | null; lastName: string | null; currency: string },
): Promise<{ user: User; previousCurrency: string }> {
  const saved = await repo.updateUserSettings(db, userId, values);
  if (!saved) throw notFound('User');
  return { user: toUser(saved.row), previousCurrency: saved.previousCurrency };
}
