import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  analyticsRangeSchema,
  analyticsSummaryQuerySchema,
  analyticsSummarySchema,
  breakdownItemSchema,
  breakdownQuerySchema,
  categoryBreakdownQuerySchema,
  categoryBreakdownSchema,
  dailyTrendSchema,
  dashboardDataSchema,
  dashboardQuerySchema,
  dataOf,
  monthlyTrendSchema,
  monthlyTrendsQuerySchema,
  recentTransactionsQuerySchema,
  topCategoriesQuerySchema,
  transactionSchema,
  weekdayPatternSchema,
} from '@ledgerly/shared';
import type { AppContext } from '../../app-context.js';
import * as service from './analytics.service.js';

const tags = ['analytics'];

/** Read-only analytics of the signed-in user, all under /api/analytics (DESIGN.md §3). */
export const analyticsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, receipts }) => {
  const deps: service.AnalyticsDeps = { db, sign: receipts.sign };

  app.get(
    '/analytics/summary',
    {
      schema: {
        tags,
        summary: 'Income, expense and counts of a range; with tagIds/tagMode, of the rows with those tags',
        querystring: analyticsSummaryQuerySchema,
        response: { 200: dataOf(analyticsSummarySchema) },
      },
    },
    async (request) => ({ data: await service.summary(deps, request.user, request.query) }),
  );
  app.get(
    '/analytics/category-breakdown',
    {
      schema: {
        tags,
        summary: 'Totals per category (split rows by their lines); with tagIds/tagMode, of the rows with those tags',
        querystring: categoryBreakdownQuerySchema,
        response: { 200: dataOf(categoryBreakdownSchema) },
      },
    },
    async (request) => ({ data: await service.categoryBreakdown(deps, request.user, request.query) }),
  );
  app.get(
    '/analytics/top-categories',
    {
      schema: { tags, querystring: topCategoriesQuerySchema, response: { 200: dataOf(z.array(breakdownItemSchema)) } },
    },
    async (request) => ({ data: await service.topCategories(deps, request.user, request.query) }),
  );
  app.get(
    '/analytics/monthly-trends',
    {
      schema: { tags, querystring: monthlyTrendsQuerySchema, response: { 200: dataOf(z.array(monthlyTrendSchema)) } },
    },
    async (request) => ({ data: await service.monthlyTrends(deps, request.user, request.query) }),
  );
  app.get(
    '/analytics/daily-trends',
    {
      schema: {
        tags,
        summary: 'Every day of the range (default: this month), zeros filled; at most 366 days',
        querystring: analyticsRangeSchema,
        response: { 200: dataOf(z.array(dailyTrendSchema)) },
      },
    },
    async (request) => ({ data: await service.dailyTrends(deps, request.user, request.query) }),
  );
  app.get(
    '/analytics/daily-pattern',
    {
      schema: {
        tags,
        summary: 'Totals per weekday, Sunday (0) to Saturday (6)',
        querystring: breakdownQuerySchema,
        response: { 200: dataOf(z.array(weekdayPatternSchema)) },
      },
    },
    async (request) => ({ data: await service.dailyPattern(deps, request.user, request.query) }),
  );
  app.get(
    '/analytics/recent-transactions',
    {
      schema: {
        tags,
        querystring: recentTransactionsQuerySchema,
        response: { 200: dataOf(z.array(transactionSchema)) },
      },
    },
    async (request) => ({ data: await service.recentTransactions(deps, request.user, request.query) }),
  );
  app.get(
    '/analytics/dashboard',
    {
      schema: {
        tags,
        summary: 'Everything the Dashboard tab shows, in one answer; with tagIds/tagMode, of the rows with those tags',
        querystring: dashboardQuerySchema,
        response: { 200: dataOf(dashboardDataSchema) },
      },
    },
    async (request) => ({ data: await service.dashboard(deps, request.user, request.query) }),
  );
};
