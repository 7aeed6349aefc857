/**
 * Prints the PostgreSQL plan (EXPLAIN ANALYZE) of every analytics query, exactly as the
 * repository builds it: the queries run once through a logging Drizzle instance, then each
 * logged statement is explained with its parameters. Used by analytics.bench.ts --explain.
 */
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from '../apps/server/src/db/client.js';
import * as schema from '../apps/server/src/db/schema.js';
import * as repo from '../apps/server/src/modules/analytics/analytics.repository.js';

interface Logged {
  query: string;
  params: unknown[];
}

export async function explainAnalytics(url: string, userId: string, today: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const logged: Logged[] = [];
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (query, params) => logged.push({ query, params }) },
  }) as unknown as Db;

  const year = { start: `${today.slice(0, 4)}-01-01`, end: today };
  const month = { start: `${today.slice(0, 7)}-01`, end: today };
  const cases: [string, () => Promise<unknown>][] = [
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
  ];
  for (const [name, run] of cases) {
    logged.length = 0;
    await run();
    const statement = logged[0];
    if (!statement) continue;
    const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${statement.query}`,
      statement.params,
    );
    console.log(`\n=== ${name}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
  }
  await pool.end();
}
