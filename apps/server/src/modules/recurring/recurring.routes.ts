import type { FastifyPluginAsync } from 'fastify';
import { RECURRING_MESSAGES } from '@ledgerly/shared';
import type { AppContext } from '../../app-context.js';
import { assertUuid } from '../../lib/ids.js';
import * as service from './recurring.service.js';

const WHAT = 'Recurring transaction';

export const recurringRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  app.get('/recurring', async (request) => {
    const { user } = request;
    return { data: await service.list(db, user) };
  });

  app.get('/recurring/upcoming', async (request) => {
    const { user } = request;
    return { data: await service.upcoming(db, user, request.query) };
  });

  app.post('/recurring', async (request, reply) => {
    const { user } = request;
    return reply.status(201).send({ data: await service.create(db, user, request.body) });
  });

  app.post('/recurring/generate', async (request) => {
    const { user } = request;
    const data = await service.generateAll(db, user);
    return { data, message: RECURRING_MESSAGES.generatedMany(data.generated) };
  });

  app.put<{ Params: { id: string } }>('/recurring/:id', async (request) => {
    const { user } = request;
    assertUuid(request.params.id, WHAT);
    return { data: await service.update(db, user, request.params.id, request.body) };
  });

  app.delete<{ Params: { id: string } }>('/recurring/:id', async (request, reply) => {
    const { user } = request;
    assertUuid(request.params.id, WHAT);
    await service.remove(db, user, request.params.id);
    return reply.status(204).send();
  });

  app.post<{ Params: { id: string } }>('/recurring/:id/generate', async (request) => {
    const { user } = request;
    assertUuid(request.params.id, WHAT);
    const data = await service.generateOne(db, user, request.params.id);
    return { data, message: RECURRING_MESSAGES.generatedOne };
  });
};
