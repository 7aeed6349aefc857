import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf, transferDeleteQuerySchema, transferInputSchema, transferSchema } from '@ledgerly/shared';
import type { AppContext } from '../../app-context.js';
import { idParams } from '../../lib/ids.js';
import { checkedByService } from '../../plugins/openapi.js';
import * as service from './transfers.service.js';

const params = idParams('Transfer');
const tags = ['transfers'];
const answer = dataOf(transferSchema);
// The date is checked against the user's today by the service, which names every bad field.
const body = checkedByService(transferInputSchema('9999-12-31'));
/** How a transfer between two currencies is given and checked (DESIGN §12), for the reference. */
const currencies =
  "Between two accounts of different currencies give `amount` (in the source account's currency) and either `toAmount` (what arrives, in the destination's currency) or `rate` (units of the destination's currency per one unit of the source's; `toAmount` is then `amount × rate` rounded half-even once). Each amount has at most its currency's decimals. The answer's `rate` is the one given or the one the two amounts imply; when one side is the base currency it is also kept as your rate of that day (`GET /rates`, source `user`) unless you set one, and it follows the transfer's edits and deletion. 400 with the field named for a zero or negative amount or rate, both `toAmount` and `rate`, more decimals than a currency has, or a rate more than 10 times away from that day's rate (your own or the shared history), nothing written. Within one currency `toAmount` and `rate` are left out.";
const deleteQuery = checkedByService(transferDeleteQuerySchema);

/** Transfers between the user's accounts under /api/transfers (protected scope; DESIGN §10). */
export const transfersRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, receipts }) => {
  const deps: service.TransferDeps = { db, receipts: receipts.store, sign: receipts.sign, log: app.log };

  app.post(
    '/transfers',
    {
      schema: {
        tags,
        summary: 'Moves money between two accounts (two rows)',
        description: currencies,
        body,
        response: { 201: answer },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await service.create(deps, request.user, request.body) }),
  );

  app.get('/transfers/:id', { schema: { tags, params, response: { 200: answer } } }, async (request) => ({
    data: await service.get(deps, request.user, request.params.id),
  }));

  app.put(
    '/transfers/:id',
    {
      schema: { tags, summary: 'Replaces both legs', description: currencies, params, body, response: { 200: answer } },
    },
    async (request) => ({ data: await service.update(deps, request.user, request.params.id, request.body) }),
  );

  app.delete(
    '/transfers/:id',
    {
      schema: {
        tags,
        summary: 'Deletes both legs, or with keep=out|in and categoryId unlinks, keeping that leg as a regular row',
        params,
        querystring: deleteQuery,
        response: { 204: z.undefined().describe('Deleted') },
      },
    },
    async (request, reply) => {
      await service.remove(deps, request.user, request.params.id, request.query);
      return reply.status(204).send();
    },
  );
};
