/**
 * `npm run db:copy` (DESIGN §9): a PGlite instance populated over HTTP is copied by the real
 * command into a fresh PostgreSQL database, which then has the same counts and sums and serves
 * the same users. Runs when TEST_DATABASE_URL is set (always in CI).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { addDays, todayIn } from '@ledgerly/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { TestApp } from '../../test/build-test-app.js';
import { createCategory, createTransaction } from '../../test/factories.js';
import { commit, csv, preview } from '../../test/imports-helpers.js';
import { png } from '../../test/receipt-fixtures.js';
import { type Database, openDatabase } from './client.js';
import { BUILT_BY_TRIGGERS } from './copy.js';

const PG_URL = process.env.TEST_DATABASE_URL;
const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const SECRET = 'copy-secret-copy-secret-copy-secret-0123';

function runCopy(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'db:copy', '--', ...args], {
      cwd: repoRoot,
      env: { ...process.env, APP_SECRET: SECRET },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += String(d)));
    child.stderr.on('data', (d) => (output += String(d)));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

async function startApp(dataDir: string, databaseUrl?: string): Promise<{ app: FastifyInstance; t: TestApp }> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    APP_SECRET: SECRET,
    LOG_LEVEL: 'silent',
    HOUSEKEEPING: 'off',
    // Nothing generated behind the test's back: the copy must show exactly what was there.
    RECURRING_SWEEP: 'off',
    // Nor the bundled exchange rates written in the background (as in build-test-app.ts).
    RATES_DATASET: 'off',
    AUTH_RATE_LIMIT_IP: '1000',
    // A loaded test machine lags right after PGlite's start-up; the pressure tests turn it on themselves.
    PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const app = await buildApp(config, { logger: false, webDist: join(dataDir, 'no-web') });
  await app.ready();
  const t = {
    app,
    config,
    request: ({ token, headers, ...opts }: InjectOptions & { token?: string }) =>
      app.inject({ ...opts, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } }),
  } as unknown as TestApp;
  return { app, t };
}

/** Row count and the sums of the money and count columns of every table, as text. */
async function figures(database: Database): Promise<Record<string, string>> {
  const tables = (await database.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
        and table_name <> 'rate_limits' order by 1`,
  )) as { rows: { table_name: string }[] };
  const out: Record<string, string> = {};
  for (const { table_name: table } of tables.rows) {
    const cols = (await database.db.execute<{ column_name: string }>(
      sql`select column_name from information_schema.columns where table_schema = 'public' and table_name = ${table}
          and data_type in ('bigint', 'integer', 'numeric') order by 1`,
    )) as { rows: { column_name: string }[] };
    const parts = [
      sql`count(*)::text as n`,
      ...cols.rows.map((c) => sql`coalesce(sum(${sql.identifier(c.column_name)}), 0)::text`),
    ];
    const row = (await database.db.execute(sql`select ${sql.join(parts, sql`, `)} from ${sql.identifier(table)}`)) as {
      rows: Record<string, string>[];
    };
    out[table] = Object.values(row.rows[0]!).join(' ');
  }
  return out;
}

describe('npm run db:copy: bad arguments', () => {
  it('refuses a target that is not a postgres:// URL, and a folder without a PGlite database', async () => {
    const bad = await runCopy(['--to', 'mysql://host/db']);
    expect(bad.code).toBe(2);
    expect(bad.output).toContain('--to must be a postgres:// URL of an empty database.');
    const empty = mkdtempSync(join(tmpdir(), 'ledgerly-copy-empty-'));
    try {
      const none = await runCopy(['--to', 'postgres://127.0.0.1:1/none', '--data-dir', empty]);
      expect(none.code).toBe(2);
      expect(none.output).toContain(`No PGlite database in ${join(empty, 'db')}`);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

// Only with PostgreSQL (a skipped test counts as a failure in `npm test`, so it is not declared).
if (PG_URL)
  describe('npm run db:copy', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ledgerly-copy-'));
    const name = `ledgerly_copy_${process.pid}_${Date.now()}`;
    const target = (() => {
      if (!PG_URL) return '';
      const u = new URL(PG_URL);
      u.pathname = `/${name}`;
      return u.toString();
    })();
    const admin = async (query: string) => {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      try {
        await client.query(query);
      } finally {
        await client.end();
      }
    };
    const users: { email: string; token: string }[] = [];
    let before: { summary: unknown; receiptUrl: string; total: number } | null = null;

    beforeAll(async () => {
      await admin(`create database ${name}`);
      // A PGlite instance with every kind of data, made over HTTP.
      const { app, t } = await startApp(dataDir);
      const today = todayIn('UTC');
      for (let u = 0; u < 3; u++) {
        const email = `copy${u}@example.com`;
        const reg = await t.request({
          method: 'POST',
          url: '/api/auth/register',
          payload: { email, password: 'secret123' },
        });
        expect(reg.statusCode).toBe(201);
        const { token } = reg.json<{ token: string }>();
        users.push({ email, token });
        const init = await t.request({ method: 'POST', url: '/api/categories/initialize', token });
        expect(init.statusCode, init.body).toBe(201);
        const food = await createCategory(t, token, { name: 'Food' });
        const pay = await createCategory(t, token, { name: 'Pay', type: 'income' });
        for (let i = 0; i < 40; i++) {
          await createTransaction(t, token, {
            categoryId: i % 5 === 0 ? pay.id : food.id,
            type: i % 5 === 0 ? 'income' : 'expense',
            amount: (i * 7.31 + u).toFixed(2).replace(/^0\.00$/, '0.01'),
            description: `Item ${i}`,
            date: addDays(today, -i * 3),
          });
        }
        await createTransaction(t, token, {
          categoryId: food.id,
          type: 'expense',
          amount: '4.20',
          description: 'Receipt',
          date: today,
          receipt: { filename: 'r.png', contentType: 'image/png', data: await png() },
        });
        const budget = await t.request({
          method: 'POST',
          url: '/api/budgets',
          token,
          payload: { categoryId: food.id, amount: 300 },
        });
        expect(budget.statusCode, budget.body).toBe(201);
        const recurring = await t.request({
          method: 'POST',
          url: '/api/recurring',
          token,
          payload: {
            categoryId: food.id,
            type: 'expense',
            amount: 9.99,
            description: 'Subscription',
            frequency: 'weekly',
            startDate: addDays(today, -30),
          },
        });
        expect(recurring.statusCode, recurring.body).toBe(201);
        const batch = await preview(
          t,
          token,
          csv([
            [addDays(today, -2), `Bakery ${u}`, '-3.10'],
            [addDays(today, -1), `Salary ${u}`, '1500.00'],
          ]),
        );
        await commit(t, token, batch.id);
      }
      const first = users[0]!;
      const list = await t.request({ method: 'GET', url: '/api/transactions?limit=100', token: first.token });
      const summary = await t.request({ method: 'GET', url: '/api/analytics/dashboard', token: first.token });
      expect(summary.statusCode).toBe(200);
      before = {
        summary: summary.json(),
        receiptUrl: list.json().data.find((x: { receiptUrl: string | null }) => x.receiptUrl).receiptUrl as string,
        total: list.json().meta.total as number,
      };
      await app.close();
    }, 180_000);

    afterAll(async () => {
      await admin(`drop database if exists ${name} with (force)`).catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('copies every table into the empty database, with equal counts and sums', { timeout: 180_000 }, async () => {
      const copy = await runCopy(['--to', target, '--data-dir', dataDir]);
      expect(copy.output).toContain('Row counts and sums match the source');
      expect(copy.code).toBe(0);
      expect(copy.output).toContain('Set DATABASE_URL=');
      expect(copy.output).toMatch(/transactions\s+\d+ rows\s+sum amount_cents \d+/);
      expect(copy.output).toContain('(built by triggers)');

      const source = await openDatabase({ dataDir: join(dataDir, 'db') });
      const copied = await openDatabase({ url: target, dataDir: 'memory' });
      try {
        const [a, b] = [await figures(source), await figures(copied)];
        expect(Object.keys(b).length).toBeGreaterThan(10);
        expect(b).toEqual(a);
        for (const table of [
          'users',
          'categories',
          'transactions',
          'budgets',
          'recurring_transactions',
          'import_batches',
        ]) {
          expect(Number(b[table]!.split(' ')[0]), table).toBeGreaterThan(0);
        }
        for (const table of BUILT_BY_TRIGGERS) expect(Number(b[table]!.split(' ')[0]), table).toBeGreaterThan(0);
      } finally {
        await source.close();
        await copied.close();
      }
    });

    it('the app runs on the copy: users sign in and see the same figures and receipts', async () => {
      const { app, t } = await startApp(dataDir, target);
      try {
        const first = users[0]!;
        const login = await t.request({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: first.email, password: 'secret123' },
        });
        expect(login.statusCode).toBe(200);
        const token = login.json<{ token: string }>().token;
        // The session made on PGlite still works too.
        expect((await t.request({ method: 'GET', url: '/api/auth/me', token: first.token })).statusCode).toBe(200);
        const list = await t.request({ method: 'GET', url: '/api/transactions?limit=100', token });
        expect(list.json().meta.total).toBe(before!.total);
        const summary = await t.request({ method: 'GET', url: '/api/analytics/dashboard', token });
        expect(summary.json()).toEqual(before!.summary);
        // Receipts were left where they are, and open.
        expect((await t.request({ method: 'GET', url: before!.receiptUrl })).statusCode).toBe(200);
      } finally {
        await app.close();
      }
    });

    it('refuses a target that is not empty, naming what is there, and changes nothing', async () => {
      const again = await runCopy(['--to', target, '--data-dir', dataDir]);
      expect(again.code).toBe(1);
      expect(again.output).toMatch(/The target database is not empty: .*users \(3 rows\)/);
    });

    it('refuses while a server holds the data folder', async () => {
      const { app } = await startApp(dataDir);
      try {
        const locked = await runCopy(['--to', target, '--data-dir', dataDir]);
        expect(locked.code).toBe(1);
        expect(locked.output).toContain('Another Ledgerly process is using DATA_DIR');
      } finally {
        await app.close();
      }
    });
  });
