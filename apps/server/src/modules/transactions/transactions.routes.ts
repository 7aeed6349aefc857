import { Readable } from 'node:stream';
import { todayIn } from '@ledgerly/shared';
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

  /** The list's matching transactions as CSV, streamed; the importer reads it back (DESIGN §7). */
  app.get('/transactions/export.csv', async (request, reply) => {
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
