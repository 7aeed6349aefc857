import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bulkRequestSchema, bulkResultSchema, dataOf } from '@ledgerly/shared';
import type { AppContext } from '../../app-context.js';
import { checkedByService } from '../../plugins/openapi.js';
import type { TransactionDeps } from './transactions.service.js';
import { bulkEdit } from './transactions-bulk.service.js';

/** POST /transactions/bulk (issue 25 item 4), in the protected scope. */
export const transactionsBulkRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, receipts }) => {
  const deps: TransactionDeps = { db, receipts: receipts.store, sign: receipts.sign, log: app.log };
  app.post(
    '/transactions/bulk',
    {
      schema: {
        tags: ['transactions'],
        summary:
          'Set the category of, delete, mark cleared, add a tag to or remove a tag from many transactions at once (by ids or by filter)',
        body: checkedByService(bulkRequestSchema),
        response: { 200: dataOf(bulkResultSchema) },
      },
    },
    async (request) => ({ data: await bulkEdit(deps, request.user, request.body) }),
  );
};
