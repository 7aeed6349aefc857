import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type {
  ApiTokenInfo,
  ChangePasswordData,
  CreateTokenData,
  CreatedApiToken,
  DeleteUserAccountData,
  DisableTwoFactorData,
  EnableTwoFactorData,
  SecurityOverview,
  SessionInfo,
} from '@ledgerly/shared';
import { LIMIT_MESSAGES, PER_USER_LIMITS, SECURITY_MSG } from '@ledgerly/shared';
import type { Db } from '../../db/client.js';
import { conflict, notFound, validationError } from '../../errors.js';
import type { AuthUser } from '../../app-context.js';
import { API_TOKEN_PREFIX, hashToken } from '../auth/index.js';
import type { AuthCache } from '../../plugins/auth-cache.js';
import * as auth from '../auth/index.js';
import { allReceiptKeys, receiptKeysPage } from '../transactions/index.js';
import type { ReceiptStore } from '../../receipts/receipt-store.js';
import { toSessionInfo, toTokenInfo } from './security.mapper.js';
import * as repo from './security.repository.js';
import { type TwoFactor, codeInvalid } from './two-factor.service.js';

export interface SecurityDeps {
  db: Db;
  authCache: AuthCache;
  twoFactor: TwoFactor;
  receipts: ReceiptStore;
  log: FastifyBaseLogger;
}

type SessionUser = AuthUser & { sessionId: string };

export async function overview(deps: SecurityDeps, user: AuthUser): Promise<SecurityOverview> {
  const [twoFactorEnabled, recoveryCodesLeft] = await Promise.all([
    deps.twoFactor.isEnabled(deps.db, user.id),
    deps.twoFactor.recoveryCodesLeft(deps.db, user.id),
  ]);
  return { twoFactorEnabled, recoveryCodesLeft };
}

export async function changePassword(deps: SecurityDeps, user: SessionUser, data: ChangePasswordData): Promise<void> {
  await auth.changePassword(deps.db, user.id, user.sessionId, data);
  deps.authCache.forgetUser(user.id, user.sessionId);
}

export async function listSessions(deps: SecurityDeps, user: SessionUser): Promise<SessionInfo[]> {
  const rows = await auth.listSessions(deps.db, user.id);
  return rows.map((row) => toSessionInfo(row, user.sessionId));
}

export async function revokeSession(deps: SecurityDeps, user: SessionUser, sessionId: string): Promise<void> {
  await auth.revokeSession(deps.db, user.id, sessionId);
  deps.authCache.forgetCredential(sessionId);
}

export async function revokeOtherSessions(deps: SecurityDeps, user: SessionUser): Promise<number> {
  const count = await auth.revokeOtherSessions(deps.db, user.id, user.sessionId);
  deps.authCache.forgetUser(user.id, user.sessionId);
  return count;
}

export async function setupTwoFactor(deps: SecurityDeps, user: SessionUser) {
  return deps.twoFactor.setup(deps.db, user.id, user.email);
}

export async function enableTwoFactor(
  deps: SecurityDeps,
  user: SessionUser,
  data: EnableTwoFactorData,
): Promise<string[]> {
  return deps.twoFactor.enable(deps.db, user.id, data.code);
}

export async function disableTwoFactor(
  deps: SecurityDeps,
  user: SessionUser,
  data: DisableTwoFactorData,
): Promise<void> {
  if (!(await deps.twoFactor.isEnabled(deps.db, user.id))) {
    throw validationError(SECURITY_MSG.twoFactorNotOn);
  }
  await auth.confirmPassword(deps.db, user.id, data.password);
  if (!(await deps.twoFactor.check(deps.db, user.id, data.code))) throw codeInvalid();
  await deps.twoFactor.disable(deps.db, user.id);
}

export async function listTokens(deps: SecurityDeps, user: SessionUser): Promise<ApiTokenInfo[]> {
  return (await repo.listTokens(deps.db, user.id)).map(toTokenInfo);
}

export async function createToken(
  deps: SecurityDeps,
  user: SessionUser,
  data: CreateTokenData,
): Promise<CreatedApiToken> {
  if ((await repo.countTokens(deps.db, user.id)) >= PER_USER_LIMITS.apiTokens) throw conflict(LIMIT_MESSAGES.apiTokens);
  const token = API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const row = await repo.insertToken(deps.db, { userId: user.id, ...data, tokenHash: hashToken(token) });
  return { ...toTokenInfo(row), token };
}

export async function revokeToken(deps: SecurityDeps, user: SessionUser, id: string): Promise<void> {
  if (!(await repo.deleteToken(deps.db, user.id, id))) throw notFound('Token');
  deps.authCache.forgetCredential(id);
}

/**
 * Deletes the account: checks the password (and a code with two-factor on), deletes the user
 * row — every table of theirs cascades in that one statement — then their receipt files, a
 * thousand objects per store call. Files that cannot be deleted now (the store refuses or misses
 * its deadline: the rest are not tried) are orphans the daily housekeeping removes.
 */
export async function deleteUserAccount(
  deps: SecurityDeps,
  user: SessionUser,
  data: DeleteUserAccountData,
): Promise<void> {
  await auth.confirmPassword(deps.db, user.id, data.password);
  if (await deps.twoFactor.isEnabled(deps.db, user.id)) {
    if (!data.code) throw validationError(SECURITY_MSG.codeRequired, { code: SECURITY_MSG.codeRequired });
    if (!(await deps.twoFactor.check(deps.db, user.id, data.code))) throw codeInvalid();
  }
  const keys = await allReceiptKeys(deps.db, user.id);
  await auth.deleteUser(deps.db, user.id);
  deps.authCache.forgetUser(user.id);
  await deps.receipts.removeMany(keys).catch((err: unknown) => {
    deps.log.error({ err, receipts: keys.length }, 'could not delete receipt files of a deleted account');
  });
}

/**
 * Before an export starts streaming (after which its status cannot change): when the account has
 * receipts, one is read, so a store that is down or frozen answers 503 within its deadline rather
 * than a download that breaks off.
 */
export async function checkReceiptsReadable(deps: SecurityDeps, user: AuthUser): Promise<void> {
  const [key] = await receiptKeysPage(deps.db, user.id, null, 1);
  if (key) await deps.receipts.read(key, 'thumb');
}
