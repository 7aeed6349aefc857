import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { assertUuid } from '../../lib/ids.js';
import { readImportUpload } from './imports.form.js';
import * as service from './imports.service.js';
import * as rules from './rules.service.js';

/** Statement import, rules and CSV profiles under /api (protected scope; docs/imports.md). */
export const importsRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  const deps: service.ImportDeps = { db, log: app.log, jobs: new service.ImportJobs() };
  // Background commits finish (or fail and say so) before the database closes.
  app.addHook('onClose', async () => deps.jobs.idle());

  app.post('/imports', async (request, reply) => {
    const { user } = request;
    const upload = await readImportUpload(request);
    const batch = await service.create(deps, user, upload, upload.options);
    return reply.status(201).send({ data: batch });
  });

  app.get('/imports', async (request) => {
    const { user } = request;
    return { data: await service.list(deps, user) };
  });

  app.get<{ Params: { id: string } }>('/imports/:id', async (request) => {
    const { user } = request;
    assertUuid(request.params.id, 'Import');
    return { data: await service.get(deps, user, request.params.id, request.query) };
  });

  app.put<{ Params: { id: string } }>('/imports/:id', async (request) => {
    const { user } = request;
    assertUuid(request.params.id, 'Import');
    return { data: await service.update(deps, user, request.params.id, request.body) };
  });

  app.post<{ Params: { id: string } }>('/imports/:id/commit', async (request) => {
    const { user } = request;
    assertUuid(request.params.id, 'Import');
    return { data: await service.commit(deps, user, request.params.id) };
  });

  app.post<{ Params: { id: string } }>('/imports/:id/revert', async (request) => {
    const { user } = request;
    assertUuid(request.params.id, 'Import');
    return { data: await service.revert(deps, user, request.params.id) };
  });

  app.delete<{ Params: { id: string } }>('/imports/:id', async (request, reply) => {
    const { user } = request;
    assertUuid(request.params.id, 'Import');
    await service.discard(deps, user, request.params.id);
    return reply.status(204).send();
  });

  app.get('/rules', async (request) => {
    const { user } = request;
    return { data: await rules.listRules(db, user.id) };
  });

  app.post('/rules', async (request, reply) => {
    const { user } = request;
    return reply.status(201).send({ data: await rules.createRule(db, user.id, request.body) });
  });

  app.put<{ Params: { id: string } }>('/rules/:id', async (request) => {
    const { user } = request;
    assertUuid(request.params.id, 'Rule');
    return { data: await rules.updateRule(db, user.id, request.params.id, request.body) };
  });

  app.delete<{ Params: { id: string } }>('/rules/:id', async (request, reply) => {
    const { user } = request;
    assertUuid(request.params.id, 'Rule');
    await rules.deleteRule(db, user.id, request.params.id);
    return reply.status(204).send();
  });

  app.get('/import-profiles', async (request) => {
    const { user } = request;
    return { data: await rules.listProfiles(db, user.id) };
  });

  app.post('/import-profiles', async (request, reply) => {
    const { user } = request;
    return reply.status(201).send({ data: await rules.createProfile(db, user.id, request.body) });
  });

  app.delete<{ Params: { id: string } }>('/import-profiles/:id', async (request, reply) => {
    const { user } = request;
    assertUuid(request.params.id, 'Profile');
    await rules.deleteProfile(db, user.id, request.params.id);
    return reply.status(204).send();
  });
};
