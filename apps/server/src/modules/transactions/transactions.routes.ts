import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app.js';
import { requireUser } from '../../plugins/authenticate.js';
import { assertUuid } from '../../lib/ids.js';
import { deriveReceiptKeys } from './receipt-crypto.js';
import { createReceiptStore } from './receipt-store.js';
import { createReceiptUrlSigner } from './receipt-urls.js';
import { receiptsRoutes } from './receipts.routes.js';
import { readTransactionForm } from './transactions.form.js';
import * as service from './transactions.service.js';

export async function transactionsRoutes(app: FastifyInstance, { db, config }: AppContext): Promise<void> {
  const keys = deriveReceiptKeys(config.appSecret);
  const receipts = createReceiptStore(join(config.dataDir, 'receipts'), keys.encryption);
  const deps: service.TransactionDeps = { db, receipts, sign: createReceiptUrlSigner(keys.signing), log: app.log };

  app.get('/transactions', async (request) => {
    const user = requireUser(request);
    return service.list(deps, user, request.query);
  });

  app.get('/transactions/summary', async (request) => {
    const user = requireUser(request);
    return { data: await service.summary(deps, user, request.query) };
  });

  app.get<{ Params: { id: string } }>('/transactions/:id', async (request) => {
    const user = requireUser(request);
    assertUuid(request.params.id, 'Transaction');
    return { data: await service.get(deps, user, request.params.id) };
  });

  app.post('/transactions', async (request, reply) => {
    const user = requireUser(request);
    const form = await readTransactionForm(request);
    return reply.status(201).send({ data: await service.create(deps, user, form) });
  });

  app.put<{ Params: { id: string } }>('/transactions/:id', async (request) => {
    const user = requireUser(request);
    assertUuid(request.params.id, 'Transaction');
    const form = await readTransactionForm(request);
    return { data: await service.update(deps, user, request.params.id, form) };
  });

  app.delete<{ Params: { id: string } }>('/transactions/:id', async (request, reply) => {
    const user = requireUser(request);
    assertUuid(request.params.id, 'Transaction');
    await service.remove(deps, user, request.params.id);
    return reply.status(204).send();
  });

  await receiptsRoutes(app, { db, receipts, signingKey: keys.signing });
}
