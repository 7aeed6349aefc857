/**
 * `npm run bench -- [--sizes 10000,100000,1000000] [--database-url postgres://…] [options]`
 *
 * Times every read endpoint of the API over real HTTP against a real server process (started as
 * a child, on a loopback port), for one user holding 10k, 100k and 1M transactions among other
 * users, then runs a mixed authenticated read load with autocannon. A benchmark, not a test.
 *
 * - The list of GET endpoints comes from the server's own OpenAPI document (/api/docs/json):
 *   every one is timed, with the variants that matter (periods, filters, a search), or listed
 *   as skipped with the reason.
 * - Sizes grow in one database: the measured user is seeded to the first size, measured, then
 *   topped up to the next (bench/seed.ts, through the triggers that keep the rollups), so each
 *   size costs only its difference to seed.
 * - --database-url: an admin URL of a PostgreSQL server; the benchmark creates its own database
 *   `ledgerly_bench_http` there (dropped first, and dropped at the end unless --keep). Without it,
 *   PGlite in a temporary DATA_DIR, removed at the end unless --keep.
 * - First, at each --load-at size, the realistic visits of issue 24 (bench/visits.ts): the measured
 *   user plus --visitors users of --visitor-rows transactions each (categories, a monthly budget,
 *   a monthly recurring item), ten requests per visit including a generate call and a new
 *   transaction; then the older mixed read load (four reads, no writes), for comparison.
 * - Output: p50 / p95 per endpoint and size (ms, sequential requests on one keep-alive
 *   connection, answers compressed as for a browser), the ratio of the largest size's p50 to the
 *   smallest's, then req/s, latency and errors of the load, and the machine's load average.
 *
 * Options: --others 3 --other-rows 50000 (other users), --visitors 40 --visitor-rows 2500,
 * --db-name ledgerly_bench_http (the PostgreSQL database created for the run), --samples 30 (timed requests per endpoint
 * and size, after 3 untimed), --duration 20 --connections 50 (the load; --duration 0 skips it),
 * --load-at 100000 (which sizes get the load; default all), --port 3211, --keep,
 * --explain (PostgreSQL: EXPLAIN ANALYZE of the slowest reads at the largest size),
 * --server-arg ARG (repeatable, given to the server's node, e.g. --server-arg=--cpu-prof),
 * --tsx (run the server from its TypeScript sources instead of the compiled apps/server/dist).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type Database, migrate, openDatabase } from '../apps/server/src/db/client.js';
import { analyze, seedAccount } from './seed.js';
import { explainReads } from './http-plans.js';
import { serverNodeFlags } from './server-flags.js';
import { LOAD_HEAD, type LoadResult, type Visitor, loadAverage, loadRow, runLoad, visitRequests } from './visits.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PASSWORD = 'bench-password-1';

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000,1000000' },
    'database-url': { type: 'string' },
    others: { type: 'string', default: '3' },
    'other-rows': { type: 'string', default: '50000' },
    visitors: { type: 'string', default: '40' },
    'visitor-rows': { type: 'string', default: '2500' },
    'db-name': { type: 'string', default: 'ledgerly_bench_http' },
    samples: { type: 'string', default: '30' },
    duration: { type: 'string', default: '20' },
    connections: { type: 'string', default: '50' },
    'load-at': { type: 'string' },
    port: { type: 'string', default: '3211' },
    keep: { type: 'boolean', default: false },
    explain: { type: 'boolean', default: false },
    'server-arg': { type: 'string', multiple: true, default: [] },
    tsx: { type: 'boolean', default: false },
  },
  strict: true,
});

const whole = (name: string, v: string | undefined, min = 0) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be a whole number of at least ${min}`);
  return n;
};
const sizes = args.sizes
  .split(',')
  .map((s) => whole('sizes', s.trim().replace(/_/g, ''), 1))
  .sort((a, b) => a - b);
const others = whole('others', args.others);
const otherRows = whole('other-rows', args['other-rows']);
const visitors = whole('visitors', args.visitors);
const visitorRows = whole('visitor-rows', args['visitor-rows']);
if (!/^[a-z_][a-z0-9_]*$/.test(args['db-name'])) throw new Error('--db-name must be a plain lower-case name');
const BENCH_DB = args['db-name'];
const samples = whole('samples', args.samples, 1);
const duration = whole('duration', args.duration);
const connections = whole('connections', args.connections, 1);
const port = whole('port', args.port, 1);
const loadAt = args['load-at'] ? args['load-at'].split(',').map((s) => whole('load-at', s.trim(), 1)) : sizes;
const adminUrl = args['database-url'] ?? process.env.DATABASE_URL;

const load = loadAverage;

// --- the server process -------------------------------------------------------------------------

const dataDir = mkdtempSync(join(tmpdir(), 'ledgerly-bench-http-'));
let databaseUrl: string | undefined;

function benchUrl(admin: string): string {
  const url = new URL(admin);
  url.pathname = `/${BENCH_DB}`;
  return url.toString();
}

let server: ChildProcess | null = null;

/** The compiled server, as `npm start` runs it (built first if out of date); --tsx: the sources. */
function serverEntry(): string[] {
  if (args.tsx) return ['--import', 'tsx', join(ROOT, 'apps/server/src/main.ts')];
  const built = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs'), 'server'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('building the server failed (node scripts/build.mjs server)');
  return [...serverNodeFlags(), join(ROOT, 'apps/server/dist/main.js')];
}
let entry: string[] = [];

/** Starts the server. */
async function startServer(): Promise<void> {
  if (entry.length === 0) entry = serverEntry();
  const child = spawn(process.execPath, [...args['server-arg'], ...entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      APP_SECRET: 'bench-secret-bench-secret-bench-secret-00',
      // As in production, apart from what would disturb a measurement: the hourly sweep and
      // daily housekeeping at start-up, and sign-in limits (the benchmark signs in often).
      RECURRING_SWEEP: 'off',
      HOUSEKEEPING: 'off',
      AUTH_RATE_LIMIT_IP: '100000',
      AUTH_RATE_LIMIT_EMAIL: '100000',
      NODE_ENV: 'production',
    },
    // The request log (one line per request) is written as in production, into a pipe nobody reads slowly.
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  server = child;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${stderr}`);
    try {
      const res = await request('GET', '/api/health');
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not start within 60 s: ${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function stopServer(): Promise<void> {
  const child = server;
  server = null;
  if (!child || child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

// --- HTTP ---------------------------------------------------------------------------------------

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function request(
  method: string,
  path: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: {
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** One timed GET as a browser sends it (compressed answer accepted); the whole body is read. */
function timedGet(path: string, token: string): Promise<{ status: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        agent,
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' },
      },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0 }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function json<T>(method: string, path: string, opts: { token?: string; body?: unknown } = {}): Promise<T> {
  const res = await request(method, path, opts);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.body.slice(0, 300)}`);
  return JSON.parse(res.body) as T;
}

// --- what is measured ---------------------------------------------------------------------------

interface Measured {
  label: string;
  path: string;
}

/** Downloads take seconds at size: fewer samples of them. */
const samplesFor = (m: Measured) => (/export|limit=500/.test(m.path) ? Math.min(samples, 5) : samples);

interface Fixture {
  token: string;
  userId: string;
  email: string;
  today: string;
  transactionId: string;
  expenseCategoryId: string;
  accountId: string;
}

/** Every GET of the OpenAPI document, as timed requests, or skipped with a reason. */
async function endpoints(f: Fixture): Promise<{ timed: Measured[]; skipped: [string, string][] }> {
  const doc = await json<{ paths: Record<string, Record<string, unknown>> }>('GET', '/api/docs/json');
  const year = `${f.today.slice(0, 4)}-01-01`;
  const week = new Date(Date.parse(f.today) - 6 * 86_400_000).toISOString().slice(0, 10);
  const variants: Record<string, string[]> = {
    '/api/transactions': [
      '?limit=50',
      '?limit=50&type=expense',
      `?limit=50&categoryId=${f.expenseCategoryId}`,
      `?limit=50&startDate=${year}&endDate=${f.today}`,
      '?limit=50&search=coffee',
      '?limit=500',
    ],
    '/api/transactions/summary': ['', '?search=coffee'],
    // Downloads: the last seven days (about 3,800 rows at 1M over five years).
    '/api/transactions/export.csv': [`?startDate=${week}&endDate=${f.today}`],
    '/api/export/pdf': [`?startDate=${week}&endDate=${f.today}`],
    '/api/budgets/status': ['?period=monthly', '?period=yearly'],
    '/api/analytics/summary': ['', `?startDate=${year}&endDate=${f.today}`],
    '/api/analytics/category-breakdown': ['?type=expense', `?type=expense&startDate=${year}&endDate=${f.today}`],
    '/api/analytics/top-categories': ['', `?startDate=${year}&endDate=${f.today}`],
    '/api/analytics/monthly-trends': ['?months=12', '?months=60'],
    '/api/analytics/daily-trends': [''],
    '/api/analytics/daily-pattern': ['?type=expense', `?type=expense&startDate=${year}&endDate=${f.today}`],
    '/api/analytics/dashboard': ['?period=month', '?period=year', '?period=all'],
    '/api/recurring/upcoming': ['?days=30'],
  };
  const reasons: Record<string, string> = {
    '/api/receipts/{transactionId}/{variant}': 'a signed image URL (no receipts in the seed)',
    '/api/imports/{id}': 'one statement import (none in the seed; bench:import measures imports)',
    '/api/account/export': 'the whole account as one download (bench:account-export measures it)',
    '/api/transfers/{id}': 'one transfer (none in the seed)',
    '/api/reconciliations/{id}': 'one reconciliation (none in the seed)',
  };
  const timed: Measured[] = [];
  const skipped: [string, string][] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    if (!('get' in ops)) continue;
    const reason = reasons[path];
    if (reason) {
      skipped.push([path, reason]);
      continue;
    }
    // An {id} is the seed's own row: a transaction, a category of the user's, their account.
    const id = path.startsWith('/api/categories/')
      ? f.expenseCategoryId
      : path.startsWith('/api/accounts/')
        ? f.accountId
        : f.transactionId;
    for (const v of variants[path] ?? ['']) {
      const label = `${path.replace('{id}', ':id')}${v}`.replace(f.expenseCategoryId, ':category');
      timed.push({ label, path: `${path.replace('{id}', id)}${v}` });
    }
  }
  return { timed, skipped };
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

interface Timing {
  p50: number;
  p95: number;
  /** Answers other than 200, by status ("503 ×4"): the figures then mix in refusals. */
  refused: string;
}

async function measure(list: Measured[], token: string): Promise<Map<string, Timing>> {
  const out = new Map<string, Timing>();
  for (const m of list) {
    const times: number[] = [];
    const refused = new Map<number, number>();
    for (let i = 0; i < samplesFor(m) + 3; i++) {
      const r = await timedGet(m.path, token);
      if (r.status !== 200) refused.set(r.status, (refused.get(r.status) ?? 0) + 1);
      if (i >= 3) times.push(r.ms);
    }
    times.sort((a, b) => a - b);
    out.set(m.label, {
      p50: pct(times, 50),
      p95: pct(times, 95),
      refused: [...refused].map(([status, n]) => `${status} ×${n}`).join(', '),
    });
    process.stdout.write('.');
  }
  process.stdout.write('\n');
  return out;
}

/** The older mixed read of signed-in people: dashboard, list, categories, budgets, in turn, for each of `tokens`. */
function mixedLoad(tokens: string[]): Promise<LoadResult> {
  const paths = [
    '/api/analytics/dashboard?period=month',
    '/api/transactions?limit=50',
    '/api/categories',
    '/api/budgets/status?period=monthly',
  ];
  return runLoad({
    port,
    connections,
    duration,
    sequences: tokens.map((token) =>
      paths.map((path) => ({
        method: 'GET',
        path,
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' },
      })),
    ),
    serverPid: server?.pid,
    dbName: databaseUrl ? BENCH_DB : null,
  });
}

/** Issue 24's realistic visits of every visitor (bench/visits.ts). */
function visitsLoad(all: Visitor[], today: string): Promise<LoadResult> {
  return runLoad({
    port,
    connections,
    duration,
    sequences: all.map((v) => visitRequests(v, today)),
    serverPid: server?.pid,
    dbName: databaseUrl ? BENCH_DB : null,
  });
}

// --- the run ------------------------------------------------------------------------------------

async function openForSeeding(): Promise<Database> {
  return databaseUrl
    ? openDatabase({ url: databaseUrl, dataDir: 'memory' })
    : openDatabase({ dataDir: join(dataDir, 'db') });
}

/** Seeds `rows` transactions for each of `emails` (one database opening), then analyzes. */
async function seed(emails: string | string[], rows: number): Promise<number> {
  const database = await openForSeeding();
  try {
    let seconds = 0;
    for (const email of [emails].flat()) seconds += (await seedAccount(database, { email, rows })).seconds;
    await analyze(database);
    return seconds;
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  if (adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${BENCH_DB} with (force)`);
    await admin.query(`create database ${BENCH_DB}`);
    await admin.end();
    databaseUrl = benchUrl(adminUrl);
  }
  const kind = databaseUrl ? 'PostgreSQL' : 'PGlite';
  console.log(`${kind}, sizes ${sizes.join(', ')}, ${others} other users × ${otherRows}; load ${load()}`);
  // Migrate without the server, so the first start is like any other.
  const db = await openForSeeding();
  await migrate(db);
  await db.close();

  await startServer();
  const register = async (email: string) => {
    const auth = await json<{ token: string; user: { id: string; timezone: string } }>('POST', '/api/auth/register', {
      body: { email, password: PASSWORD, firstName: 'Bench', timezone: 'UTC' },
    });
    await json('POST', '/api/categories/initialize', { token: auth.token });
    return auth;
  };
  const me = await register('bench-measured@example.com');
  const otherTokens: string[] = [];
  for (let i = 1; i <= others; i++) otherTokens.push((await register(`bench-other-${i}@example.com`)).token);
  // Budgets and recurring items, so their reads have something to compute.
  const categories = (
    await json<{ data: { id: string; name: string; type: string }[] }>('GET', '/api/categories', { token: me.token })
  ).data;
  const expense = categories.filter((c) => c.type === 'expense');
  for (const [i, c] of expense.slice(0, 6).entries()) {
    await json('POST', '/api/budgets', {
      token: me.token,
      body: { categoryId: c.id, amount: 200 + i * 100, period: i % 3 ? 'monthly' : 'yearly' },
    });
  }
  const today = new Date().toISOString().slice(0, 10);
  const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  for (const [i, c] of expense.slice(0, 5).entries()) {
    await json('POST', '/api/recurring', {
      token: me.token,
      body: {
        categoryId: c.id,
        type: 'expense',
        amount: 10 + i,
        description: `Subscription ${i}`,
        frequency: i % 2 ? 'weekly' : 'monthly',
        startDate: future,
      },
    });
  }
  // Issue 24's visitors: categories, a monthly budget and a monthly recurring item each (due
  // today, generated here once, so the visits' generate calls find nothing due, as on most days).
  const visitorEmails = Array.from({ length: visitors }, (_, i) => `bench-visitor-${i + 1}@example.com`);
  const visitorList: Visitor[] = [{ token: me.token, categoryId: expense[0]!.id }];
  for (const email of visitorEmails) {
    const { token } = await register(email);
    const cats = (await json<{ data: { id: string; type: string }[] }>('GET', '/api/categories', { token })).data;
    const cat = cats.find((c) => c.type === 'expense')!;
    await json('POST', '/api/budgets', { token, body: { categoryId: cat.id, amount: 400, period: 'monthly' } });
    await json('POST', '/api/recurring', {
      token,
      body: {
        categoryId: cat.id,
        type: 'expense',
        amount: 12.99,
        description: 'Streaming subscription',
        frequency: 'monthly',
        startDate: today,
      },
    });
    await json('POST', '/api/recurring/generate', { token });
    visitorList.push({ token, categoryId: cat.id });
  }
  await stopServer();

  let started = performance.now();
  if (visitors > 0 && visitorRows > 0) {
    await seed(visitorEmails, visitorRows);
    console.log(
      `Seeded ${visitors} visitors × ${visitorRows} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  started = performance.now();
  for (let i = 1; i <= others; i++) if (otherRows > 0) await seed(`bench-other-${i}@example.com`, otherRows);
  console.log(
    `Seeded ${others} × ${otherRows} for the other users in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const results: {
    size: number;
    seedSeconds: number;
    times: Map<string, Timing>;
    load?: LoadResult;
    visits?: LoadResult;
    loadavg: string;
  }[] = [];
  let list: Measured[] = [];
  let skipped: [string, string][] = [];
  let have = 0;
  for (const size of sizes) {
    started = performance.now();
    const seedSeconds = await seed('bench-measured@example.com', size - have);
    have = size;
    console.log(
      `\n${size.toLocaleString('en-US')} rows: seeded ${(size - (results.at(-1)?.size ?? 0)).toLocaleString('en-US')} in ${seedSeconds.toFixed(1)} s (${((performance.now() - started) / 1000).toFixed(1)} s with analyze); load ${load()}`,
    );
    await startServer();
    if (list.length === 0) {
      const page = await json<{ data: { id: string }[] }>('GET', '/api/transactions?limit=1', { token: me.token });
      ({ timed: list, skipped } = await endpoints({
        token: me.token,
        userId: me.user.id,
        email: 'bench-measured@example.com',
        today,
        transactionId: page.data[0]?.id ?? '',
        expenseCategoryId: expense[0]?.id ?? '',
        accountId:
          (await json<{ data: { id: string }[] }>('GET', '/api/accounts', { token: me.token })).data[0]?.id ?? '',
      }));
    }
    const loadBefore = load();
    const times = await measure(list, me.token);
    const entry: (typeof results)[number] = { size, seedSeconds, times, loadavg: `${loadBefore} → ${load()}` };
    if (duration > 0 && loadAt.includes(size)) {
      console.log(`Realistic visits of ${visitorList.length} users: ${connections} connections, ${duration} s…`);
      entry.visits = await visitsLoad(visitorList, today);
      console.log(loadRow(size.toLocaleString('en-US'), entry.visits));
      console.log(`Mixed read load: ${connections} connections, ${duration} s…`);
      entry.load = await mixedLoad([me.token, ...otherTokens]);
    }
    results.push(entry);
    await stopServer();
  }

  // --- report -----------------------------------------------------------------------------------
  const visited = results.filter((r) => r.visits);
  if (visited.length) {
    console.log(
      `\n## ${kind}: realistic visits (issue 24) of ${visitorList.length} users (1 × the size, ${visitors} × ${visitorRows}), ${connections} connections, ${duration} s\n`,
    );
    for (const line of LOAD_HEAD) console.log(line);
    for (const r of visited) console.log(loadRow(r.size.toLocaleString('en-US'), r.visits!));
  }
  const first = results[0]!;
  const last = results.at(-1)!;
  const fmt = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1));
  const head = ['endpoint', ...results.map((r) => `${r.size.toLocaleString('en-US')} p50 / p95`)];
  if (results.length > 1) head.push(`p50 ${last.size / 1000}k ÷ ${first.size / 1000}k`);
  console.log(`\n## ${kind}: milliseconds per request (sequential, ${samples} samples; downloads and limit=500: 5)\n`);
  console.log(`| ${head.join(' | ')} |`);
  console.log(`| ${head.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`);
  for (const m of list) {
    const cells = results.map((r) => {
      const t = r.times.get(m.label)!;
      return `${fmt(t.p50)} / ${fmt(t.p95)}${t.refused ? ` (${t.refused})` : ''}`;
    });
    if (results.length > 1) cells.push(`${(last.times.get(m.label)!.p50 / first.times.get(m.label)!.p50).toFixed(2)}×`);
    console.log(`| \`${m.label}\` | ${cells.join(' | ')} |`);
  }
  console.log('\nNot timed:');
  for (const [path, reason] of skipped) console.log(`- \`${path}\`: ${reason}`);
  console.log('\nLoad average (1, 5, 15 min) during the timings:');
  for (const r of results) console.log(`- ${r.size.toLocaleString('en-US')}: ${r.loadavg}`);
  const loaded = results.filter((r) => r.load);
  if (loaded.length) {
    console.log(
      `\n## ${kind}: mixed authenticated reads of ${1 + others} users, ${connections} connections, ${duration} s\n`,
    );
    for (const line of LOAD_HEAD) console.log(line);
    for (const r of loaded) console.log(loadRow(r.size.toLocaleString('en-US'), r.load!));
  }
  if (args.explain && databaseUrl) await explainReads(databaseUrl, me.user.id, today);
}

try {
  await main();
} finally {
  await stopServer();
  agent.destroy();
  if (!args.keep) {
    rmSync(dataDir, { recursive: true, force: true });
    if (adminUrl) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${BENCH_DB} with (force)`);
      await admin.end();
    }
  } else {
    console.log(`\nKept: ${databaseUrl ?? `${dataDir} (PGlite)`}`);
  }
}
