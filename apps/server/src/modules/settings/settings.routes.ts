import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CURRENCIES, currencySchema, dataOf, settingsInputSchema, settingsSchema } from '@ledgerly/shared';
import type { AppContext } from '../../app-context.js';
import * as service from './settings.service.js';

/** The signed-in user's settings under /api/settings (protected scope). */
export const settingsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, authCache }) => {
  app.get(
    '/settings',
    { schema: { tags: ['settings'], response: { 200: dataOf(settingsSchema) } } },
    async (request) => ({ data: service.toSettings(request.user) }),
  );

  // Email is not part of the payload: it never changes.
  app.put(
    '/settings',
    { schema: { tags: ['settings'], body: settingsInputSchema, response: { 200: dataOf(settingsSchema) } } },
    async (request) => {
      const data = await service.update(db, request.user.id, request.body);
      // The signed-in user (names, currency) is cached with the session: read it afresh.
      authCache.forgetUser(request.user.id);
      return { data };
    },
  );

  app.get(
    '/settings/currencies',
    { schema: { tags: ['settings'], response: { 200: dataOf(z.array(currencySchema)) } } },
    async () => ({ data: [...CURRENCIES] }),
  );
};
