import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, gt } from 'drizzle-orm';
import type { User } from '@ledgerly/shared';
import { sessions, users } from '../db/schema.js';
import type { Db } from '../db/client.js';
import { unauthorized } from '../errors.js';
import { toUser } from '../modules/auth/auth.mapper.js';

export interface AuthUser extends User {
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    authUser: AuthUser | null;
  }
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

async function findSessionUser(db: Db, token: string): Promise<AuthUser | null> {
  const rows = await db
    .select({ user: users, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date())))
    .limit(1);
  const row = rows[0];
  return row ? { ...toUser(row.user), sessionId: row.sessionId } : null;
}

/** Reads the bearer token of every /api request; routes call requireUser() to insist on one. */
export function registerAuthentication(app: FastifyInstance, db: Db): void {
  app.decorateRequest('authUser', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header || !request.url.startsWith('/api/')) return;
    const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header);
    if (!match?.[1]) return;
    request.authUser = await findSessionUser(db, match[1]);
  });
}

/** The signed-in user, or a 401. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw unauthorized();
  return request.authUser;
}
