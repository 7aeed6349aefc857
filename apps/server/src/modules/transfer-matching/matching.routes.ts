import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataOf,
  linkedTransferSchema,
  markTransferResultSchema,
  markTransferSchema,
  matchResultSchema,
  transferPairSchema,
  transferSuggestionSchema,
} from '@ledgerly/shared';
import type { AppContext } from '../../app-context.js';
import * as service from './matching.service.js';

/**
 * Transfer matching under /api (protected scope; docs/accounts.md "Transfer matching"): possible
 * transfers, linking and rejecting them, matching on demand, bulk "mark as transfer". The
 * transfers module owns POST/PUT/DELETE /transfers/{id}; these static paths win over its {id}.
 */
export const transferMatchingRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, receipts }) => {
  const deps: service.MatchingDeps = { db, sign: receipts.sign };
  const tags = ['transfers'];

  app.get(
    '/transfers/suggestions',
    {
      schema: {
        tags,
        summary: 'Possible transfers: pairs of rows that may be one transfer, best first',
        response: { 200: dataOf(z.array(transferSuggestionSchema)) },
      },
    },
    async (request) => ({ data: await service.suggestions(deps, request.user.id) }),
  );

  app.post(
    '/transfers/link',
    {
      schema: {
        tags,
        summary: 'Link two rows (money out of one account, the same amount into another) into a transfer',
        body: transferPairSchema,
        response: { 201: dataOf(linkedTransferSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await service.link(deps, request.user.id, request.body.outTransactionId, request.body.inTransactionId),
      }),
  );

  app.post(
    '/transfers/suggestions/reject',
    {
      schema: {
        tags,
        summary: 'Say a possible transfer is not one: it is not suggested again',
        body: transferPairSchema,
        response: { 204: z.undefined().describe('Rejected') },
      },
    },
    async (request, reply) => {
      await service.reject(db, request.user.id, request.body.outTransactionId, request.body.inTransactionId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/transfers/match',
    {
      schema: {
        tags,
        summary: 'Run transfer matching now: links unique best pairs, counts the possible transfers left',
        response: { 200: dataOf(matchResultSchema) },
      },
    },
    async (request) => ({ data: await service.match(db, request.user.id) }),
  );

  app.post(
    '/transactions/bulk/mark-transfer',
    {
      schema: {
        tags: ['transactions', 'transfers'],
        summary: 'Mark the selected rows as transfers, each linked to its unique best partner',
        body: markTransferSchema,
        response: { 200: dataOf(markTransferResultSchema) },
      },
    },
    async (request) => ({ data: await service.markTransfers(db, request.user.id, request.body.ids) }),
  );
};
