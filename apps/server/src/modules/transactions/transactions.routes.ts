import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataOf,
  pageOf,
  todayIn,
  transactionFilterSchema,
  transactionInputSchema,
  transactionListQuerySchema,
  transactionSchema,
  transactionStatusInputSchema,
  transactionSummarySchema,
} from '@ledgerly/shared';
import type { AppContext } from '../../app-context.js';
import { idParams } from '../../lib/ids.js';
import { checkedByService, errorAnswers } from '../../plugins/openapi.js';
import { readTransactionForm } from './transactions.form.js';
import * as service from './transactions.service.js';

const params = idParams('Transaction');
const tags = ['transactions'];
const answer = dataOf(transactionSchema);
// Dates are checked against the user's today (and start against end) by the service, which
// reports every problem in one `fields` map; the schemas here document the parameters.
const filter = checkedByService(transactionFilterSchema);
const listQuery = checkedByService(transactionListQuerySchema);
/** The fields as multipart/form-data (with an optional `receipt` image) or as JSON. */
const form = checkedByService(
  transactionInputSchema('9999-12-31').extend({
    receipt: z
      .custom<Buffer>()
      .optional()
      .meta({ type: 'string', format: 'binary', description: 'JPEG, PNG or WebP, at most 5 MB (multipart only)' }),
  }),
);
const consumes = ['multipart/form-data', 'application/json'];
const csv = z.custom<Readable>().meta({
  type: 'string',
  description:
    'CSV: Date,Description,Category,Amount,Tags,Split (a split row, then one "line" row per line; docs/splits.md)',
});

/** The signed-in user's transactions under /api/transactions (protected scope). */
export const transactionsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, receipts }) => {
  const deps: service.TransactionDeps = { db, receipts: receipts.store, sign: receipts.sign, log: app.log };

  app.get(
    '/transactions',
    {
      schema: {
        tags,
        summary: 'One page of the matching transactions, newest first',
        querystring: listQuery,
        response: { 200: pageOf(transactionSchema) },
      },
    },
    async (request) => service.list(deps, request.user, request.query),
  );

  app.get(
    '/transactions/summary',
    { schema: { tags, querystring: filter, response: { 200: dataOf(transactionSummarySchema) } } },
    async (request) => ({ data: await service.summary(deps, request.user, request.query) }),
  );

  /** The list's matching transactions as CSV, streamed; the importer reads it back (DESIGN §7). */
  app.get(
    '/transactions/export.csv',
    {
      schema: {
        tags,
        summary: 'The matching transactions as CSV (re-imports with no new rows)',
        querystring: filter,
        produces: ['text/csv'],
        response: { 200: csv },
      },
    },
    async (request, reply) => {
      const { user } = request;
      const lines = service.exportCsv(deps, user, request.query);
      // The first line comes after the filters are checked, so a bad filter is still a plain 400.
      const first = await lines.next();
      async function* all() {
        if (!first.done) yield first.value;
        yield* lines;
      }
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="transactions-${todayIn(user.timezone)}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(Readable.from(all()));
    },
  );

  app.get('/transactions/:id', { schema: { tags, params, response: { 200: answer } } }, async (request) => ({
    data: await service.get(deps, request.user, request.params.id),
  }));

  app.post(
    '/transactions',
    { schema: { tags, consumes, body: form, response: { 201: answer, ...errorAnswers(413, 415) } } },
    async (request, reply) => {
      const fields = await readTransactionForm(request);
      return reply.status(201).send({ data: await service.create(deps, request.user, fields) });
    },
  );

  app.put(
    '/transactions/:id',
    { schema: { tags, consumes, params, body: form, response: { 200: answer, ...errorAnswers(413, 415) } } },
    async (request) => {
      const fields = await readTransactionForm(request);
      return { data: await service.update(deps, request.user, request.params.id, fields) };
    },
  );

  app.put(
    '/transactions/:id/status',
    {
      schema: {
        tags,
        summary: "Marks a row cleared or uncleared (a transfer leg's own status)",
        params,
        body: checkedByService(transactionStatusInputSchema),
        response: { 200: answer },
      },
    },
    async (request) => ({ data: await service.setStatus(deps, request.user, request.params.id, request.body) }),
  );

  app.delete(
    '/transactions/:id',
    { schema: { tags, params, response: { 204: z.undefined().describe('Deleted') } } },
    async (request, reply) => {
      await service.remove(deps, request.user, request.params.id);
      return reply.status(204).send();
    },
  );
};
