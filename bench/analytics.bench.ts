/**
 * Analytics benchmark: seeds one user with N transactions among other users and times every
 * analytics endpoint, the transactions list (first pages, filtered and searched) and the PDF
 * export through app.inject. A benchmark, not a test.
 *
 *   node --import tsx bench/analytics.bench.ts [--rows 300000] [--others 4] [--runs 7] [--pg postgres://...] [--skip-pdf] [--explain] [--reuse]
 *
 * With --pg (or DATABASE_URL) it creates a database of its own named `ledgerly_bench_analytics`
 * on that server (dropped first, kept afterwards so plans can be examined with EXPLAIN ANALYZE;
 * --reuse measures it again without seeding);
 * without, it runs on an in-memory PGlite. --explain (PostgreSQL only) then prints the plan of
 * every analytics query. Unless --skip-pdf, PDF exports of about 1k, 10k and 50k rows are timed
 * and their memory measured (run node with --expose-gc for a steadier baseline).
 */
import { parseArgs } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { type AuthResponse, todayIn } from '@ledgerly/shared';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { type Database, migrate, openDatabase } from '../apps/server/src/db/client.js';
import { ledgerWriter } from '../apps/server/src/modules/ledger/index.js';
import { explainAnalytics } from './analytics-plans.js';
import { measurePdfExports } from './pdf-memory.js';

const BENCH_DB = 'ledgerly_bench_analytics';

function benchUrl(adminUrl: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${BENCH_DB}`;
  return url.toString();
}

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '300000' },
    others: { type: 'string', default: '4' },
    runs: { type: 'string', default: '7' },
    pg: { type: 'string' },
    'skip-pdf': { type: 'boolean', default: false },
    explain: { type: 'boolean', default: false },
    reuse: { type: 'boolean', default: false },
  },
});
const rows = Number(args.rows);
const others = Number(args.others);
const runs = Number(args.runs);
if (![rows, others, runs].every((n) => Number.isInteger(n) && n >= 0) || runs < 1) {
  throw new Error('--rows, --others and --runs must be whole numbers (runs at least 1)');
}

async function openBenchDatabase(adminUrl: string | undefined): Promise<Database> {
  if (!adminUrl) return openDatabase({ dataDir: 'memory' });
  if (args.reuse) return openDatabase({ url: benchUrl(adminUrl), dataDir: 'memory' });
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${BENCH_DB} with (force)`);
  await admin.query(`create database ${BENCH_DB}`);
  await admin.end();
  return openDatabase({ url: benchUrl(adminUrl), dataDir: 'memory' });
}

/** Inserts `count` transactions for the user spread over the last five years, in SQL. */
async function seed(database: Database, userId: string, count: number): Promise<void> {
  const batch = 100_000;
  for (let done = 0; done < count; done += batch) {
    const n = Math.min(batch, count - done);
    await ledgerWriter.insertSelected(
      database.db,
      ['user_id', 'category_id', 'type', 'amount_cents', 'date', 'description'],
      sql`
      with cats as (
        select array_agg(id order by id) as ids, array_agg(type order by id) as types, count(*)::int as k
        from categories where user_id = ${userId}
      )
      select ${userId}, cats.ids[1 + (g % cats.k)], cats.types[1 + (g % cats.k)],
             1 + (g * 7919) % 250000,
             current_date - ((g * 104729) % 1826)::int,
             'Bench transaction ' || g
      from cats, generate_series(${done + 1}::bigint, ${done + n}::bigint) as g`,
    );
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function main(): Promise<void> {
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    RECURRING_SWEEP: 'off',
    AUTH_RATE_LIMIT_IP: '100000',
    AUTH_RATE_LIMIT_EMAIL: '100000',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'ledgerly-bench-')),
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-00',
  });
  const database = await openBenchDatabase(args.pg ?? config.databaseUrl);
  await migrate(database);
  const app = await buildApp(config, { database, logger: false, webDist: join(config.dataDir, 'no-web') });
  await app.ready();

  const register = async (i: number) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: `bench${i}@example.com`, password: 'bench-password', firstName: 'Bench' },
    });
    const auth = res.json<AuthResponse>();
    await app.inject({
      method: 'POST',
      url: '/api/categories/initialize',
      headers: { authorization: `Bearer ${auth.token}` },
    });
    return auth;
  };

  const login = async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'bench0@example.com', password: 'bench-password' },
    });
    if (res.statusCode !== 200) throw new Error('--reuse: no seeded bench database to reuse');
    return res.json<AuthResponse>();
  };

  const started = performance.now();
  let measured: AuthResponse;
  if (args.reuse && database.kind === 'postgres') {
    measured = await login();
    console.log(`${database.kind}: reusing the seeded database ${BENCH_DB}`);
  } else {
    measured = await register(0);
    await seed(database, measured.user.id, rows);
    for (let i = 1; i <= others; i++) await seed(database, (await register(i)).user.id, Math.ceil(rows / 4));
    if (database.kind === 'postgres') await database.db.execute(sql`vacuum analyze transactions`);
    else await database.db.execute(sql`analyze transactions`);
    console.log(
      `${database.kind}: seeded ${rows} transactions for the measured user and ${others} × ${Math.ceil(rows / 4)} for others in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }

  const endpoints = [
    'analytics/summary',
    'analytics/summary?startDate=2025-01-01&endDate=2025-12-31',
    'analytics/category-breakdown',
    'analytics/top-categories',
    'analytics/monthly-trends?months=12',
    'analytics/monthly-trends?months=60',
    'analytics/daily-trends',
    'analytics/daily-pattern',
    'analytics/recent-transactions',
    'analytics/dashboard?period=month',
    'analytics/dashboard?period=year',
    'analytics/dashboard?period=all',
    'transactions?limit=50',
    'transactions?limit=50&type=expense',
    'transactions?limit=50&search=coffee',
    'transactions?limit=500',
    'transactions/summary',
  ];
  console.log(`\n${'endpoint'.padEnd(64)} ${'median ms'.padStart(10)} ${'max ms'.padStart(8)}`);
  for (const url of endpoints) {
    const times: number[] = [];
    for (let r = 0; r <= runs; r++) {
      const t0 = performance.now();
      const res = await app.inject({
        method: 'GET',
        url: `/api/${url}`,
        headers: { authorization: `Bearer ${measured.token}` },
      });
      const ms = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      if (r > 0) times.push(ms); // the first run warms caches and is not counted
    }
    console.log(
      `${url.padEnd(64)} ${median(times).toFixed(1).padStart(10)} ${Math.max(...times)
        .toFixed(1)
        .padStart(8)}`,
    );
  }

  // Rows are spread evenly over five years: 6, 61 and 305 days hold about 1k, 10k and 50k of 300k.
  if (!args['skip-pdf']) await measurePdfExports(app, measured.token, [6, 61, 305]);

  const adminUrl = args.pg ?? config.databaseUrl;
  if (args.explain && adminUrl) await explainAnalytics(benchUrl(adminUrl), measured.user.id, todayIn('UTC'));

  await app.close();
  await database.close();
  rmSync(config.dataDir, { recursive: true, force: true });
}

await main();
