import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf, reconciliationFinishSchema, reconciliationInputSchema, reconciliationSchema } from '@ledgerly/shared';
import type { AppContext } from '../../app-context.js';
import { idParams } from '../../lib/ids.js';
import { checkedByService } from '../../plugins/openapi.js';
import * as service from './reconciliations.service.js';

const accountParams = idParams('Account');
const params = idParams('Reconciliation');
const tags = ['reconciliations'];
const answer = dataOf(reconciliationSchema);
// The statement date is checked against the user's today by the service.
const startBody = checkedByService(reconciliationInputSchema('9999-12-31'));
// No body at all means no adjustment.
const finishBody = checkedByService(reconciliationFinishSchema);

/** Reconciling an account against a bank statement (protected scope; DESIGN §10). */
export const reconciliationsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.post(
    '/accounts/:id/reconciliations',
    {
      schema: {
        tags,
        summary: "Starts reconciling an account (or restates its open reconciliation's statement)",
        params: accountParams,
        body: startBody,
        response: { 201: answer },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await service.start(db, request.user, request.params.id, request.body) }),
  );

  app.get(
    '/accounts/:id/reconciliations',
    { schema: { tags, params: accountParams, response: { 200: z.object({ data: z.array(reconciliationSchema) }) } } },
    async (request) => ({ data: await service.list(db, request.user, request.params.id) }),
  );

  app.get('/reconciliations/:id', { schema: { tags, params, response: { 200: answer } } }, async (request) => ({
    data: await service.get(db, request.user, request.params.id),
  }));

  app.post(
    '/reconciliations/:id/finish',
    {
      schema: {
        tags,
        summary: 'Finishes: the cleared rows become reconciled (409 with a difference unless adjust)',
        params,
        body: finishBody.optional(),
        response: { 200: answer },
      },
    },
    async (request) => ({ data: await service.finish(db, request.user, request.params.id, request.body) }),
  );

  app.post(
    '/reconciliations/:id/reopen',
    { schema: { tags, summary: 'Reopens a finished reconciliation', params, response: { 200: answer } } },
    async (request) => ({ data: await service.reopen(db, request.user, request.params.id) }),
  );
};
