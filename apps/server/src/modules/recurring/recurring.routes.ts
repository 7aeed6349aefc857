import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RECURRING_MESSAGES,
  dataOf,
  generateAllResultSchema,
  generateOneResultSchema,
  recurringInputSchema,
  recurringSkipInputSchema,
  recurringTransactionSchema,
  upcomingOccurrenceSchema,
  upcomingQuerySchema,
} from '@ledgerly/shared';
import type { AppContext } from '../../app-context.js';
import { idParams } from '../../lib/ids.js';
import { checkedByService, errorAnswers } from '../../plugins/openapi.js';
import * as service from './recurring.service.js';

const params = idParams('Recurring transaction');
const tags = ['recurring'];
const answer = dataOf(recurringTransactionSchema);
// The category must be one of the user's, of the item's type: the service checks the body.
const body = checkedByService(recurringInputSchema);

/** The signed-in user's recurring items under /api/recurring (protected scope; docs/recurring.md). */
export const recurringRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/recurring',
    { schema: { tags, response: { 200: dataOf(z.array(recurringTransactionSchema)) } } },
    async (request) => ({ data: await service.list(db, request.user) }),
  );

  app.get(
    '/recurring/upcoming',
    {
      schema: {
        tags,
        summary: 'Occurrences due from today through today + days, not generated yet',
        querystring: upcomingQuerySchema,
        response: { 200: dataOf(z.array(upcomingOccurrenceSchema)) },
      },
    },
    async (request) => ({ data: await service.upcoming(db, request.user, request.query.days) }),
  );

  app.post(
    '/recurring',
    { schema: { tags, body, response: { 201: answer, ...errorAnswers(409) } } },
    async (request, reply) => reply.status(201).send({ data: await service.create(db, request.user, request.body) }),
  );

  app.post(
    '/recurring/generate',
    {
      schema: {
        tags,
        summary: 'Generate due occurrences of every active item (at most 1,000 per call; `more` when some remain)',
        response: { 200: dataOf(generateAllResultSchema).extend({ message: z.string() }) },
      },
    },
    async (request) => {
      const data = await service.generateAll(db, request.user);
      const message = data.more
        ? RECURRING_MESSAGES.generatedSome(data.generated)
        : RECURRING_MESSAGES.generatedMany(data.generated);
      return { data, message };
    },
  );

  app.put('/recurring/:id', { schema: { tags, params, body, response: { 200: answer } } }, async (request) => ({
    data: await service.update(db, request.user, request.params.id, request.body),
  }));

  app.delete(
    '/recurring/:id',
    { schema: { tags, params, response: { 204: z.undefined().describe('Deleted') } } },
    async (request, reply) => {
      await service.remove(db, request.user, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/recurring/:id/unskip',
    {
      schema: {
        tags,
        summary: 'Undo the skip of an occurrence: it is scheduled again (refused once a later one was generated)',
        params,
        body: recurringSkipInputSchema,
        response: { 200: answer.extend({ message: z.string() }), ...errorAnswers(409) },
      },
    },
    async (request) => ({
      data: await service.unskip(db, request.user, request.params.id, request.body),
      message: RECURRING_MESSAGES.unskipped,
    }),
  );

  app.post(
    '/recurring/:id/skip',
    {
      schema: {
        tags,
        summary: 'Skip one occurrence not generated yet (it is never generated; the schedule moves on)',
        params,
        body: recurringSkipInputSchema,
        response: { 200: answer.extend({ message: z.string() }), ...errorAnswers(409) },
      },
    },
    async (request) => ({
      data: await service.skip(db, request.user, request.params.id, request.body),
      message: RECURRING_MESSAGES.skipped,
    }),
  );

  app.post(
    '/recurring/:id/generate',
    {
      schema: {
        tags,
        summary: 'Generate the next occurrence of one item now',
        params,
        response: { 200: dataOf(generateOneResultSchema).extend({ message: z.string() }), ...errorAnswers(409) },
      },
    },
    async (request) => {
      const data = await service.generateOne(db, request.user, request.params.id);
      return { data, message: RECURRING_MESSAGES.generatedOne };
    },
  );
};
