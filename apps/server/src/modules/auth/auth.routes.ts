import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LoginInput, RegisterInput } from '@ledgerly/shared';
import type { AppContext } from '../../app.js';
import { AppError } from '../../errors.js';
import { RateLimiter, clientKey } from '../../plugins/rate-limit.js';
import { requireUser } from '../../plugins/authenticate.js';
import * as service from './auth.service.js';

/** How many times the per-email-and-address limit one email may fail across all addresses. */
const EMAIL_ONLY_FACTOR = 5;

export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { perIp, perEmail, windowMs } = ctx.config.authRateLimit;
  // Every attempt counts against the client's address (its /64 on IPv6).
  const byIp = new RateLimiter(perIp, windowMs);
  // Only refused attempts count against an email: per email and address, and — far higher, to
  // bound guessing spread over many addresses — per email alone. Someone else failing on your
  // email from their address does not lock you out unless they fail from very many at once.
  const byEmailAndIp = new RateLimiter(perEmail, windowMs);
  const byEmail = new RateLimiter(perEmail * EMAIL_ONLY_FACTOR, windowMs);

  const keysOf = (request: FastifyRequest) => {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    const ip = clientKey(request.ip);
    return typeof email === 'string' && email.trim()
      ? { ip, pair: `${email.trim().toLowerCase()}|${ip}`, email: email.trim().toLowerCase() }
      : { ip, pair: null, email: null };
  };

  /** Runs an attempt under the limits; a refusal (401 wrong credentials, 409 taken) is counted. */
  async function limited<T>(request: FastifyRequest, attempt: () => Promise<T>): Promise<T> {
    const keys = keysOf(request);
    byIp.hit([keys.ip]);
    if (keys.pair && keys.email) {
      byEmailAndIp.check([keys.pair]);
      byEmail.check([keys.email]);
    }
    try {
      return await attempt();
    } catch (error) {
      if (keys.pair && keys.email && error instanceof AppError && (error.status === 401 || error.status === 409)) {
        byEmailAndIp.count([keys.pair]);
        byEmail.count([keys.email]);
      }
      throw error;
    }
  }

  app.post('/auth/register', async (request, reply) => {
    const result = await limited(request, () => service.register(ctx.db, request.body as RegisterInput));
    return reply.status(201).send(result);
  });

  app.post('/auth/login', async (request) => limited(request, () => service.login(ctx.db, request.body as LoginInput)));

  app.post('/auth/logout', async (request, reply) => {
    const user = requireUser(request);
    await service.logout(ctx.db, user.sessionId);
    return reply.status(204).send();
  });

  app.get('/auth/me', async (request) => {
    const { sessionId: _sessionId, ...user } = requireUser(request);
    return { data: user };
  });
}
