/**
 * Prints the PostgreSQL plan (EXPLAIN ANALYZE) of every analytics query, exactly as the
 * repository builds it: the queries run once through a logging Drizzle instance, then each
 * logged statement is explained with its parameters. Used by analytics.bench.ts --explain.
 */
import { type PlanCase, explainCases } from './explain.js';
import * as repo from '../apps/server/src/modules/analytics/analytics.repository.js';

export async function explainAnalytics(url: string, userId: string, today: string): Promise<void> {
  const year = { start: `${today.slice(0, 4)}-01-01`, end: today };
  const month = { start: `${today.slice(0, 7)}-01`, end: today };
  await explainCases(url, (db): PlanCase[] => [
    ['summary, all time', () => repo.summary(db, userId, {})],
    ['summary, this year', () => repo.summary(db, userId, year)],
    ['category breakdown (expense), all time', () => repo.categoryBreakdown(db, userId, {}, 'expense')],
    ['category breakdown (expense), this year', () => repo.categoryBreakdown(db, userId, year, 'expense')],
    [
      'monthly series, 12 months',
      () => repo.monthly(db, userId, { start: `${Number(today.slice(0, 4)) - 1}${today.slice(4, 7)}-01`, end: today }),
    ],
    ['daily series, this month', () => repo.daily(db, userId, month)],
    ['weekday pattern (expense), all time', () => repo.weekdays(db, userId, {}, 'expense')],
    ['recent transactions, 5', () => repo.recent(db, userId, 5)],
  ]);
}
