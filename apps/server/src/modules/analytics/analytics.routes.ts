import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app.js';
import { requireUser } from '../../plugins/authenticate.js';
import { receiptUrlSignerFor } from '../transactions/receipt-urls.js';
import * as service from './analytics.service.js';

/** Read-only analytics of the signed-in user, all under /api/analytics (DESIGN.md §3). */
export async function analyticsRoutes(app: FastifyInstance, { db, config }: AppContext): Promise<void> {
  const deps: service.AnalyticsDeps = { db, sign: receiptUrlSignerFor(config.appSecret) };
  const read = (path: string, handler: (viewer: service.Viewer, query: unknown) => Promise<unknown>) =>
    app.get(`/analytics/${path}`, async (request) => {
      const user = requireUser(request);
      return { data: await handler(user, request.query) };
    });

  read('summary', (viewer, query) => service.summary(deps, viewer, query));
  read('category-breakdown', (viewer, query) => service.categoryBreakdown(deps, viewer, query));
  read('top-categories', (viewer, query) => service.topCategories(deps, viewer, query));
  read('monthly-trends', (viewer, query) => service.monthlyTrends(deps, viewer, query));
  read('daily-trends', (viewer, query) => service.dailyTrends(deps, viewer, query));
  read('daily-pattern', (viewer, query) => service.dailyPattern(deps, viewer, query));
  read('recent-transactions', (viewer, query) => service.recentTransactions(deps, viewer, query));
  read('dashboard', (viewer, query) => service.dashboard(deps, viewer, query));
}
