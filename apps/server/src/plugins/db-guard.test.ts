import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, Category } from '@ledgerly/shared';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { type Database, migrate, openDatabase } from '../db/client.js';
import { type ThrowawayCluster, clusterUnavailable, startThrowawayCluster } from '../../test/pg-cluster.js';

// Issue 1/6: with PostgreSQL frozen (SIGSTOP) the health check answered 503 in a second, but a
// signed-in read on a pooled connection waited for the 30 s statement timeout plus 5 s. Now every
// request answers 503 within 2 s while the server does not answer, and works again after it does.
// A real cluster of the test's own, with the default timeouts (30 s statement, 5 s connect).

const unavailable = clusterUnavailable();
let cluster: ThrowawayCluster | undefined;
let database: Database | undefined;
let app: FastifyInstance | undefined;
let paused: number[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'ledgerly-frozen-'));

const freeze = () => {
  paused = cluster!.pids();
  expect(paused.length).toBeGreaterThan(3);
  for (const pid of paused) process.kill(pid, 'SIGSTOP');
};
const thaw = () => {
  for (const pid of paused) {
    try {
      process.kill(pid, 'SIGCONT');
    } catch {
      // gone
    }
  }
  paused = [];
};

beforeAll(async () => {
  if (unavailable) return;
  cluster = startThrowawayCluster([5470, 5471, 5472, 5473, 5474, 5475, 5476, 5477, 5478, 5479]);
  database = await openDatabase({ url: cluster.url, dataDir: 'memory' });
  await migrate(database);
  const config = loadConfig({
    DATABASE_URL: cluster.url,
    DATA_DIR: dataDir,
    APP_SECRET: 'test-secret-test-secret-test-secret-42',
    LOG_LEVEL: 'silent',
    RECURRING_SWEEP: 'off',
    HOUSEKEEPING: 'off',
    PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
    READ_CACHE_SECONDS: '0',
  });
  app = await buildApp(config, { database, logger: false, webDist: join(dataDir, 'no-web') });
  await app.ready();
});

afterAll(async () => {
  thaw();
  await app?.close();
  await database?.close();
  cluster?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Sends a request and measures how long the answer took. */
async function timed(
  method: 'GET' | 'POST',
  url: string,
  token?: string,
  payload?: object,
): Promise<{ res: LightMyRequestResponse; ms: number; what: string }> {
  const started = performance.now();
  const res = await app!.inject({
    method,
    url,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    ...(payload ? { payload } : {}),
  });
  return { res, ms: performance.now() - started, what: `${method} ${url}` };
}

describe.skipIf(unavailable !== null)(
  `requests with a frozen PostgreSQL${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    let token = '';
    let category: Category;
    const today = new Date().toISOString().slice(0, 10);

    it('signs up and writes while the server answers', async () => {
      const reg = await timed('POST', '/api/auth/register', undefined, {
        email: 'frozen@example.com',
        password: 'secret123',
      });
      expect(reg.res.statusCode).toBe(201);
      token = reg.res.json<AuthResponse>().token;
      const created = await timed('POST', '/api/categories', token, { name: 'Food', type: 'expense' });
      expect(created.res.statusCode).toBe(201);
      category = created.res.json<{ data: Category }>().data;
      const tx = await timed('POST', '/api/transactions', token, {
        categoryId: category.id,
        type: 'expense',
        amount: 10,
        description: 'before',
        date: today,
      });
      expect(tx.res.statusCode).toBe(201);
    });

    it('leaves a long query alone while the server answers', { timeout: 30_000 }, async () => {
      // 2.5 s on one connection: the watcher asks `select 1` on its own several times meanwhile
      // and gets answers, so neither the query nor requests beside it are cut.
      const long = database!.db.execute(sql`select pg_sleep(2.5) as slept`);
      await new Promise((r) => setTimeout(r, 1_500));
      const beside = await timed('GET', '/api/categories', token);
      expect(beside.res.statusCode).toBe(200);
      await expect(long).resolves.toBeTruthy();
      expect(database!.liveness!.outages).toBe(0);
      // It did ask: its connection is there.
      const asked = await database!.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where application_name = 'ledgerly-liveness'`,
      );
      expect((asked as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
    });

    it(
      'answers every request 503 within 2 s while the server is frozen, and works again after',
      { timeout: 120_000 },
      async () => {
        // Connections in the pool, as in a server that has been serving for a while.
        const warm = await Promise.all(Array.from({ length: 6 }, () => timed('GET', '/api/categories', token)));
        expect(warm.map((w) => w.res.statusCode)).toEqual(Array(6).fill(200));
        expect(database!.poolStats!().idle).toBeGreaterThan(0);

        freeze();
        // Requests already waiting when the server is found silent, then requests after it.
        for (const round of ['found silent meanwhile', 'known silent']) {
          const answers = await Promise.all([
            timed('GET', '/api/categories', token),
            timed('GET', `/api/transactions?from=${today}`, token),
            timed('GET', '/api/budgets/status', token),
            timed('POST', '/api/transactions', token, {
              categoryId: category.id,
              type: 'expense',
              amount: 99,
              description: `frozen write (${round})`,
              date: today,
            }),
            timed('POST', '/api/auth/login', undefined, { email: 'frozen@example.com', password: 'secret123' }),
            timed('GET', '/api/health'),
          ]);
          for (const { res, ms, what } of answers) {
            expect(res.statusCode, `${round}: ${what}: ${res.body}`).toBe(503);
            expect(res.json(), `${round}: ${what}`).toMatchObject({ code: 'DB_UNAVAILABLE' });
            expect(res.headers['retry-after'], `${round}: ${what}`).toBe('5');
            // The requirement's bound (the watcher needs about 1.3 s: 0.3 s, then a second for `select 1`).
            expect(ms, `${round}: ${what}`).toBeLessThan(2_000);
          }
          console.log(`frozen, ${round}: ${answers.map((a) => `${a.what} ${Math.round(a.ms)} ms`).join(', ')}`);
        }
        expect(database!.liveness!.down).toBe(true);
        expect(database!.liveness!.outages).toBe(1);
        // Held for a while (more than the 2 s a retry waits at most), still answered at once.
        await new Promise((r) => setTimeout(r, 3_000));
        const later = await timed('GET', '/api/categories', token);
        expect(later.res.statusCode).toBe(503);
        expect(later.ms).toBeLessThan(2_000);

        thaw();
        const resumed = performance.now();
        let back = later;
        while (back.res.statusCode !== 200 && performance.now() - resumed < 15_000) {
          await new Promise((r) => setTimeout(r, 100));
          back = await timed('GET', '/api/categories', token);
        }
        const recoveredMs = performance.now() - resumed;
        console.log(`answering again ${Math.round(recoveredMs)} ms after SIGCONT`);
        expect(back.res.statusCode, back.res.body).toBe(200);
        // The watcher asks again after at most 2 s; a few seconds is the requirement.
        expect(recoveredMs).toBeLessThan(5_000);

        const write = await timed('POST', '/api/transactions', token, {
          categoryId: category.id,
          type: 'expense',
          amount: 5,
          description: 'after',
          date: today,
        });
        expect(write.res.statusCode, write.res.body).toBe(201);
        const list = await timed('GET', `/api/transactions?limit=500`, token);
        expect(list.res.statusCode).toBe(200);
        const descriptions = list.res
          .json<{ data: { description: string | null }[] }>()
          .data.map((t) => t.description)
          .sort();
        // The frozen writes answered 503 and were not made (their connections were dropped
        // before anything was committed); the others are all there.
        expect(descriptions).toEqual(['after', 'before']);
        // Nothing half-written: the totals the triggers keep agree with the rows.
        const check = await database!.db.execute(sql`
          select (select coalesce(sum(amount_cents), 0) from transactions)::text as rows_cents,
                 (select coalesce(sum(total_cents), 0) from transaction_daily_totals)::text as daily_cents,
                 (select coalesce(sum(total_cents), 0) from transaction_monthly_totals)::text as monthly_cents`);
        expect((check as { rows: unknown[] }).rows[0]).toEqual({
          rows_cents: '1500',
          daily_cents: '1500',
          monthly_cents: '1500',
        });
        // The pool recovered: connections to the frozen server were dropped, new ones opened.
        expect(database!.poolStats!().total).toBeLessThanOrEqual(10);
        expect(database!.liveness!.down).toBe(false);
      },
    );
  },
);
