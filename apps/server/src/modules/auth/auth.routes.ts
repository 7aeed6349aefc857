import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authResponseSchema,
  dataOf,
  loginSchema,
  loginTwoFactorSchema,
  registerSchema,
  twoFactorChallengeSchema,
  userSchema,
} from '@ledgerly/shared';
import { requireSession } from '../../plugins/require-session.js';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../errors.js';
import { errorAnswers } from '../../plugins/openapi.js';
import * as service from './auth.service.js';
import { attemptKeys, createSignInLimits } from './sign-in-limits.js';

/** The sign-in's browser and address, kept with the session for the sessions list. */
const clientInfo = (request: FastifyRequest): service.ClientInfo => ({
  userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
  ipAddress: request.ip,
});

/** Register and login (public scope), rate limited per address and per email (sign-in-limits.ts). */
export const authPublicRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const limits = createSignInLimits(ctx.db, ctx.config.authRateLimit);

  // Read from the raw body: the limits are checked before the body is validated, so a
  // malformed attempt counts against the address too.
  const keysOf = (request: FastifyRequest) => {
    const body: unknown = request.body;
    return attemptKeys(request.ip, body && typeof body === 'object' && 'email' in body ? body.email : undefined);
  };

  /** Runs before validation: counts the attempt against the address, refuses or slows it down. */
  const checkLimits = async (request: FastifyRequest) => limits.before(keysOf(request));

  /** Runs an attempt; a refusal (401 wrong credentials, 409 taken) counts against the email. */
  async function counted<T>(request: FastifyRequest, attempt: () => Promise<T>): Promise<T> {
    try {
      return await attempt();
    } catch (error) {
      if (error instanceof AppError && (error.status === 401 || error.status === 409)) {
        await limits.refused(keysOf(request));
      }
      throw error;
    }
  }

  app.post(
    '/auth/register',
    {
      preValidation: checkLimits,
      schema: {
        tags: ['auth'],
        body: registerSchema,
        response: { 201: authResponseSchema, ...errorAnswers(409, 429) },
      },
    },
    async (request, reply) => {
      const result = await counted(request, () => service.register(ctx.db, request.body, clientInfo(request)));
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/auth/login',
    {
      preValidation: checkLimits,
      schema: {
        tags: ['auth'],
        description: 'With two-factor sign-in on, answers a challenge for POST /auth/login/2fa instead of a token.',
        body: loginSchema,
        response: { 200: z.union([authResponseSchema, twoFactorChallengeSchema]), ...errorAnswers(401, 429) },
      },
    },
    async (request) => counted(request, () => service.login(ctx.db, request.body, ctx.twoFactor, clientInfo(request))),
  );

  // Codes are limited per challenge (5 tries), per account across challenges and addresses (5
  // failures in 15 minutes, auth/account-limits.ts) and per address here; all in the database.
  app.post(
    '/auth/login/2fa',
    {
      schema: {
        tags: ['auth'],
        description:
          'The second step of a sign-in with two-factor on: a 6-digit code or a recovery code. ' +
          'After 5 wrong codes for an account in 15 minutes (from any address, in any step) its codes ' +
          'answer 429 with Retry-After until the 15 minutes are over; a right code clears the count.',
        body: loginTwoFactorSchema,
        response: { 200: authResponseSchema, ...errorAnswers(429) },
      },
    },
    async (request) => {
      await limits.countAddress(attemptKeys(request.ip, undefined));
      return service.loginTwoFactor(ctx.db, request.body, ctx.twoFactor, clientInfo(request));
    },
  );
};

/** The session of the signed-in user (protected scope). */
export const authRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.post(
    '/auth/logout',
    { schema: { tags: ['auth'], response: { 204: z.undefined().describe('Signed out') } } },
    async (request, reply) => {
      const { sessionId } = requireSession(request);
      await service.logout(ctx.db, sessionId);
      ctx.authCache.forgetCredential(sessionId);
      return reply.status(204).send();
    },
  );

  app.get('/auth/me', { schema: { tags: ['auth'], response: { 200: dataOf(userSchema) } } }, async (request) => {
    const { sessionId: _sessionId, token: _token, ...user } = request.user;
    return { data: user };
  });
};
