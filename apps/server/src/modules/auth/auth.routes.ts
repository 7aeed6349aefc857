import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LoginInput, RegisterInput } from '@ledgerly/shared';
import type { AppContext } from '../../app.js';
import { RateLimiter } from '../../plugins/rate-limit.js';
import { requireUser } from '../../plugins/authenticate.js';
import * as service from './auth.service.js';

export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { perIp, perEmail, windowMs } = ctx.config.authRateLimit;
  const byIp = new RateLimiter(perIp, windowMs);
  const byEmail = new RateLimiter(perEmail, windowMs);
  const limit = (request: FastifyRequest) => {
    byIp.hit([`ip:${request.ip}`]);
    const email = (request.body as { email?: unknown } | undefined)?.email;
    if (typeof email === 'string' && email.trim()) byEmail.hit([`email:${email.trim().toLowerCase()}`]);
  };

  app.post('/auth/register', async (request, reply) => {
    limit(request);
    const result = await service.register(ctx.db, request.body as RegisterInput);
    return reply.status(201).send(result);
  });

  app.post('/auth/login', async (request) => {
    limit(request);
    return service.login(ctx.db, request.body as LoginInput);
  });

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
