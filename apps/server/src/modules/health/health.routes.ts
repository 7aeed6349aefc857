import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app.js';
import { AppError } from '../../errors.js';

export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/health', async () => {
    try {
      await ctx.database.ping();
    } catch {
      throw new AppError(503, 'DB_UNAVAILABLE', 'The database is unavailable');
    }
    return { data: { status: 'ok', database: ctx.database.kind } };
  });
}
