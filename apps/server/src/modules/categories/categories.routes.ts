import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categoryDeleteQuerySchema,
  categoryInputSchema,
  categoryListQuerySchema,
  categoryMoveResultSchema,
  categorySchema,
  categoryUsageSchema,
  dataOf,
} from '@ledgerly/shared';
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

  app.get(
    '/categories/:id/usage',
    {
      schema: {
        tags,
        description:
          'How many transactions, recurring items and budgets use the category, so a delete can offer the move from the start.',
        params,
        response: { 200: dataOf(categoryUsageSchema) },
      },
    },
    async (request) => ({ data: await service.usage(db, request.user.id, request.params.id) }),
  );

  app.delete(
    '/categories/:id',
    {
      schema: {
        tags,
        description:
          'Deletes a category. One in use is refused (409) unless `moveTo` names a category of the same type: its transactions, recurring items and budgets move there first (a budget whose period the target already has is dropped), and the answer says what moved.',
        params,
        querystring: categoryDeleteQuerySchema,
        response: {
          200: z.object({ data: categoryMoveResultSchema, message: z.string() }),
          204: z.undefined().describe('Deleted'),
          ...errorAnswers(400, 403, 409),
        },
      },
    },
    async (request, reply) => {
      const moved = await service.remove(db, request.user.id, request.params.id, request.query.moveTo);
      if (!moved) return reply.status(204).send();
      return reply.send({ data: moved, message: movedMessage(moved) });
    },
  );
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** 'Category deleted successfully! Moved 3 transactions and 1 budget; 1 budget was dropped…' */
function movedMessage(m: { transactions: number; recurring: number; budgets: number; budgetsDropped: number }): string {
  const parts = [];
  if (m.transactions) parts.push(plural(m.transactions, 'transaction'));
  if (m.recurring) parts.push(plural(m.recurring, 'recurring transaction'));
  if (m.budgets) parts.push(plural(m.budgets, 'budget'));
  let message = 'Category deleted successfully!';
  if (parts.length) message += ` Moved ${parts.join(', ')}.`;
  if (m.budgetsDropped)
    message += ` ${plural(m.budgetsDropped, 'budget')} dropped: the target category already had one for that period.`;
  return message;
}
