import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountBalanceQuerySchema,
  accountBalanceSchema,
  accountCreateSchema,
  accountDeleteQuerySchema,
  accountDeleteResultSchema,
  accountRegisterQuerySchema,
  accountSchema,
  accountUpdateSchema,
  dataOf,
  netWorthAnswerSchema,
  netWorthQuerySchema,
  registerPageSchema,
} from '@ledgerly/shared';
import type { AppContext } from '../../app-context.js';
import { idParams } from '../../lib/ids.js';
import { errorAnswers } from '../../plugins/openapi.js';
import * as service from './accounts.service.js';

const params = idParams('Account');
const tags = ['accounts'];
const answer = dataOf(accountSchema);

/** The signed-in user's money accounts under /api/accounts, and net worth (protected scope; DESIGN §10). */
export const accountsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, receipts }) => {
  app.get(
    '/accounts',
    {
      schema: {
        tags,
        summary: 'Every account with its balances, by sortOrder then name',
        response: { 200: dataOf(z.array(accountSchema)) },
      },
    },
    async (request) => ({ data: await service.list(db, request.user) }),
  );

  app.post(
    '/accounts',
    {
      schema: {
        tags,
        description:
          'Creates an account. `onBudget` defaults by kind, `currency` to yours; an `openingBalance` (signed: a card owing 500 is −500) becomes a cleared opening row dated `openingDate` (default today).',
        body: accountCreateSchema,
        response: { 201: answer, ...errorAnswers(409) },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await service.create(db, request.user, request.body) }),
  );

  app.get('/accounts/:id', { schema: { tags, params, response: { 200: answer } } }, async (request) => ({
    data: await service.get(db, request.user, request.params.id),
  }));

  app.put(
    '/accounts/:id',
    {
      schema: {
        tags,
        description:
          'Changes only the fields given. `isDefault: true` moves the default here; `closed` closes or reopens; `openingBalance`/`openingDate` edit the opening row (0 removes it).',
        params,
        body: accountUpdateSchema,
        response: { 200: answer, ...errorAnswers(409) },
      },
    },
    async (request) => ({ data: await service.update(db, request.user, request.params.id, request.body) }),
  );

  app.post(
    '/accounts/:id/close',
    { schema: { tags, params, response: { 200: answer, ...errorAnswers(409) } } },
    async (request) => ({ data: await service.close(db, request.user, request.params.id) }),
  );

  app.post('/accounts/:id/reopen', { schema: { tags, params, response: { 200: answer } } }, async (request) => ({
    data: await service.reopen(db, request.user, request.params.id),
  }));

  app.delete(
    '/accounts/:id',
    {
      schema: {
        tags,
        description:
          'Deletes an account. One with transactions or recurring items is refused (409) unless `moveTo` names another open account: they move there first. Transfers between the two accounts are refused (409): they would become transfers to the same account.',
        params,
        querystring: accountDeleteQuerySchema,
        response: {
          200: z.object({ data: accountDeleteResultSchema, message: z.string() }),
          204: z.undefined().describe('Deleted'),
          ...errorAnswers(400, 409),
        },
      },
    },
    async (request, reply) => {
      const { moveTo } = request.query;
      const moved = await service.remove(db, request.user, request.params.id, moveTo);
      if (!moveTo) return reply.status(204).send();
      return reply.send({ data: { moved }, message: `Account deleted; ${moved} transactions moved` });
    },
  );

  app.get(
    '/accounts/:id/balance',
    {
      schema: {
        tags,
        summary: 'Balance and cleared balance as of the end of a day (default today)',
        params,
        querystring: accountBalanceQuerySchema,
        response: { 200: dataOf(accountBalanceSchema) },
      },
    },
    async (request) => ({ data: await service.balance(db, request.user, request.params.id, request.query.date) }),
  );

  app.get(
    '/accounts/:id/register',
    {
      schema: {
        tags,
        summary: "One page of the account's rows, newest first, each with the balance after it",
        params,
        querystring: accountRegisterQuerySchema,
        response: { 200: registerPageSchema },
      },
    },
    async (request) => service.register(db, receipts.sign, request.user, request.params.id, request.query),
  );

  app.get(
    '/analytics/net-worth',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Assets, liabilities and net worth at each month end, oldest first (the last month as of today)',
        querystring: netWorthQuerySchema,
        response: { 200: netWorthAnswerSchema },
      },
    },
    async (request) => service.netWorth(db, request.user, request.query.months),
  );
};
