/**
 * PostgreSQL plans (EXPLAIN ANALYZE, BUFFERS) of the statements behind the reads that matter
 * most at size: the dashboard for the whole history and this year, the list's first page, its
 * search for "coffee" with the bounded count, and budget status. Each service runs once through
 * a logging Drizzle instance; every statement it sent is then explained with its parameters.
 * Used by http.bench.ts --explain.
 */
import { type PlanCase, explainCases } from './explain.js';
import * as analytics from '../apps/server/src/modules/analytics/analytics.service.js';
import * as budgets from '../apps/server/src/modules/budgets/budgets.service.js';
import * as transactions from '../apps/server/src/modules/transactions/transactions.service.js';

export async function explainReads(url: string, userId: string, today: string): Promise<void> {
  const sign = () => ({ receiptUrl: null, receiptThumbUrl: null });
  const viewer = { id: userId, timezone: 'UTC', currency: 'USD' };
  console.log(`\n## PostgreSQL plans (today ${today})`);
  await explainCases(url, (db): PlanCase[] => {
    const txDeps = { db, sign, receipts: null as never, log: console as never };
    return [
      ['dashboard, period=all', () => analytics.dashboard({ db, sign }, viewer, { period: 'all' })],
      ['dashboard, period=year', () => analytics.dashboard({ db, sign }, viewer, { period: 'year' })],
      ['transactions, first page of 50', () => transactions.list(txDeps, viewer, { limit: '50' })],
      ['transactions, search "coffee"', () => transactions.list(txDeps, viewer, { limit: '50', search: 'coffee' })],
      ['budget status, monthly', () => budgets.listStatus(db, { ...viewer, currency: 'USD' } as never, 'monthly')],
    ];
  });
}
