/**
 * Tags benchmark (issue 22): one user with N transactions (30 % tagged, a tenth of those with a
 * second tag, 20 tags) among other users; times the list filtered by two tags (any, all, none)
 * first page, its summary and spending by tag for a year, through app.inject. A benchmark, not
 * a test: figures go to docs/performance.md.
 *
 *   node --import tsx bench/tags.bench.ts [--rows 1000000] [--others 2] [--runs 30] [--pg postgres://...] [--reuse]
 *
 * With --pg (or DATABASE_URL) it uses a database of its own, `ledgerly_bench_tags` (dropped
 * first, kept afterwards; --reuse measures it again without seeding); without, in-memory PGlite.
 */
import { parseArgs } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { type AuthResponse, type Tag, addDays, todayIn } from '@ledgerly/shared';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { type Database, migrate, openDatabase } from '../apps/server/src/db/client.js';
import { ledgerWriter } from '../apps/server/src/modules/ledger/index.js';

const BENCH_DB = 'ledgerly_bench_tags';
/** Seeding 100,000 rows on a loaded machine may take longer than the app's 30 s statement timeout. */
const SEED_TIMEOUTS = { connectMs: 30_000, statementMs: 3_600_000 };

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    others: { type: 'string', default: '2' },
    runs: { type: 'string', default: '30' },
    pg: { type: 'string' },
    reuse: { type: 'boolean', default: false },
  },
});
const rows = Number(args.rows);
const others = Number(args.others);
const runs = Number(args.runs);

function benchUrl(adminUrl: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${BENCH_DB}`;
  return url.toString();
}

async function openBenchDatabase(adminUrl: string | undefined): Promise<Database> {
  if (!adminUrl) return openDatabase({ dataDir: 'memory' });
  if (args.reuse) return openDatabase({ url: benchUrl(adminUrl), dataDir: 'memory', timeouts: SEED_TIMEOUTS });
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${BENCH_DB} with (force)`);
  await admin.query(`create database ${BENCH_DB}`);
  await admin.end();
  return openDatabase({ url: benchUrl(adminUrl), dataDir: 'memory', timeouts: SEED_TIMEOUTS });
}

/** `count` transactions over the last five years, in SQL (as bench/analytics.bench.ts). */
async function seedRows(database: Database, userId: string, count: number): Promise<void> {
  const batch = 100_000;
  for (let done = 0; done < count; done += batch) {
    const n = Math.min(batch, count - done);
    await ledgerWriter.insertSelected(
      database.db,
      ['user_id', 'account_id', 'category_id', 'type', 'amount_cents', 'date', 'description'],
      sql`
      with cats as (
        select array_agg(id order by id) as ids, array_agg(type order by id) as types, count(*)::int as k,
               (select a.id from accounts a where a.user_id = ${userId} and a.is_default) as account
        from categories where user_id = ${userId}
      )
      select ${userId}, cats.account, cats.ids[1 + (g % cats.k)], cats.types[1 + (g % cats.k)],
             1 + (g * 7919) % 250000,
             current_date - ((g * 104729) % 1826)::int,
             'Bench transaction ' || g
      from cats, generate_series(${done + 1}::bigint, ${done + n}::bigint) as g`,
    );
  }
}

/** 30 % of the user's rows get one of the tags, a tenth of those a second one (in SQL). */
async function tagRows(database: Database, userId: string): Promise<void> {
  await database.db.execute(sql`
    with tg as (select array_agg(id order by name) as ids, count(*)::int as k from tags where user_id = ${userId})
    insert into transaction_tags (transaction_id, tag_id, user_id)
    select t.id, tg.ids[1 + (abs(hashtext(t.id::text)) / 10) % tg.k], t.user_id
    from transactions t, tg
    where t.user_id = ${userId} and abs(hashtext(t.id::text)) % 10 < 3`);
  await database.db.execute(sql`
    with tg as (select array_agg(id order by name) as ids, count(*)::int as k from tags where user_id = ${userId})
    insert into transaction_tags (transaction_id, tag_id, user_id)
    select t.id, tg.ids[1 + (abs(hashtext(t.id::text)) / 10 + 7) % tg.k], t.user_id
    from transactions t, tg
    where t.user_id = ${userId} and abs(hashtext(t.id::text)) % 100 < 3
    on conflict do nothing`);
}

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1] ?? 0;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function main(): Promise<void> {
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    RECURRING_SWEEP: 'off',
    // A loaded machine must not turn the seeding calls into 503s.
    PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
    PRESSURE_MAX_HEAP_MB: '0',
    AUTH_RATE_LIMIT_IP: '100000',
    AUTH_RATE_LIMIT_EMAIL: '100000',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'ledgerly-bench-')),
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-00',
  });
  const database = await openBenchDatabase(args.pg ?? config.databaseUrl);
  await migrate(database);
  const app = await buildApp(config, { database, logger: false, webDist: join(config.dataDir, 'no-web') });
  await app.ready();
  const call = async (token: string, method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await app.inject({
      method,
      url: `/api/${url}`,
      headers: { authorization: `Bearer ${token}` },
      payload,
    });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return res;
  };
  const register = async (i: number) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: `bench${i}@example.com`, password: 'bench-password', firstName: 'Bench' },
    });
    const auth = res.json<AuthResponse>();
    await call(auth.token, 'POST', 'categories/initialize');
    for (let k = 0; k < 20; k++) await call(auth.token, 'POST', 'tags', { name: `Tag ${String(k).padStart(2, '0')}` });
    return auth;
  };

  const started = performance.now();
  let measured: AuthResponse;
  if (args.reuse) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'bench0@example.com', password: 'bench-password' },
    });
    measured = res.json<AuthResponse>();
  } else {
    measured = await register(0);
    await seedRows(database, measured.user.id, rows);
    await tagRows(database, measured.user.id);
    for (let i = 1; i <= others; i++) {
      const other = await register(i);
      await seedRows(database, other.user.id, Math.ceil(rows / 4));
      await tagRows(database, other.user.id);
    }
    await database.db.execute(database.kind === 'postgres' ? sql`vacuum analyze` : sql`analyze`);
    console.log(
      `${database.kind}: seeded ${rows} rows (30 % tagged) for the measured user and ${others} × ${Math.ceil(rows / 4)} for others in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  const tags = (await call(measured.token, 'GET', 'tags')).json<{ data: Tag[] }>().data;
  const [a, b] = [tags[0]!.id, tags[1]!.id];
  const today = todayIn('UTC');
  const yearAgo = addDays(today, -365);
  const endpoints = [
    'transactions?limit=50',
    `transactions?limit=50&tagIds=${a},${b}`,
    `transactions?limit=50&tagIds=${a},${b}&tagMode=all`,
    `transactions?limit=50&tagIds=${a},${b}&tagMode=none`,
    `transactions/summary?tagIds=${a},${b}`,
    `analytics/tags?startDate=${yearAgo}&endDate=${today}`,
    'tags',
  ];
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(`\n${'endpoint'.padEnd(60)} ${'median ms'.padStart(10)} ${'p95 ms'.padStart(8)}`);
  for (const url of endpoints) {
    const times: number[] = [];
    for (let r = 0; r <= runs; r++) {
      const t0 = performance.now();
      await call(measured.token, 'GET', url);
      if (r > 0) times.push(performance.now() - t0); // the first run warms caches
    }
    const shown = url.replace(a, 'A').replace(b, 'B');
    console.log(`${shown.padEnd(60)} ${median(times).toFixed(1).padStart(10)} ${p95(times).toFixed(1).padStart(8)}`);
  }
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  await app.close();
  await database.close();
  rmSync(config.dataDir, { recursive: true, force: true });
}

await main();
