import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { budgetAlertListSchema } from '@ledgerly/shared';
import type { AppContext } from '../../app-context.js';
import { idParams } from '../../lib/ids.js';
import * as service from './alerts.service.js';

const params = idParams('Alert');
const tags = ['budgets'];
const done = z.undefined().describe('Done');

/** Budget alerts under /api/alerts (protected scope; docs/budgets.md, "Alerts"). */
export const alertsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/alerts',
    {
      schema: {
        tags,
        summary: 'Budget alerts not dismissed, newest first, with the unread count (new crossings are raised first)',
        response: { 200: budgetAlertListSchema },
      },
    },
    async (request) => service.list(db, request.user),
  );

  app.post(
    '/alerts/read',
    { schema: { tags, summary: 'Mark every alert read', response: { 204: done } } },
    async (request, reply) => {
      await service.markAllRead(db, request.user.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/alerts/:id/read',
    { schema: { tags, summary: 'Mark one alert read', params, response: { 204: done } } },
    async (request, reply) => {
      await service.markRead(db, request.user.id, request.params.id);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/alerts/:id',
    { schema: { tags, summary: 'Dismiss an alert (it no longer shows)', params, response: { 204: done } } },
    async (request, reply) => {
      await service.dismiss(db, request.user.id, request.params.id);
      return reply.status(204).send();
    },
  );
};
