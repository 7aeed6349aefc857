import { type Placeholder, sql } from 'drizzle-orm';
import type { Db } from './client.js';

/*
 * Prepared statements for the hot reads (DESIGN §13, docs/performance.md "Issue 24").
 *
 * Building a query with Drizzle costs more CPU than PostgreSQL spends answering it: 0.2–0.7 ms
 * per statement for the list's page, the dashboard's sums and breakdown (walking every column
 * and chunk of the query tree), against 0.1–0.5 ms in the database. A prepared query is built
 * once per database and shape, with placeholders for its values, and then only run: Drizzle fills
 * the values, and PostgreSQL gets a named statement, parsed once per connection (its plan may be
 * reused too). Results are mapped by Drizzle exactly as the unprepared query's were.
 *
 * A shape is everything that changes the SQL text: which conditions a read has, not their values.
 * `key` must name it completely (two shapes under one key would run the first one's SQL).
 */

/** Names a value of a prepared query: `ph('userId')` stands for the value given at run time. */
export type Ph = (name: string) => Placeholder;
export const ph: Ph = (name) => sql.placeholder(name);

interface Runnable<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

const perDb = new WeakMap<Db, Map<string, Runnable<unknown>>>();
/** One short statement name per key, the same on every connection (PostgreSQL allows 63 bytes). */
const names = new Map<string, string>();

/**
 * Runs the query `build` makes for `key` with `values`, building and preparing it on first use
 * for this database. `build` must use `ph(name)` for every value, never the values themselves.
 */
export function runPrepared<R>(
  db: Db,
  key: string,
  build: () => { prepare(name: string): Runnable<R> },
  values: Record<string, unknown>,
): Promise<R> {
  let cache = perDb.get(db);
  if (!cache) {
    cache = new Map<string, Runnable<unknown>>();
    perDb.set(db, cache);
  }
  let query = cache.get(key) as Runnable<R> | undefined;
  if (!query) {
    let name = names.get(key);
    if (!name) names.set(key, (name = `ledgerly_${names.size + 1}`));
    query = build().prepare(name);
    cache.set(key, query);
  }
  return query.execute(values);
}
