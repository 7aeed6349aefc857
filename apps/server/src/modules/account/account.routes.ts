import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import yazl from 'yazl';
import { ACCOUNT_MSG, todayIn } from '@ledgerly/shared';
import { payloadTooLarge, validationError } from '../../errors.js';
import type { AppContext } from '../../app-context.js';
import { assertUuid } from '../../lib/ids.js';
import { requireSession } from '../../plugins/authenticate.js';
import * as service from './account.service.js';
import { writeExport } from './export.writer.js';
import { RESTORE_LIMITS } from './restore.reader.js';
import { restore } from './restore.service.js';

/** DESIGN §8: the account itself. Everything but reading needs a browser session, not an API token. */
export const accountRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const receipts = ctx.receipts.store;
  const deps: service.AccountDeps = { ...ctx, receipts, log: app.log };

  app.get('/account/security', { schema: { tags: ['account'] } }, async (request) => ({
    data: await service.overview(deps, requireSession(request)),
  }));

  app.put('/account/password', { schema: { tags: ['account'] } }, async (request, reply) => {
    await service.changePassword(deps, requireSession(request), request.body);
    return reply.status(204).send();
  });

  app.get('/account/sessions', { schema: { tags: ['account'] } }, async (request) => ({
    data: await service.listSessions(deps, requireSession(request)),
  }));

  app.delete<{ Params: { id: string } }>(
    '/account/sessions/:id',
    { schema: { tags: ['account'] } },
    async (request, reply) => {
      const user = requireSession(request);
      assertUuid(request.params.id, 'Session');
      await service.revokeSession(deps, user, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post('/account/sessions/revoke-others', { schema: { tags: ['account'] } }, async (request) => ({
    data: { revoked: await service.revokeOtherSessions(deps, requireSession(request)) },
  }));

  app.post('/account/2fa/setup', { schema: { tags: ['account'] } }, async (request) => ({
    data: await service.setupTwoFactor(deps, requireSession(request)),
  }));

  app.post('/account/2fa/enable', { schema: { tags: ['account'] } }, async (request) => ({
    data: { recoveryCodes: await service.enableTwoFactor(deps, requireSession(request), request.body) },
  }));

  app.post('/account/2fa/disable', { schema: { tags: ['account'] } }, async (request, reply) => {
    await service.disableTwoFactor(deps, requireSession(request), request.body);
    return reply.status(204).send();
  });

  app.get('/account/tokens', { schema: { tags: ['account'] } }, async (request) => ({
    data: await service.listTokens(deps, request.user),
  }));

  app.post('/account/tokens', { schema: { tags: ['account'] } }, async (request, reply) =>
    reply.status(201).send({ data: await service.createToken(deps, requireSession(request), request.body) }),
  );

  app.delete<{ Params: { id: string } }>(
    '/account/tokens/:id',
    { schema: { tags: ['account'] } },
    async (request, reply) => {
      const user = requireSession(request);
      assertUuid(request.params.id, 'Token');
      await service.revokeToken(deps, user, request.params.id);
      return reply.status(204).send();
    },
  );

  // A zip streamed as it is written: rows a page at a time, receipts one at a time.
  app.get('/account/export', { schema: { tags: ['account'] } }, async (request, reply) => {
    const user = request.user;
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
  });

  // Multipart `file`: written to a temporary file (a zip is read from its end), checked, restored.
  app.post('/account/restore', { schema: { tags: ['account'] } }, async (request) => {
    const user = requireSession(request);
    if (!request.isMultipart())
      throw validationError(ACCOUNT_MSG.restoreFileRequired, { file: ACCOUNT_MSG.restoreFileRequired });
    const part = await request.file({ limits: { fileSize: RESTORE_LIMITS.fileBytes, files: 1 } });
    if (!part || part.fieldname !== 'file') {
      throw validationError(ACCOUNT_MSG.restoreFileRequired, { file: ACCOUNT_MSG.restoreFileRequired });
    }
    const dir = join(ctx.config.dataDir, 'tmp');
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const path = join(dir, `restore-${randomUUID()}.zip`);
    try {
      await pipeline(part.file, createWriteStream(path, { mode: 0o600 }));
      if (part.file.truncated) throw payloadTooLarge('The export file is larger than 2 GB');
      return { data: await restore({ db: ctx.db, receipts, log: request.log }, user.id, path) };
    } finally {
      await rm(path, { force: true });
    }
  });

  app.delete('/account', { schema: { tags: ['account'] } }, async (request, reply) => {
    await service.deleteAccount(deps, requireSession(request), request.body);
    return reply.status(204).send();
  });
};
