import type { FastifyInstance } from 'fastify';
import type { CategoryInput } from '@ledgerly/shared';
import type { AppContext } from '../../app.js';
import { requireUser } from '../../plugins/authenticate.js';
import { assertUuid } from '../../lib/ids.js';
import * as service from './categories.service.js';

export async function categoriesRoutes(app: FastifyInstance, { db }: AppContext): Promise<void> {
  app.get<{ Querystring: { type?: string } }>('/categories', async (request) => {
    const user = requireUser(request);
    return { data: await service.list(db, user.id, request.query.type) };
  });

  app.post('/categories/initialize', async (request, reply) => {
    const user = requireUser(request);
    const { created, categories } = await service.initialize(db, user.id);
    return reply.status(created ? 201 : 200).send({
      data: categories,
      meta: { created },
      message: created ? 'Default categories initialized successfully!' : 'Default categories already exist',
    });
  });

  app.post('/categories', async (request, reply) => {
    const user = requireUser(request);
    return reply.status(201).send({ data: await service.create(db, user.id, request.body as CategoryInput) });
  });

  app.put<{ Params: { id: string } }>('/categories/:id', async (request) => {
    const user = requireUser(request);
    assertUuid(request.params.id, 'Category');
    return { data: await service.update(db, user.id, request.params.id, request.body as CategoryInput) };
  });

  app.delete<{ Params: { id: string } }>('/categories/:id', async (request, reply) => {
    const user = requireUser(request);
    assertUuid(request.params.id, 'Category');
    await service.remove(db, user.id, request.params.id);
    return reply.status(204).send();
  });
}
