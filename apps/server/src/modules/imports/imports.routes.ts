import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataOf,
  importBatchSchema,
  importProfileSchema,
  importRowsQuerySchema,
  importRuleSchema,
  ruleMatchesSchema,
  ruleOrderSchema,
  importUpdateSchema,
  profileInputSchema,
  ruleInputSchema,
} from '@ledgerly/shared';
import type { AppContext } from '../../app-context.js';
import { idParams } from '../../lib/ids.js';
import { errorAnswers } from '../../plugins/openapi.js';
import { readImportUpload } from './imports.form.js';
import { StatementParser } from './parse/pool.js';
import * as service from './imports.service.js';
import * as rules from './rules.service.js';

const deleted = { 204: z.undefined().describe('Deleted') };
const batch = dataOf(importBatchSchema);
const rule = dataOf(importRuleSchema);

/**
 * The upload of POST /imports, read from the multipart stream by the handler (imports.form.ts),
 * so the route only documents it.
 */
const upload = z.unknown().meta({
  type: 'object',
  required: ['file'],
  properties: {
    file: { type: 'string', format: 'binary', description: 'The statement: CSV, OFX/QFX, QIF or CAMT, at most 20 MB' },
    options: {
      type: 'string',
      description: 'Optional JSON of the import options (what is omitted is detected)',
      contentMediaType: 'application/json',
    },
  },
});

/** Statement import, rules and CSV profiles under /api (protected scope; docs/imports.md). */
export const importsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, config, importJobs }) => {
  const parser = new StatementParser(config.importParse);
  const deps: service.ImportDeps = { db, log: app.log, jobs: importJobs, parser };
  // Background commits finish (or fail and say so) before the database closes; reading threads end.
  app.addHook('onClose', async () => {
    await deps.jobs.idle();
    await parser.close();
  });

  const imports = { tags: ['imports'] };
  const params = idParams('Import');

  app.post(
    '/imports',
    {
      schema: {
        ...imports,
        summary: 'Upload a statement: read, classify and preview it (nothing is written to the ledger)',
        consumes: ['multipart/form-data'],
        body: upload,
        response: { 201: batch, ...errorAnswers(409, 413, 415) },
      },
    },
    async (request, reply) => {
      const file = await readImportUpload(request);
      const created = await service.create(deps, request.user, file, file.options);
      return reply.status(201).send({ data: created });
    },
  );

  app.get(
    '/imports',
    {
      schema: {
        ...imports,
        summary: 'Past imports, newest first',
        response: { 200: dataOf(z.array(importBatchSchema)) },
      },
    },
    async (request) => ({ data: await service.list(deps, request.user) }),
  );

  app.get(
    '/imports/:id',
    {
      schema: {
        ...imports,
        summary: 'An import with one page of its rows',
        params,
        querystring: importRowsQuerySchema,
        response: { 200: batch },
      },
    },
    async (request) => ({ data: await service.get(deps, request.user, request.params.id, request.query) }),
  );

  app.put(
    '/imports/:id',
    {
      schema: {
        ...imports,
        summary: 'Re-read with other options, or choose categories / skip rows',
        params,
        body: importUpdateSchema,
        response: { 200: batch, ...errorAnswers(409) },
      },
    },
    async (request) => ({ data: await service.update(deps, request.user, request.params.id, request.body) }),
  );

  app.post(
    '/imports/:id/commit',
    {
      schema: {
        ...imports,
        summary: 'Import the new rows (large files continue in the background: poll the import)',
        params,
        response: { 200: batch, ...errorAnswers(409) },
      },
    },
    async (request) => ({ data: await service.commit(deps, request.user, request.params.id) }),
  );

  app.post(
    '/imports/:id/revert',
    {
      schema: {
        ...imports,
        summary: 'Undo: remove exactly the transactions this import created',
        params,
        response: { 200: batch, ...errorAnswers(409) },
      },
    },
    async (request) => ({ data: await service.revert(deps, request.user, request.params.id) }),
  );

  app.delete(
    '/imports/:id',
    { schema: { ...imports, summary: 'Discard a preview', params, response: { ...deleted, ...errorAnswers(409) } } },
    async (request, reply) => {
      await service.discard(deps, request.user, request.params.id);
      return reply.status(204).send();
    },
  );

  const rulesDoc = { tags: ['rules'] };
  const ruleParams = idParams('Rule');

  app.get(
    '/rules',
    { schema: { ...rulesDoc, response: { 200: dataOf(z.array(importRuleSchema)) } } },
    async (request) => ({ data: await rules.listRules(db, request.user.id) }),
  );

  app.post(
    '/rules',
    { schema: { ...rulesDoc, body: ruleInputSchema, response: { 201: rule } } },
    async (request, reply) =>
      reply.status(201).send({ data: await rules.createRule(db, request.user.id, request.body) }),
  );

  app.put(
    '/rules/:id',
    { schema: { ...rulesDoc, params: ruleParams, body: ruleInputSchema, response: { 200: rule } } },
    async (request) => ({ data: await rules.updateRule(db, request.user.id, request.params.id, request.body) }),
  );

  app.put(
    '/rules/order',
    {
      schema: {
        ...rulesDoc,
        summary: 'Set the order the rules are tried in',
        body: ruleOrderSchema,
        response: { 200: dataOf(z.array(importRuleSchema)) },
      },
    },
    async (request) => ({ data: await rules.orderRules(db, request.user.id, request.body.ids) }),
  );

  app.post(
    '/rules/preview',
    {
      schema: {
        ...rulesDoc,
        summary: 'The past transactions a rule would recategorise',
        body: ruleInputSchema,
        response: { 200: dataOf(ruleMatchesSchema) },
      },
    },
    async (request) => ({ data: await rules.previewRule(db, request.user.id, request.body) }),
  );

  app.post(
    '/rules/:id/apply',
    {
      schema: {
        ...rulesDoc,
        summary: 'Give the rule’s category to the past transactions it matches',
        params: ruleParams,
        response: { 200: dataOf(z.object({ updated: z.number().int() })) },
      },
    },
    async (request) => ({ data: await rules.applyRule(db, request.user.id, request.params.id) }),
  );

  app.delete(
    '/rules/:id',
    { schema: { ...rulesDoc, params: ruleParams, response: deleted } },
    async (request, reply) => {
      await rules.deleteRule(db, request.user.id, request.params.id);
      return reply.status(204).send();
    },
  );

  const profilesDoc = { tags: ['import profiles'] };

  app.get(
    '/import-profiles',
    { schema: { ...profilesDoc, response: { 200: dataOf(z.array(importProfileSchema)) } } },
    async (request) => ({ data: await rules.listProfiles(db, request.user.id) }),
  );

  app.post(
    '/import-profiles',
    {
      schema: {
        ...profilesDoc,
        summary: 'Save CSV settings, recognised by the header row next time',
        body: profileInputSchema,
        response: { 201: dataOf(importProfileSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await rules.createProfile(db, request.user.id, request.body) }),
  );

  app.delete(
    '/import-profiles/:id',
    { schema: { ...profilesDoc, params: idParams('Profile'), response: deleted } },
    async (request, reply) => {
      await rules.deleteProfile(db, request.user.id, request.params.id);
      return reply.status(204).send();
    },
  );
};
