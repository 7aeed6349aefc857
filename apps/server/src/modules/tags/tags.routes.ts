import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataOf,
  tagAnalyticsQuerySchema,
  tagCreateSchema,
  tagSchema,
  tagTotalSchema,
  tagUpdateSchema,
} from '@ledgerly/shared';
import type { AppContext } from '../../app-context.js';
import { idParams } from '../../lib/ids.js';
import { checkedByService, errorAnswers } from '../../plugins/openapi.js';
import * as service from './tags.service.js';

const params = idParams('Tag');
const tags = ['tags'];

/** The signed-in user's tags under /api/tags, and spending by tag (protected scope; docs/tags.md). */
export const tagsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/tags',
    {
      schema: {
        tags,
        summary: 'The tags, by name, with how many transactions carry each (`usage`)',
        response: { 200: dataOf(z.array(tagSchema)) },
      },
    },
    async (request) => ({ data: await service.list(db, request.user.id) }),
  );

  app.post(
    '/tags',
    {
      schema: {
        tags,
        summary: 'Creates a tag (409 when the name exists ignoring case, or at 500 tags)',
        body: checkedByService(tagCreateSchema),
        response: { 201: dataOf(tagSchema), ...errorAnswers(409) },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await service.create(db, request.user.id, request.body) }),
  );

  app.put(
    '/tags/:id',
    {
      schema: {
        tags,
        summary: 'Renames, recolours, archives or restores a tag',
        params,
        body: checkedByService(tagUpdateSchema),
        response: { 200: dataOf(tagSchema), ...errorAnswers(409) },
      },
    },
    async (request) => ({ data: await service.update(db, request.user.id, request.params.id, request.body) }),
  );

  app.delete(
    '/tags/:id',
    {
      schema: {
        tags,
        summary: 'Deletes a tag and removes it from its transactions (they stay)',
        params,
        response: { 204: z.undefined().describe('Deleted') },
      },
    },
    async (request, reply) => {
      await service.remove(db, request.user.id, request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/analytics/tags',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Spending (or income, `type`) per tag over a period; a row with two tags counts in both',
        querystring: checkedByService(tagAnalyticsQuerySchema),
        response: { 200: dataOf(z.array(tagTotalSchema)) },
      },
    },
    async (request) => ({ data: await service.totals(db, request.user.id, request.query) }),
  );
};
