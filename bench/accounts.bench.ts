/**
 * Accounts benchmark (issue 2/6): one user with N transactions (default 1M) over 10 accounts,
 * measured over real HTTP (the app listening on a local port, keep-alive). Phases (--only):
 * `reads`: a register page with running balances at random accounts and random cursors, a
 * balance as of a random date and the 10-year net worth, with a POST /transactions into a random
 * account every ~10 requests; `reconcile`: finishing (then reopening) a reconciliation of 10,000
 * cleared rows on three accounts; `import`: a 10,000-row statement, half of it transfers, committed
 * with its matching and undone, then matching on demand over every row; `household`: another
 * user's 10,000-row import against 10,000 rows, then matching on demand over the 20,000.
 * An import's commit is also split into its rows going in and their matching, as the server logs
 * it. A benchmark, not a test; figures in docs/performance.md ("Accounts").
 *
 *   npm run bench:accounts -- [--rows 1000000] [--requests 300] [--pg postgres://...] [--db-name x]
 *                             [--pglite-dir dir] [--reuse] [--only reads,reconcile,import,household]
 *
 * With --pg (or DATABASE_URL) it uses a database of its own, `--db-name` (default
 * `ledgerly_bench_accounts`: dropped and created, kept afterwards; --reuse measures again without
 * seeding); otherwise PGlite, in memory or in --pglite-dir (emptied first unless --reuse). Rows are
 * made in SQL through the ledger writer's set-based insert, as bench/seed.ts does.
 */
import { parseArgs } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { type AuthResponse, type ImportBatch, addDays, todayIn } from '@ledgerly/shared';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { type Database, migrate, openDatabase } from '../apps/server/src/db/client.js';
import { encodeCursor, ledgerWriter } from '../apps/server/src/modules/ledger/index.js';

const YEARS = 10;

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    requests: { type: 'string', default: '300' },
    pg: { type: 'string' },
    reuse: { type: 'boolean', default: false },
    'db-name': { type: 'string', default: 'ledgerly_bench_accounts' },
    'pglite-dir': { type: 'string' },
    only: { type: 'string', default: 'reads,reconcile,import,household' },
  },
});
const BENCH_DB = args['db-name'];
if (!/^[a-z_][a-z0-9_]*$/.test(BENCH_DB)) throw new Error('--db-name must be a plain lower-case identifier');
const phases = new Set(args.only.split(','));
const rows = Number(args.rows);
const requests = Number(args.requests);
if (![rows, requests].every((n) => Number.isInteger(n) && n > 0))
  throw new Error('--rows and --requests must be positive whole numbers');

function benchUrl(adminUrl: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${BENCH_DB}`;
  return url.toString();
}

async function openBenchDatabase(adminUrl: string | undefined): Promise<Database> {
  if (!adminUrl) {
    const dir = args['pglite-dir'];
    if (!dir) return openDatabase({ dataDir: 'memory' });
    if (!args.reuse) rmSync(dir, { recursive: true, force: true });
    return openDatabase({ dataDir: dir });
  }
  // Seeding 1M rows on a shared machine can exceed the app's 30 s statement timeout.
  const timeouts = { connectMs: 10_000, statementMs: 600_000 };
  if (args.reuse) return openDatabase({ url: benchUrl(adminUrl), dataDir: 'memory', timeouts });
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${BENCH_DB} with (force)`);
  await admin.query(`create database ${BENCH_DB}`);
  await admin.end();
  return openDatabase({ url: benchUrl(adminUrl), dataDir: 'memory', timeouts });
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
};

type Call = (method: string, path: string, body?: unknown) => Promise<unknown>;

/** Uploads a CSV statement into an account, commits it (polling until done) and undoes it; times each step. */
async function importStatement(call: Call, base: string, token: string, accountId: string, lines: string[]) {
  const form = new FormData();
  form.append('options', JSON.stringify({ accountId }));
  form.append(
    'file',
    new Blob([['Date,Description,Amount', ...lines].join('\n') + '\n'], { type: 'text/csv' }),
    'bench.csv',
  );
  let t0 = performance.now();
  const res = await fetch(`${base}/imports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`import upload: ${res.status} ${await res.text()}`);
  const batch = ((await res.json()) as { data: ImportBatch }).data;
  const preview = performance.now() - t0;
  t0 = performance.now();
  let state = ((await call('POST', `/imports/${batch.id}/commit`)) as { data: ImportBatch }).data;
  while (state.status === 'importing') {
    await new Promise((resolve) => setTimeout(resolve, 10));
    state = ((await call('GET', `/imports/${batch.id}?limit=1`)) as { data: ImportBatch }).data;
  }
  const commit = performance.now() - t0;
  if (state.status !== 'committed') throw new Error(`import commit ended ${state.status}: ${state.message ?? ''}`);
  t0 = performance.now();
  await call('POST', `/imports/${batch.id}/revert`);
  return { preview, commit, revert: performance.now() - t0, transfers: state.transfers };
}

async function main(): Promise<void> {
  const config = loadConfig({
    ...process.env,
    // Info, for the import commit's own timing line (kept below; every other line dropped).
    LOG_LEVEL: 'info',
    RECURRING_SWEEP: 'off',
    HOUSEKEEPING: 'off',
    AUTH_RATE_LIMIT_IP: '100000',
    AUTH_RATE_LIMIT_EMAIL: '100000',
    PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
    // Seeding takes minutes without a request: the client's keep-alive connection must outlive it.
    KEEP_ALIVE_TIMEOUT_SECONDS: '3600',
    CONNECTION_TIMEOUT_SECONDS: '3600',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'ledgerly-bench-')),
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-00',
  });
  const database = await openBenchDatabase(args.pg ?? config.databaseUrl);
  await migrate(database);
  const commitTimings: { rowsMs: number; matchingMs: number }[] = [];
  const logStream = {
    write(line: string) {
      if (line.includes('"import rows in and matched"'))
        commitTimings.push(JSON.parse(line) as (typeof commitTimings)[0]);
    },
  };
  const app = await buildApp(config, { database, logStream, webDist: join(config.dataDir, 'no-web') });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
  let token = '';
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return JSON.parse(text) as unknown;
  };

  const email = 'bench-accounts@example.com';
  if (args.reuse) {
    token = ((await call('POST', '/auth/login', { email, password: 'bench-password' })) as AuthResponse).token;
  } else {
    token = (
      (await call('POST', '/auth/register', { email, password: 'bench-password', firstName: 'Bench' })) as AuthResponse
    ).token;
    await call('POST', '/categories/initialize');
    const kinds = [
      'savings',
      'credit_card',
      'cash',
      'investment',
      'loan',
      'checking',
      'savings',
      'credit_card',
      'mortgage',
    ];
    for (const [i, kind] of kinds.entries()) await call('POST', '/accounts', { name: `Bench ${i + 1}`, kind });
  }
  const user = ((await call('GET', '/auth/me')) as { data: { id: string; timezone: string } }).data;
  const accountIds = ((await call('GET', '/accounts')) as { data: { id: string }[] }).data.map((a) => a.id);
  const today = todayIn(user.timezone);
  const firstDay = addDays(today, -365 * YEARS);

  if (!args.reuse) {
    const started = performance.now();
    const batch = 100_000;
    const list = `{${accountIds.join(',')}}`;
    for (let done = 0; done < rows; done += batch) {
      const n = Math.min(batch, rows - done);
      await ledgerWriter.insertSelected(
        database.db,
        ['user_id', 'account_id', 'category_id', 'type', 'amount_cents', 'date', 'description', 'status'],
        sql`
        with cats as (
          select array_agg(id order by id) as ids, array_agg(type order by id) as types, count(*)::int as k
          from categories where user_id = ${user.id}
        )
        -- The account comes from a hash of g, so that accounts and dates are independent.
        select ${user.id}::uuid, (${list}::uuid[])[(1 + ((g * 2654435761) / 128) % ${accountIds.length})::int], cats.ids[(1 + (g / 7) % cats.k)::int],
               cats.types[(1 + (g / 7) % cats.k)::int], 100 + (g * 7919) % 50000,
               ${firstDay}::date + ((g * 104729) % ${365 * YEARS})::int, 'Bench row ' || g,
               case when g % 3 = 0 then 'uncleared' else 'cleared' end
        from cats, generate_series(${done + 1}::bigint, ${done + n}::bigint) as g`,
      );
    }
    await database.db.execute(sql`analyze`);
    console.log(
      `seeded ${rows} rows over ${accountIds.length} accounts in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }

  // Random cursors: the row at or before a random date of a random account (index-backed).
  const cursors: { account: string; cursor: string }[] = [];
  for (let i = 0; i < (phases.has('reads') ? 200 : 0); i += 1) {
    const account = accountIds[Math.floor(Math.random() * accountIds.length)]!;
    const day = addDays(firstDay, Math.floor(Math.random() * 365 * YEARS));
    const [row] = rowsOf<{ date: string; created_at: string; id: string }>(
      await database.db.execute(sql`
        select date::text as date, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at, id
        from transactions t where t.account_id = ${account} and t.date <= ${day}::date
        order by t.date desc, t.created_at desc, t.id desc limit 1`),
    );
    if (row) cursors.push({ account, cursor: encodeCursor({ date: row.date, createdAt: row.created_at, id: row.id }) });
  }
  const categories = ((await call('GET', '/categories?type=expense')) as { data: { id: string }[] }).data;

  const times: Record<'register' | 'balance' | 'netWorth' | 'write', number[]> = {
    register: [],
    balance: [],
    netWorth: [],
    write: [],
  };
  const timed = async (kind: keyof typeof times, f: () => Promise<unknown>) => {
    const t0 = performance.now();
    await f();
    times[kind].push(performance.now() - t0);
  };
  // Warm-up.
  for (let i = 0; i < (phases.has('reads') ? 10 : 0); i += 1)
    await call('GET', `/accounts/${accountIds[i % accountIds.length]!}/register?limit=50`);
  for (let i = 0; i < (phases.has('reads') ? requests * 3 : 0); i += 1) {
    if (i % 10 === 9) {
      await timed('write', () =>
        call('POST', '/transactions', {
          categoryId: categories[i % categories.length]!.id,
          type: 'expense',
          amount: 12.5,
          date: addDays(today, -Math.floor(Math.random() * 365 * YEARS)),
          accountId: accountIds[i % accountIds.length],
        }),
      );
    }
    const which = i % 3;
    if (which === 0) {
      const c = cursors[Math.floor(Math.random() * cursors.length)]!;
      const first = Math.random() < 0.2;
      await timed('register', () =>
        call('GET', `/accounts/${c.account}/register?limit=50${first ? '' : `&cursor=${c.cursor}`}`),
      );
    } else if (which === 1) {
      const account = accountIds[Math.floor(Math.random() * accountIds.length)]!;
      const date = addDays(firstDay, Math.floor(Math.random() * 365 * YEARS));
      await timed('balance', () => call('GET', `/accounts/${account}/balance?date=${date}`));
    } else {
      await timed('netWorth', () => call('GET', '/analytics/net-worth?months=120'));
    }
  }
  const db =
    (args.pg ?? config.databaseUrl) ? 'PostgreSQL' : args['pglite-dir'] ? 'PGlite (on disk)' : 'PGlite (in memory)';
  console.log(`\n${db}, ${rows} rows, ${accountIds.length} accounts, over HTTP (load ${loadavg()[0]!.toFixed(1)}):`);
  for (const [kind, xs] of Object.entries(times)) {
    if (!xs.length) continue;
    console.log(
      `${kind.padEnd(9)} n=${String(xs.length).padStart(4)}  p50 ${percentile(xs, 50).toFixed(1)} ms  p95 ${percentile(xs, 95).toFixed(1)} ms  max ${Math.max(...xs).toFixed(1)} ms`,
    );
  }
  const ms = (x: number) => `${x.toFixed(0)} ms`;
  const load = () => `(load ${loadavg()[0]!.toFixed(1)})`;

  // Finishing a reconciliation of about 10,000 cleared rows (then reopening it, which unmarks
  // them, so that --reuse finds the same data), on three accounts.
  for (const account of phases.has('reconcile') ? accountIds.slice(1, 4) : []) {
    const [row] = rowsOf<{ date: string }>(
      await database.db.execute(sql`
        select date::text as date from transactions where account_id = ${account} and status = 'cleared'
        order by date offset 9999 limit 1`),
    );
    if (!row) continue;
    const asOf = (
      (await call('GET', `/accounts/${account}/balance?date=${row.date}`)) as { data: { clearedBalance: number } }
    ).data;
    const started = (await call('POST', `/accounts/${account}/reconciliations`, {
      statementDate: row.date,
      statementBalance: asOf.clearedBalance,
    })) as { data: { id: string } };
    let t0 = performance.now();
    await call('POST', `/reconciliations/${started.data.id}/finish`, {});
    const finish = performance.now() - t0;
    const [marked] = rowsOf<{ n: number }>(
      await database.db.execute(
        sql`select count(*)::int as n from transactions where account_id = ${account} and status = 'reconciled'`,
      ),
    );
    t0 = performance.now();
    await call('POST', `/reconciliations/${started.data.id}/reopen`);
    const reopen = performance.now() - t0;
    console.log(`reconciliation of ${marked!.n} rows: finish ${ms(finish)}, reopen ${ms(reopen)} ${load()}`);
  }

  // A 10,000-row statement imported into one account: every other row is the other side of an
  // expense of another account a day earlier (a transfer), the rest match nothing. Commit (rows in,
  // then matching, in one database transaction) timed until the batch is committed; then undone.
  if (phases.has('import')) {
    const into = accountIds[1]!;
    const partners = rowsOf<{ amount_cents: number; date: string }>(
      await database.db.execute(sql`
        select amount_cents, (date + 1)::text as date from transactions
        where account_id = ${accountIds[2]!} and type = 'expense' and kind = 'regular' and date < ${today}::date
        order by id limit 5000`),
    );
    const lines = partners.flatMap((p, i) => [
      `${p.date},Transfer in ${i},${(p.amount_cents / 100).toFixed(2)}`,
      `${addDays(firstDay, (i * 7) % (365 * YEARS))},Deposit ${i},${((60_000 + i) / 100).toFixed(2)}`,
    ]);
    const r = await importStatement(call, base, token, into, lines);
    const inside = commitTimings.at(-1);
    console.log(
      `import of ${lines.length} rows: preview ${ms(r.preview)}, commit with matching ${ms(r.commit)} (rows in ${inside?.rowsMs ?? '?'} ms, matching ${inside?.matchingMs ?? '?'} ms; ${JSON.stringify(r.transfers)}), undo ${ms(r.revert)} ${load()}`,
    );
    const t0 = performance.now();
    const matched = await call('POST', '/transfers/match');
    console.log(
      `matching on demand over all ${rows} rows: ${ms(performance.now() - t0)} ${JSON.stringify(matched)} ${load()}`,
    );
  }

  // Another user with 10,000 expenses in checking and a 10,000-row statement into savings, half
  // of it transfers (as transfer-matching/matching.test.ts): the import's matching, then
  // matching on demand over the 20,000 rows.
  if (phases.has('household')) {
    token = (
      (await call('POST', '/auth/register', {
        email: `bench-household-${Date.now()}@example.com`,
        password: 'bench-password',
        firstName: 'Bench',
      })) as AuthResponse
    ).token;
    const owner = ((await call('GET', '/auth/me')) as { data: { id: string } }).data;
    const checking = ((await call('GET', '/accounts')) as { data: { id: string }[] }).data[0]!.id;
    const savings = (
      (await call('POST', '/accounts', { name: 'Savings', kind: 'savings' })) as { data: { id: string } }
    ).data.id;
    const category = (
      (await call('POST', '/categories', { name: 'Bulk', type: 'expense' })) as { data: { id: string } }
    ).data.id;
    const day = (i: number) => addDays('2020-01-01', i % 2000);
    await ledgerWriter.insertRows(
      database.db,
      Array.from({ length: 10_000 }, (_, i) => ({
        userId: owner.id,
        accountId: checking,
        categoryId: category,
        type: 'expense' as const,
        amountCents: 100 + (i % 5000),
        date: day(i),
        description: `Spend ${i}`,
      })),
    );
    const lines = Array.from(
      { length: 10_000 },
      (_, i) => `${day(i + (i % 2 === 0 ? 1 : 9))},Got ${i},${((100 + (i % 5000)) / 100).toFixed(2)}`,
    );
    const r = await importStatement(call, base, token, savings, lines);
    const inside = commitTimings.at(-1);
    console.log(
      `household import of 10000 rows against 10000: commit with matching ${ms(r.commit)} (rows in ${inside?.rowsMs ?? '?'} ms, matching ${inside?.matchingMs ?? '?'} ms; ${JSON.stringify(r.transfers)}), undo ${ms(r.revert)} ${load()}`,
    );
    const t0 = performance.now();
    const matched = await call('POST', '/transfers/match');
    console.log(
      `household matching on demand over 20000 rows: ${ms(performance.now() - t0)} ${JSON.stringify(matched)} ${load()}`,
    );
  }
  await app.close();
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
