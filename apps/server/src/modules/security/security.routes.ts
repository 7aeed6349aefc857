import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SECURITY_MSG,
  apiTokenInfoSchema,
  changePasswordSchema,
  createTokenSchema,
  createdApiTokenSchema,
  dataOf,
  deleteUserAccountSchema,
  disableTwoFactorSchema,
  enableTwoFactorSchema,
  recoveryCodesSchema,
  restoreResultSchema,
  securityOverviewSchema,
  sessionInfoSchema,
  todayIn,
  twoFactorSetupSchema,
} from '@ledgerly/shared';
import { payloadTooLarge, validationError } from '../../errors.js';
import type { AppContext } from '../../app-context.js';
import { idParams } from '../../lib/ids.js';
import { requireSession } from '../../plugins/require-session.js';
import { checkedByService, errorAnswers } from '../../plugins/openapi.js';
import * as service from './security.service.js';
import { RESTORE_LIMITS } from './restore.reader.js';
import { restore } from './restore.service.js';
import { newRestoreFile } from './restore.temp.js';

const tags = ['account'];
const done = (what: string) => ({ 204: z.undefined().describe(what) });
/** Managing the account needs a browser session: an API token gets 403 (documented on each such route). */
const SESSION_ONLY = 'Needs a browser session: a personal API token gets 403.';
/** Wrong codes and passwords are limited per account, in the database (429 with Retry-After). */
const codeLimited = errorAnswers(403, 429);
const exportZip = z.custom<NodeJS.ReadableStream>().meta({
  type: 'string',
  format: 'binary',
  description: 'ledgerly-export-YYYY-MM-DD.zip: ledgerly.json, one CSV per section, receipts/ (docs/security.md)',
});
/** Multipart `file`: read from the stream by the handler, so only documented here. */
const restoreForm = checkedByService(
  z.object({ file: z.string().meta({ format: 'binary', description: 'An export zip (at most 2 GB)' }) }),
);

/** DESIGN §8: the account itself. Everything but reading needs a browser session, not an API token. */
export const securityRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const receipts = ctx.receipts.store;
  const deps: service.SecurityDeps = { ...ctx, receipts, log: app.log };

  app.get(
    '/account/security',
    {
      schema: {
        tags,
        summary: 'Whether two-factor sign-in is on, and how many recovery codes are left',
        description: SESSION_ONLY,
        response: { 200: dataOf(securityOverviewSchema), ...errorAnswers(403) },
      },
    },
    async (request) => ({
      data: await service.overview(deps, requireSession(request)),
    }),
  );

  app.put(
    '/account/password',
    {
      schema: {
        tags,
        summary: 'Change the password; every other session is signed out, and the API tokens unless kept',
        description:
          'With `revokeApiTokens` true (the default) every personal API token is revoked too; false keeps them. ' +
          'A wrong current password is 400 on currentPassword, never 401; past 10 wrong ones in 15 minutes ' +
          `the account's password checks answer 429 with Retry-After. ${SESSION_ONLY}`,
        body: changePasswordSchema,
        response: { ...done('Changed'), ...errorAnswers(403, 429) },
      },
    },
    async (request, reply) => {
      await service.changePassword(deps, requireSession(request), request.body);
      return reply.status(204).send();
    },
  );

  app.get(
    '/account/sessions',
    {
      schema: {
        tags,
        summary: 'Where the account is signed in',
        description: SESSION_ONLY,
        response: { 200: dataOf(z.array(sessionInfoSchema)), ...errorAnswers(403) },
      },
    },
    async (request) => ({ data: await service.listSessions(deps, requireSession(request)) }),
  );

  app.delete(
    '/account/sessions/:id',
    {
      schema: {
        tags,
        summary: 'Sign out one session',
        description: SESSION_ONLY,
        params: idParams('Session'),
        response: { ...done('Signed out'), ...errorAnswers(403) },
      },
    },
    async (request, reply) => {
      await service.revokeSession(deps, requireSession(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/account/sessions/revoke-others',
    {
      schema: {
        tags,
        summary: 'Sign out every session but this one',
        description: SESSION_ONLY,
        response: { 200: dataOf(z.object({ revoked: z.number().int() })), ...errorAnswers(403) },
      },
    },
    async (request) => ({ data: { revoked: await service.revokeOtherSessions(deps, requireSession(request)) } }),
  );

  app.post(
    '/account/2fa/setup',
    {
      schema: {
        tags,
        summary: 'Start turning two-factor sign-in on: a new secret and its QR code',
        description: `Two-factor is not on until POST /account/2fa/enable. ${SESSION_ONLY}`,
        response: { 200: dataOf(twoFactorSetupSchema), ...errorAnswers(403) },
      },
    },
    async (request) => ({ data: await service.setupTwoFactor(deps, requireSession(request)) }),
  );

  app.post(
    '/account/2fa/enable',
    {
      schema: {
        tags,
        summary: 'Turn two-factor sign-in on with a code from the app; answers the 10 recovery codes',
        description: SESSION_ONLY,
        body: enableTwoFactorSchema,
        response: { 200: dataOf(recoveryCodesSchema), ...codeLimited },
      },
    },
    async (request) => ({
      data: { recoveryCodes: await service.enableTwoFactor(deps, requireSession(request), request.body) },
    }),
  );

  app.post(
    '/account/2fa/disable',
    {
      schema: {
        tags,
        summary: 'Turn two-factor sign-in off with the password and a code (or a recovery code)',
        description: SESSION_ONLY,
        body: disableTwoFactorSchema,
        response: { ...done('Turned off'), ...codeLimited },
      },
    },
    async (request, reply) => {
      await service.disableTwoFactor(deps, requireSession(request), request.body);
      return reply.status(204).send();
    },
  );

  app.get(
    '/account/tokens',
    {
      schema: {
        tags,
        summary: 'Personal API tokens, with their last use',
        description: SESSION_ONLY,
        response: { 200: dataOf(z.array(apiTokenInfoSchema)), ...errorAnswers(403) },
      },
    },
    async (request) => ({ data: await service.listTokens(deps, requireSession(request)) }),
  );

  app.post(
    '/account/tokens',
    {
      schema: {
        tags,
        summary: 'Create a personal API token (shown this once)',
        description:
          'Use it as the bearer token: `curl -H "Authorization: Bearer lgy_…" /api/transactions?limit=10`. ' +
          `A read token gets 403 READ_ONLY on every call that is not GET or HEAD. ${SESSION_ONLY}`,
        body: createTokenSchema,
        response: { 201: dataOf(createdApiTokenSchema), ...errorAnswers(403) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await service.createToken(deps, requireSession(request), request.body) }),
  );

  app.delete(
    '/account/tokens/:id',
    {
      schema: {
        tags,
        summary: 'Revoke a personal API token at once',
        description: SESSION_ONLY,
        params: idParams('Token'),
        response: { ...done('Revoked'), ...errorAnswers(403) },
      },
    },
    async (request, reply) => {
      await service.revokeToken(deps, requireSession(request), request.params.id);
      return reply.status(204).send();
    },
  );

  // A zip streamed as it is written: rows a page at a time, receipts one at a time.
  app.get(
    '/account/export',
    {
      schema: {
        tags,
        summary: 'Everything of the account as a zip, streamed',
        description:
          '503 STORAGE_UNAVAILABLE when the receipt store does not answer before the download starts; ' +
          'if it stops answering during the download, the download breaks off within the store deadline.',
        produces: ['application/zip'],
        response: { 200: exportZip },
      },
    },
    async (request, reply) => {
      const user = request.user;
      await service.checkReceiptsReadable(deps, user);
      // The zip writer and CSV writer are loaded with the first export.
      const [{ default: yazl }, { writeExport }] = await Promise.all([import('yazl'), import('./export.writer.js')]);
      const zip = new yazl.ZipFile();
      const gone = new AbortController();
      reply.raw.on('close', () => gone.abort());
      writeExport(zip, { db: ctx.db, receipts, userId: user.id, now: new Date() }, gone.signal).then(
        () => zip.end(),
        (err: unknown) => {
          if (!gone.signal.aborted) request.log.error({ err }, 'export failed');
          // yazl's output is a PassThrough (typed as the bare interface): ending it with an error cuts the download.
          const output: unknown = zip.outputStream;
          if (output instanceof Readable) output.destroy(err instanceof Error ? err : new Error('export failed'));
        },
      );
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="ledgerly-export-${todayIn(user.timezone)}.zip"`)
        .header('cache-control', 'no-store')
        .send(zip.outputStream);
    },
  );

  // Multipart `file`: written to a temporary file (a zip is read from its end), checked, restored.
  app.post(
    '/account/restore',
    {
      schema: {
        tags,
        summary: 'Restore an export into this account, which must hold no data yet',
        description: `409 if the account already has categories, transactions or recurring items. ${SESSION_ONLY}`,
        consumes: ['multipart/form-data'],
        body: restoreForm,
        response: { 200: dataOf(restoreResultSchema), ...errorAnswers(403, 409, 413) },
      },
    },
    async (request) => {
      const user = requireSession(request);
      if (!request.isMultipart())
        throw validationError(SECURITY_MSG.restoreFileRequired, { file: SECURITY_MSG.restoreFileRequired });
      const part = await request.file({ limits: { fileSize: RESTORE_LIMITS.fileBytes, files: 1 } });
      if (!part || part.fieldname !== 'file') {
        throw validationError(SECURITY_MSG.restoreFileRequired, { file: SECURITY_MSG.restoreFileRequired });
      }
      const path = await newRestoreFile(ctx.config.dataDir);
      try {
        await pipeline(part.file, createWriteStream(path, { mode: 0o600 }));
        if (part.file.truncated) throw payloadTooLarge('The export file is larger than 2 GB');
        return { data: await restore({ db: ctx.db, receipts, log: request.log }, user.id, path) };
      } finally {
        await rm(path, { force: true });
      }
    },
  );

  app.delete(
    '/account',
    {
      schema: {
        tags,
        summary: 'Delete the account and every row and file of it at once',
        description: `The code is needed when two-factor sign-in is on. ${SESSION_ONLY}`,
        body: deleteUserAccountSchema,
        response: { ...done('Deleted'), ...codeLimited },
      },
    },
    async (request, reply) => {
      await service.deleteUserAccount(deps, requireSession(request), request.body);
      return reply.status(204).send();
    },
  );
};
