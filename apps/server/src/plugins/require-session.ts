import type { FastifyRequest } from 'fastify';
import { SECURITY_MSG } from '@ledgerly/shared';
import type { AuthUser } from '../app-context.js';
import { AppError } from '../errors.js';

// Apart from the authentication hook (authenticate.ts), which calls the auth module: the auth
// and security routes call this, and would otherwise import their own module back.
/** The user signed in with a browser session (not an API token): for managing the account itself. */
export function requireSession(request: FastifyRequest): AuthUser & { sessionId: string } {
  const user = request.user;
  if (user.sessionId === null) throw new AppError(403, 'FORBIDDEN', SECURITY_MSG.sessionOnly);
  return { ...user, sessionId: user.sessionId };
}
