/**
 * Prints the PostgreSQL plan (EXPLAIN ANALYZE) of the statements that named cases run, exactly
 * as the app builds them: each case runs once through a logging Drizzle instance, then every
 * logged statement is explained with its parameters. Shared by analytics-plans.ts and
 * http-plans.ts.
 */
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from '../apps/server/src/db/client.js';
import * as schema from '../apps/server/src/db/schema.js';

export type PlanCase = [name: string, run: () => Promise<unknown>];

export async function explainCases(url: string, makeCases: (db: Db) => PlanCase[]): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const logged: { query: string; params: unknown[] }[] = [];
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (query, params) => logged.push({ query, params }) },
  }) as unknown as Db;
  try {
    for (const [name, run] of makeCases(db)) {
      logged.length = 0;
      await run();
      for (const [i, statement] of [...logged].entries()) {
        const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers) ${statement.query}`,
          statement.params,
        );
        const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
        console.log(`\n=== ${name}, statement ${i + 1}\n${statement.query.slice(0, 300)}\n${plan}`);
      }
    }
  } finally {
    await pool.end();
  }
}
