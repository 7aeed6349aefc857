import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf } from '@ledgerly/shared';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../errors.js';

const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

/** How long the health check waits for the database before answering 503. */
export const HEALTH_DB_TIMEOUT_MS = 1000;

/** GET /api/health (public scope): 200 while the database answers within a second, 503 otherwise. */
export const healthRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { database }) => {
  app.get('/health', { schema: { tags: ['health'], response: { 200: dataOf(healthSchema) } } }, async () => {
    try {
      await database.ping(HEALTH_DB_TIMEOUT_MS);
    } catch {
      throw new AppError(503, 'DB_UNAVAILABLE', 'The database is unavailable');
    }
    return { data: { status: 'ok' as const, database: database.kind } };
  });
};
