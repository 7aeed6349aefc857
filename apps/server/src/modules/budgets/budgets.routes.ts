import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  budgetInputSchema,
  budgetStatusItemSchema,
  budgetStatusQuerySchema,
  budgetUpdateSchema,
  dataOf,
} from '@ledgerly/shared';
import type { AppContext } from '../../app-context.js';
import { idParams } from '../../lib/ids.js';
import { checkedByService, errorAnswers } from '../../plugins/openapi.js';
import * as service from './budgets.service.js';

const params = idParams('Budget');
const tags = ['budgets'];
const answer = dataOf(budgetStatusItemSchema);

/** The signed-in user's budgets under /api/budgets (protected scope). */
export const budgetsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/budgets/status',
    {
      schema: {
        tags,
        querystring: budgetStatusQuerySchema,
        response: { 200: dataOf(z.array(budgetStatusItemSchema)) },
      },
    },
    async (request) => ({ data: await service.listStatus(db, request.user, request.query.period) }),
  );

  app.post(
    '/budgets',
    { schema: { tags, body: budgetInputSchema, response: { 201: answer, ...errorAnswers(409) } } },
    async (request, reply) => reply.status(201).send({ data: await service.create(db, request.user, request.body) }),
  );

  app.put(
    '/budgets/:id',
    // The unchangeable category is refused before the amount is looked at: the service checks it all.
    {
      schema: {
        tags,
        params,
        body: checkedByService(budgetUpdateSchema),
        response: { 200: answer, ...errorAnswers(409) },
      },
    },
    async (request) => ({ data: await service.update(db, request.user, request.params.id, request.body) }),
  );

  app.delete(
    '/budgets/:id',
    { schema: { tags, params, response: { 204: z.undefined().describe('Deleted') } } },
    async (request, reply) => {
      await service.remove(db, request.user.id, request.params.id);
      return reply.status(204).send();
    },
  );
};
