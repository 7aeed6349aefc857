import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RESET_MSG,
  dataOf,
  passwordResetOptionsSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
} from '@ledgerly/shared';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../errors.js';
import { createMailer } from '../../lib/mailer.js';
import { errorAnswers } from '../../plugins/openapi.js';
import * as service from './password-reset.service.js';
import { incrementCounters } from './rate-limit.repository.js';
import { attemptKeys, counterKey, createSignInLimits } from './sign-in-limits.js';

/** E-mails one address may be sent per hour, whoever asks and from wherever. */
export const RESET_MAILS_PER_HOUR = 3;

const message = z.object({ message: z.string() });
const tags = ['auth'];

/**
 * "Forgot password?" (public scope; docs/security.md, "Password reset"). Asking for a link is
 * limited like sign-in, on counters of its own: every request counts against the address and
 * against the email from that address (429 past the limits), and an email is sent at most
 * RESET_MAILS_PER_HOUR links. The answer is the same whether or not the account exists, and it
 * comes before the look-up and the sending, so its timing says nothing either.
 */
export const passwordResetRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const limits = createSignInLimits(ctx.db, ctx.config.authRateLimit);
  const mailer = createMailer(ctx.config.mail);
  const appUrl = ctx.config.appUrl;
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(pending);
    mailer?.close();
  });

  const keysOf = (request: FastifyRequest) => {
    const body: unknown = request.body;
    return attemptKeys(
      request.ip,
      body && typeof body === 'object' && 'email' in body ? body.email : undefined,
      'reset-',
    );
  };

  app.get(
    '/auth/password-reset',
    {
      schema: {
        tags,
        description: 'Whether this server sends reset links by e-mail (SMTP_URL is set).',
        response: { 200: dataOf(passwordResetOptionsSchema) },
      },
    },
    () => ({ data: { byEmail: mailer !== null } }),
  );

  app.post(
    '/auth/password-reset/request',
    {
      preValidation: async (request) => limits.before(keysOf(request)),
      schema: {
        tags,
        description:
          'Sends a one-time link to reset the password to the email, if an account uses it. The answer is the same either way. ' +
          `409 when this server sends no e-mail (SMTP_URL unset).`,
        body: passwordResetRequestSchema,
        response: { 202: message, ...errorAnswers(409, 429) },
      },
    },
    async (request, reply) => {
      const keys = keysOf(request);
      await limits.refused(keys);
      if (!mailer || !appUrl) throw new AppError(409, 'CONFLICT', RESET_MSG.unavailable);
      const email = request.body.email;
      const job = (async () => {
        const [sent] = await incrementCounters(
          ctx.db,
          [counterKey('reset-sent', email.trim().toLowerCase())],
          new Date(),
          3_600_000,
        );
        if (sent && sent.count > RESET_MAILS_PER_HOUR) return;
        const link = await service.createResetLink(ctx.db, email, appUrl);
        if (link) await mailer.send(service.resetMail(link));
      })().catch((error: unknown) => request.log.error({ err: error }, 'password reset e-mail not sent'));
      pending.add(job);
      void job.finally(() => pending.delete(job));
      return reply.status(202).send({ message: RESET_MSG.sent });
    },
  );

  app.post(
    '/auth/password-reset',
    {
      preValidation: async (request) => limits.countAddress(attemptKeys(request.ip, undefined, 'reset-')),
      schema: {
        tags,
        description:
          'Sets a new password with the token of a reset link (single use, for 60 minutes, only the newest link). Signs the account out everywhere; it does not sign in.',
        body: passwordResetSchema,
        response: { 200: message, ...errorAnswers(429) },
      },
    },
    async (request) => {
      const userId = await service.resetPassword(ctx.db, request.body);
      ctx.authCache.forgetUser(userId);
      return { message: RESET_MSG.done };
    },
  );
};
