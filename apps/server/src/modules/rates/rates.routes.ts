import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf, rateInputSchema, rateSchema, ratesQuerySchema } from '@ledgerly/shared';
import type { AppContext } from '../../app-context.js';
import { idParams } from '../../lib/ids.js';
import { errorAnswers } from '../../plugins/openapi.js';
import * as service from './rates.service.js';

const tags = ['rates'];

/** Exchange rates under /api/rates (protected scope): the shared history and the user's own. */
export const ratesRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/rates',
    {
      schema: {
        tags,
        summary: 'Effective rates of a currency into your base currency, day by day',
        description:
          'Every day from `start` to `end` (at most 366): `rate` is how many units of your base currency one unit of `currency` is worth, as an exact decimal string. `source`: `same` (your base currency), `user` (your own rate, with its `id`), `dataset` or `feed` (the shared history: its nearest earlier day within 7 days, crossed through USD), `missing` (`rate` null).',
        querystring: ratesQuerySchema,
        response: { 200: dataOf(z.array(rateSchema)) },
      },
    },
    async (request) => ({ data: await service.list(db, request.user, request.query) }),
  );

  app.put(
    '/rates',
    {
      schema: {
        tags,
        summary: 'Set your own rate for a currency and day',
        description:
          '1 unit of `currency` = `rate` units of your base currency on `day` (not after today). Replaces your rate of that currency and day; yours win over the shared history. `rate` is a number or a decimal string, more than zero, at most 12 decimals.',
        body: rateInputSchema,
        response: { 200: dataOf(rateSchema), ...errorAnswers(409) },
      },
    },
    async (request) => ({ data: await service.put(db, request.user, request.body) }),
  );

  app.delete(
    '/rates/:id',
    {
      schema: {
        tags,
        summary: 'Delete one of your own rates',
        params: idParams('Rate'),
        response: { 204: z.undefined().describe('Deleted') },
      },
    },
    async (request, reply) => {
      await service.remove(db, request.user.id, request.params.id);
      return reply.status(204).send();
    },
  );
};
