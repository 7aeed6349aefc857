import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categoryInputSchema, categoryListQuerySchema, categorySchema, dataOf } from '@ledgerly/shared';
import type { AppContext } from '../../app-context.js';
import { idParams } from '../../lib/ids.js';
import { errorAnswers } from '../../plugins/openapi.js';
import * as service from './categories.service.js';

const params = idParams('Category');
const tags = ['categories'];

/** The signed-in user's categories under /api/categories (protected scope). */
export const categoriesRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/categories',
    { schema: { tags, querystring: categoryListQuerySchema, response: { 200: dataOf(z.array(categorySchema)) } } },
    async (request) => ({ data: await service.list(db, request.user.id, request.query.type) }),
  );

  const initialized = z.object({
    data: z.array(categorySchema),
    meta: z.object({ created: z.number() }),
    message: z.string(),
  });
  app.post(
    '/categories/initialize',
    { schema: { tags, response: { 200: initialized, 201: initialized } } },
    async (request, reply) => {
      const { created, categories } = await service.initialize(db, request.user.id);
      return reply.status(created ? 201 : 200).send({
        data: categories,
        meta: { created },
        message: created ? 'Default categories initialized successfully!' : 'Default categories already exist',
      });
    },
  );

  app.post(
    '/categories',
    { schema: { tags, body: categoryInputSchema, response: { 201: dataOf(categorySchema), ...errorAnswers(409) } } },
    async (request, reply) => reply.status(201).send({ data: await service.create(db, request.user.id, request.body) }),
  );

  app.put(
    '/categories/:id',
    {
      schema: {
        tags,
        params,
        body: categoryInputSchema,
        response: { 200: dataOf(categorySchema), ...errorAnswers(403, 409) },
      },
    },
    async (request) => ({ data: await service.update(db, request.user.id, request.params.id, request.body) }),
  );

  app.delete(
    '/categories/:id',
    { schema: { tags, params, response: { 204: z.undefined().describe('Deleted'), ...errorAnswers(403, 409) } } },
    async (request, reply) => {
      await service.remove(db, request.user.id, request.params.id);
      return reply.status(204).send();
    },
  );
};
