/**
 * Tags benchmark (issue 22): one user with N transactions (bench/seed.ts: realistic rows over five
 * years; 30 % tagged with one of 20 tags, 3 % with a second; 20 % split into lines) among other
 * users. Times over real HTTP (the app listening on a local port, keep-alive, as
 * bench/accounts.bench.ts) the list filtered by two tags (any, all, none) first page, its summary,
 * spending by tag for a year, and the dashboard and category breakdown — the last two before the
 * split rows are made (the same rows unsplit) and after, for the "within 10 %" comparison. A
 * benchmark, not a test: figures go to docs/performance.md.
 *
 *   node --import tsx bench/tags.bench.ts [--rows 1000000] [--others 1] [--split 0.2] [--runs 30] [--pg postgres://...] [--reuse]
 *
 * With --pg (or DATABASE_URL) it uses a database of its own, `ledgerly_bench_tags` (dropped
 * first, kept afterwards — drop it when done; --reuse measures it again without seeding, the
 * "after" phase only); without, in-memory PGlite.
 */
import { parseArgs } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { type AuthResponse, type Tag, addDays, todayIn } from '@ledgerly/shared';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { type Database, migrate, openDatabase } from '../apps/server/src/db/client.js';
import { analyze, seedAccount, splitRows, tagRows } from './seed.js';

const BENCH_DB = 'ledgerly_bench_tags';
/** Seeding 1M rows on a loaded machine takes longer than the app's 30 s statement timeout. */
const SEED_TIMEOUTS = { connectMs: 30_000, statementMs: 3_600_000 };

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    others: { type: 'string', default: '1' },
    split: { type: 'string', default: '0.2' },
    runs: { type: 'string', default: '30' },
    pg: { type: 'string' },
    reuse: { type: 'boolean', default: false },
  },
});
const rows = Number(args.rows);
const others = Number(args.others);
const splitShare = Number(args.split);
const runs = Number(args.runs);

function benchUrl(adminUrl: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${BENCH_DB}`;
  return url.toString();
}

async function openBenchDatabase(adminUrl: string | undefined): Promise<Database> {
  if (!adminUrl) return openDatabase({ dataDir: 'memory' });
  if (!args.reuse) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${BENCH_DB} with (force)`);
    await admin.query(`create database ${BENCH_DB}`);
    await admin.end();
  }
  return openDatabase({ url: benchUrl(adminUrl), dataDir: 'memory', timeouts: SEED_TIMEOUTS });
}

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1] ?? 0;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const load = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;

async function main(): Promise<void> {
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    RECURRING_SWEEP: 'off',
    HOUSEKEEPING: 'off',
    // A loaded machine must not turn the calls into 503s.
    PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
    PRESSURE_MAX_HEAP_MB: '0',
    AUTH_RATE_LIMIT_IP: '100000',
    AUTH_RATE_LIMIT_EMAIL: '100000',
    // Seeding takes minutes without a request: the client's keep-alive connection must outlive it.
    KEEP_ALIVE_TIMEOUT_SECONDS: '3600',
    CONNECTION_TIMEOUT_SECONDS: '3600',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'ledgerly-bench-')),
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-00',
  });
  const database = await openBenchDatabase(args.pg ?? config.databaseUrl);
  await migrate(database);
  const app = await buildApp(config, { database, logger: false, webDist: join(config.dataDir, 'no-web') });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
  const call = async (token: string, method: 'GET' | 'POST', path: string, body?: object) => {
    const res = await fetch(`${base}/${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
    return JSON.parse(text) as unknown;
  };
  const email = (i: number) => `bench${i}@example.com`;
  const register = async (i: number) => {
    const auth = (await call('', 'POST', 'auth/register', {
      email: email(i),
      password: 'bench-password',
      firstName: 'Bench',
    })) as AuthResponse;
    await call(auth.token, 'POST', 'categories/initialize');
    for (let k = 0; k < 20; k++) await call(auth.token, 'POST', 'tags', { name: `Tag ${String(k).padStart(2, '0')}` });
    return auth;
  };

  /** Times each path `runs` times after a warm-up call; prints median and p95. */
  const measure = async (token: string, title: string, paths: string[], shown: (p: string) => string) => {
    console.log(`\n${title} — ${load()}`);
    console.log(`${'endpoint'.padEnd(64)} ${'median ms'.padStart(10)} ${'p95 ms'.padStart(8)}`);
    for (const path of paths) {
      const times: number[] = [];
      for (let r = 0; r <= runs; r++) {
        const t0 = performance.now();
        await call(token, 'GET', path);
        if (r > 0) times.push(performance.now() - t0); // the first run warms caches
      }
      console.log(
        `${shown(path).padEnd(64)} ${median(times).toFixed(1).padStart(10)} ${p95(times).toFixed(1).padStart(8)}`,
      );
    }
  };

  const today = todayIn('UTC');
  const yearAgo = addDays(today, -365);
  let shown = (p: string) => p.replace(yearAgo, 'Y0').replace(today, 'Y1');
  const rollupReads = [
    'analytics/dashboard?period=month',
    'analytics/dashboard?period=year',
    `analytics/category-breakdown?startDate=${yearAgo}&endDate=${today}&type=expense`,
  ];

  let measured: AuthResponse;
  if (args.reuse) {
    measured = (await call('', 'POST', 'auth/login', { email: email(0), password: 'bench-password' })) as AuthResponse;
  } else {
    const started = performance.now();
    const users = [await register(0)];
    for (let i = 1; i <= others; i++) users.push(await register(i));
    measured = users[0]!;
    for (const [i, u] of users.entries()) {
      await seedAccount(database, { email: email(i), rows: i === 0 ? rows : Math.ceil(rows / 4), batch: 100_000 });
      await tagRows(database, u.user.id);
    }
    await analyze(database);
    console.log(
      `${database.kind}: seeded ${rows} rows (30 % tagged) for the measured user and ${others} × ${Math.ceil(rows / 4)} for others in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    await measure(measured.token, 'Before splitting (no split rows)', rollupReads, shown);
    const t0 = performance.now();
    let split = 0;
    for (const u of users) split += await splitRows(database, u.user.id, splitShare);
    await analyze(database);
    console.log(`split ${split} rows (${splitShare * 100} %) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  const tags = ((await call(measured.token, 'GET', 'tags')) as { data: Tag[] }).data;
  const [a, b] = [tags[0]!.id, tags[1]!.id];
  const dated = shown;
  shown = (p: string) => dated(p.replace(a, 'A').replace(b, 'B'));
  await measure(
    measured.token,
    `With ${splitShare * 100} % split rows`,
    [
      ...rollupReads,
      'transactions?limit=50',
      `transactions?limit=50&tagIds=${a},${b}`,
      `transactions?limit=50&tagIds=${a},${b}&tagMode=all`,
      `transactions?limit=50&tagIds=${a},${b}&tagMode=none`,
      `transactions/summary?tagIds=${a},${b}`,
      `analytics/tags?startDate=${yearAgo}&endDate=${today}`,
      `analytics/summary?startDate=${yearAgo}&endDate=${today}&tagIds=${a},${b}`,
      'tags',
    ],
    shown,
  );
  console.log(`\n${load()}`);
  await app.close();
  await database.close();
  rmSync(config.dataDir, { recursive: true, force: true });
}

await main();
