/**
 * PostgreSQL plans (EXPLAIN ANALYZE, BUFFERS) of the statements behind the reads that matter
 * most at size: the dashboard for the whole history and this year, the list's first page, its
 * search for "coffee" with the bounded count, and budget status. Each service runs once through
 * a logging Drizzle instance; every statement it sent is then explained with its parameters.
 * Used by http.bench.ts --explain.
 */
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from '../apps/server/src/db/client.js';
import * as schema from '../apps/server/src/db/schema.js';
import * as analytics from '../apps/server/src/modules/analytics/analytics.service.js';
import * as budgets from '../apps/server/src/modules/budgets/budgets.service.js';
import * as transactions from '../apps/server/src/modules/transactions/transactions.service.js';

interface Logged {
  query: string;
  params: unknown[];
}

export async function explainReads(url: string, userId: string, today: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const logged: Logged[] = [];
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (query, params) => logged.push({ query, params }) },
  }) as unknown as Db;
  const sign = () => ({ receiptUrl: null, receiptThumbUrl: null });
  const viewer = { id: userId, timezone: 'UTC' };
  const txDeps = { db, sign, receipts: null as never, log: console as never };
  const cases: [string, () => Promise<unknown>][] = [
    ['dashboard, period=all', () => analytics.dashboard({ db, sign }, viewer, { period: 'all' })],
    ['dashboard, period=year', () => analytics.dashboard({ db, sign }, viewer, { period: 'year' })],
    ['transactions, first page of 50', () => transactions.list(txDeps, viewer, { limit: '50' })],
    ['transactions, search "coffee"', () => transactions.list(txDeps, viewer, { limit: '50', search: 'coffee' })],
    ['budget status, monthly', () => budgets.listStatus(db, { ...viewer, currency: 'USD' } as never, 'monthly')],
  ];
  console.log(`\n## PostgreSQL plans (today ${today})`);
  for (const [name, run] of cases) {
    logged.length = 0;
    await run();
    for (const [i, statement] of [...logged].entries()) {
      const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) ${statement.query}`,
        statement.params,
      );
      const plan = rows.map((r) => r['QUERY PLAN']);
      console.log(`\n=== ${name}, statement ${i + 1}\n${statement.query.slice(0, 300)}\n${plan.join('\n')}`);
    }
  }
  await pool.end();
}
