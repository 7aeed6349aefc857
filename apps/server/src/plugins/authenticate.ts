import type { FastifyInstance } from 'fastify';
import type { AuthUser } from '../app-context.js';
import type { Db } from '../db/client.js';
import { unauthorized } from '../errors.js';
import { userForToken } from '../modules/auth/auth.service.js';

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

/**
 * The one authentication hook of the protected scope (app.ts): every route registered inside
 * the scope answers 401 without a valid bearer session, before its input is even parsed.
 * Per-route rules (say, a write scope for API tokens) belong here too: read them from
 * `request.routeOptions.config` and `request.method`.
 */
export function requireAuthentication(scope: FastifyInstance, db: Db): void {
  scope.decorateRequest('user', null as unknown as AuthUser);
  scope.addHook('onRequest', async (request) => {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    const user = token ? await userForToken(db, token) : null;
    if (!user) throw unauthorized();
    request.user = user;
  });
}
