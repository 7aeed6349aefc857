import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app.js';
import { requireUser } from '../../plugins/authenticate.js';
import { assertUuid } from '../../lib/ids.js';
import * as service from './budgets.service.js';

export async function budgetsRoutes(app: FastifyInstance, { db }: AppContext): Promise<void> {
  app.get<{ Querystring: { period?: unknown } }>('/budgets/status', async (request) => {
    const user = requireUser(request);
    return { data: await service.listStatus(db, user, request.query.period) };
  });

  app.post('/budgets', async (request, reply) => {
    const user = requireUser(request);
    return reply.status(201).send({ data: await service.create(db, user, request.body) });
  });

  app.put<{ Params: { id: string } }>('/budgets/:id', async (request) => {
    const user = requireUser(request);
    assertUuid(request.params.id, 'Budget');
    return { data: await service.update(db, user, request.params.id, request.body) };
  });

  app.delete<{ Params: { id: string } }>('/budgets/:id', async (request, reply) => {
    const user = requireUser(request);
    assertUuid(request.params.id, 'Budget');
    await service.remove(db, user.id, request.params.id);
    return reply.status(204).send();
  });
}
