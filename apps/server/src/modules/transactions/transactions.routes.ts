import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { assertUuid } from '../../lib/ids.js';
import { readTransactionForm } from './transactions.form.js';
import * as service from './transactions.service.js';

export const transactionsRoutes: FastifyPluginAsync<AppContext> = async (app, { db, receipts }) => {
  const deps: service.TransactionDeps = { db, receipts: receipts.store, sign: receipts.sign, log: app.log };

  app.get('/transactions', async (request) => {
    const { user } = request;
    return service.list(deps, user, request.query);
  });

  app.get('/transactions/summary', async (request) => {
    const { user } = request;
    return { data: await service.summary(deps, user, request.query) };
  });

  app.get<{ Params: { id: string } }>('/transactions/:id', async (request) => {
    const { user } = request;
    assertUuid(request.params.id, 'Transaction');
    return { data: await service.get(deps, user, request.params.id) };
  });

  app.post('/transactions', async (request, reply) => {
    const { user } = request;
    const form = await readTransactionForm(request);
    return reply.status(201).send({ data: await service.create(deps, user, form) });
  });

  app.put<{ Params: { id: string } }>('/transactions/:id', async (request) => {
    const { user } = request;
    assertUuid(request.params.id, 'Transaction');
    const form = await readTransactionForm(request);
    return { data: await service.update(deps, user, request.params.id, form) };
  });

  app.delete<{ Params: { id: string } }>('/transactions/:id', async (request, reply) => {
    const { user } = request;
    assertUuid(request.params.id, 'Transaction');
    await service.remove(deps, user, request.params.id);
    return reply.status(204).send();
  });
};
