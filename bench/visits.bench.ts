/**
 * `npm run bench:visits -- [--database-url postgres://…] [--server A=apps/server/dist-a/main.js --server B=…]`
 *
 * Issue 24's realistic visits alone (bench/visits.ts), for A/B measurements of server builds on a
 * shared machine: one database is seeded once (the measured user with --rows, --visitors users
 * of --visitor-rows each with categories, a monthly budget and a monthly recurring item), then
 * each named server build is started in turn and loaded for --duration seconds, --rounds times,
 * interleaved (A B A B …), so every build meets the same machine load. Each run prints its row
 * (req/s, errors, latency, server and PostgreSQL CPU per request, load average) and a last table
 * gives every run. A server build is a compiled `main.js` one folder below apps/server (copy
 * apps/server/dist to apps/server/dist-a before a change to keep the old build); without
 * --server, the current build (apps/server/dist/main.js, built if out of date).
 *
 * Options: --db-name ledgerly_bench_visits (PostgreSQL database, created unless --reuse; kept),
 * --data-dir DIR (PGlite, without --database-url; kept), --reuse (the database is seeded
 * already: sign in again), --rows 100000, --visitors 40, --visitor-rows 2500, --rounds 2,
 * --duration 20, --connections 50, --warmup 3 (seconds of untimed load after each start),
 * --port 3212, --server-arg ARG (repeatable, e.g. --server-arg=--cpu-prof).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrate, openDatabase } from '../apps/server/src/db/client.js';
import { analyze, seedAccount } from './seed.js';
import { serverNodeFlags } from './server-flags.js';
import { LOAD_HEAD, type LoadResult, type Visitor, loadAverage, loadRow, runLoad, visitRequests } from './visits.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PASSWORD = 'bench-password-1';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    'db-name': { type: 'string', default: 'ledgerly_bench_visits' },
    'data-dir': { type: 'string' },
    reuse: { type: 'boolean', default: false },
    rows: { type: 'string', default: '100000' },
    visitors: { type: 'string', default: '40' },
    'visitor-rows': { type: 'string', default: '2500' },
    rounds: { type: 'string', default: '2' },
    duration: { type: 'string', default: '20' },
    connections: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '3' },
    port: { type: 'string', default: '3212' },
    server: { type: 'string', multiple: true, default: [] },
    'server-arg': { type: 'string', multiple: true, default: [] },
  },
  strict: true,
});
const whole = (name: string, v: string, min = 0) => {
  const n = Number(v.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be a whole number of at least ${min}`);
  return n;
};
const rows = whole('rows', args.rows, 1);
const visitors = whole('visitors', args.visitors);
const visitorRows = whole('visitor-rows', args['visitor-rows']);
const rounds = whole('rounds', args.rounds, 1);
const duration = whole('duration', args.duration, 1);
const connections = whole('connections', args.connections, 1);
const warmup = whole('warmup', args.warmup);
const port = whole('port', args.port, 1);
const dbName = args['db-name'];
if (!/^[a-z_][a-z0-9_]*$/.test(dbName)) throw new Error('--db-name must be a plain lower-case name');
const adminUrl = args['database-url'] ?? process.env.DATABASE_URL;
const databaseUrl = adminUrl ? Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString() : undefined;
const dataDir = resolve(args['data-dir'] ?? join(ROOT, '.tmp', `bench-visits-${dbName}`));

/** The builds to compare: name → main.js. */
function builds(): [string, string][] {
  if (args.server.length === 0) {
    const built = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs'), 'server'], { stdio: 'inherit' });
    if (built.status !== 0) throw new Error('building the server failed');
    return [['current', join(ROOT, 'apps/server/dist/main.js')]];
  }
  return args.server.map((s) => {
    const [name, file] = s.includes('=') ? [s.slice(0, s.indexOf('=')), s.slice(s.indexOf('=') + 1)] : [s, s];
    const path = resolve(file);
    if (!existsSync(path)) throw new Error(`--server ${s}: no file ${path}`);
    return [name, path];
  });
}

let server: ChildProcess | null = null;

async function startServer(main: string): Promise<void> {
  const child = spawn(process.execPath, [...args['server-arg'], ...serverNodeFlags(), main], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      APP_SECRET: 'bench-secret-bench-secret-bench-secret-00',
      RECURRING_SWEEP: 'off',
      HOUSEKEEPING: 'off',
      AUTH_RATE_LIMIT_IP: '100000',
      AUTH_RATE_LIMIT_EMAIL: '100000',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  server = child;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${stderr}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200) return;
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
  await new Promise<void>((done) => {
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}

async function call<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${port}/api${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

const emails = [
  'bench-measured@example.com',
  ...Array.from({ length: visitors }, (_, i) => `bench-visitor-${i + 1}@example.com`),
];
const today = new Date().toISOString().slice(0, 10);

/** Registers every user with their budget and recurring item (server running); answers the visitors. */
async function setUp(): Promise<Visitor[]> {
  const out: Visitor[] = [];
  for (const email of emails) {
    const { token } = await call<{ token: string }>('POST', '/auth/register', undefined, {
      email,
      password: PASSWORD,
      firstName: 'Bench',
      timezone: 'UTC',
    });
    await call('POST', '/categories/initialize', token);
    const cats = (await call<{ data: { id: string; type: string }[] }>('GET', '/categories', token)).data;
    const cat = cats.find((c) => c.type === 'expense')!;
    await call('POST', '/budgets', token, { categoryId: cat.id, amount: 400, period: 'monthly' });
    await call('POST', '/recurring', token, {
      categoryId: cat.id,
      type: 'expense',
      amount: 12.99,
      description: 'Streaming subscription',
      frequency: 'monthly',
      startDate: today,
    });
    await call('POST', '/recurring/generate', token);
    out.push({ token, categoryId: cat.id });
  }
  return out;
}

async function signIn(): Promise<Visitor[]> {
  const out: Visitor[] = [];
  for (const email of emails) {
    const { token } = await call<{ token: string }>('POST', '/auth/login', undefined, { email, password: PASSWORD });
    const cats = (await call<{ data: { id: string; type: string }[] }>('GET', '/categories', token)).data;
    out.push({ token, categoryId: cats.find((c) => c.type === 'expense')!.id });
  }
  return out;
}

async function main(): Promise<void> {
  const list = builds();
  if (!args.reuse) {
    if (adminUrl) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.query(`create database ${dbName}`);
      await admin.end();
    } else {
      mkdirSync(dataDir, { recursive: true });
    }
    const db = await openDatabase(
      databaseUrl ? { url: databaseUrl, dataDir: 'memory' } : { dataDir: join(dataDir, 'db') },
    );
    await migrate(db);
    await db.close();
  }
  await startServer(list[0]![1]);
  const all = args.reuse ? await signIn() : await setUp();
  await stopServer();
  if (!args.reuse) {
    const db = await openDatabase(
      databaseUrl ? { url: databaseUrl, dataDir: 'memory' } : { dataDir: join(dataDir, 'db') },
    );
    try {
      const started = Date.now();
      await seedAccount(db, { email: emails[0]!, rows });
      for (const email of emails.slice(1)) if (visitorRows > 0) await seedAccount(db, { email, rows: visitorRows });
      await analyze(db);
      console.log(`Seeded ${rows} + ${visitors} × ${visitorRows} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    } finally {
      await db.close();
    }
  }
  const sequences = all.map((v) => visitRequests(v, today));
  const results: [string, LoadResult][] = [];
  console.log(`${databaseUrl ? 'PostgreSQL' : 'PGlite'}; builds ${list.map(([n, f]) => `${n}=${f}`).join(', ')}`);
  for (const line of LOAD_HEAD) console.log(line.replace('| rows |', '| build |'));
  for (let round = 0; round < rounds; round++) {
    for (const [name, main] of list) {
      await startServer(main);
      const base = { port, connections, sequences, serverPid: server!.pid, dbName: databaseUrl ? dbName : null };
      if (warmup > 0) await runLoad({ ...base, duration: warmup });
      const r = await runLoad({ ...base, duration });
      await stopServer();
      results.push([name, r]);
      console.log(loadRow(name, r));
    }
  }
  console.log(
    `\n## Realistic visits, ${all.length} users, ${connections} connections, ${duration} s; load now ${loadAverage()}\n`,
  );
  for (const line of LOAD_HEAD) console.log(line.replace('| rows |', '| build |'));
  for (const [name, r] of results) console.log(loadRow(name, r));
}

try {
  await main();
} finally {
  await stopServer();
}
