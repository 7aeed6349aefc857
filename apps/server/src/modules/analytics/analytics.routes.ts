import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context.js';
import * as service from './analytics.service.js';

/** Read-only analytics of the signed-in user, all under /api/analytics (DESIGN.md §3). */
export const analyticsRoutes: FastifyPluginAsync<AppContext> = async (app, { db, receipts }) => {
  const deps: service.AnalyticsDeps = { db, sign: receipts.sign };
  const read = (path: string, handler: (viewer: service.Viewer, query: unknown) => Promise<unknown>) =>
    app.get(`/analytics/${path}`, async (request) => {
      const { user } = request;
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
};
