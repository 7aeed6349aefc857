import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SECURITY_MSG } from '@ledgerly/shared';
import type { AuthUser } from '../app-context.js';
import type { Db } from '../db/client.js';
import { AppError, unauthorized } from '../errors.js';
import { credentialForToken, hashToken, recordUse } from '../modules/auth/index.js';
import type { AuthCache } from './auth-cache.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The signed-in user. Set by the authentication hook of the protected scope, so it is
     * always there in a protected route; public routes must not read it.
     */
    user: AuthUser;
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** How often "last used" is written for one session or token, at most. */
const TOUCH_EVERY_MS = 60_000;

/**
 * The one authentication hook of the protected scope (app.ts): every route registered inside
 * the scope answers 401 without a valid bearer session or personal API token, before its input
 * is even parsed. A `read` token gets 403 on every write. Look-ups go through a short in-memory
 * cache (see AuthCache for how revocations reach it).
 */
export function requireAuthentication(scope: FastifyInstance, db: Db, cache: AuthCache): void {
  scope.decorateRequest('user', null as unknown as AuthUser);
  scope.addHook('onRequest', async (request) => {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    const user = token ? await resolve(db, cache, token, request) : null;
    if (!user) throw unauthorized();
    if (user.token?.scope === 'read' && !SAFE_METHODS.has(request.method)) {
      throw new AppError(403, 'READ_ONLY', SECURITY_MSG.readOnlyToken);
    }
    request.user = user;
  });
}

async function resolve(db: Db, cache: AuthCache, token: string, request: FastifyRequest): Promise<AuthUser | null> {
  const hash = hashToken(token);
  const cached = cache.get(hash);
  if (cached) return cached;
  const mark = cache.mark();
  const found = await credentialForToken(db, token);
  if (!found) return null;
  cache.set(hash, found.user, found.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY, mark);
  if (!found.lastUsedAt || Date.now() - found.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    // Best effort: a failed "last used" write must not fail the request.
    recordUse(db, found.user).catch((err: unknown) => request.log.warn({ err }, 'could not record last use'));
  }
  return found.user;
}
