import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { type ThrowawayCluster, clusterUnavailable, startThrowawayCluster } from '../../../test/pg-cluster.js';

// Issue 13: when PostgreSQL froze (not refusing, just not answering) every request hung, the
// health check included. A real cluster of the test's own, paused with SIGSTOP.

const unavailable = clusterUnavailable();
let cluster: ThrowawayCluster | undefined;
let app: FastifyInstance | undefined;
let paused: number[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'ledgerly-paused-'));

const resume = () => {
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
  cluster = startThrowawayCluster([5460, 5461, 5462, 5463, 5464, 5465, 5466, 5467, 5468, 5469]);
  const config = loadConfig({
    DATABASE_URL: cluster.url,
    DATA_DIR: dataDir,
    APP_SECRET: 'test-secret-test-secret-test-secret-42',
    LOG_LEVEL: 'silent',
    RECURRING_SWEEP: 'off',
    HOUSEKEEPING: 'off',
    PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
    DB_CONNECT_TIMEOUT_SECONDS: '2',
    DB_STATEMENT_TIMEOUT_SECONDS: '3',
  });
  app = await buildApp(config, { logger: false });
  await app.ready();
});

afterAll(async () => {
  resume();
  await app?.close();
  cluster?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(unavailable !== null)(
  `health with a paused PostgreSQL${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    it(
      'answers 503 within about a second while PostgreSQL is frozen, other requests fail instead of hanging, and 200 after',
      { timeout: 120_000 },
      async () => {
        const server = app!;
        expect((await server.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({
          data: { status: 'ok', database: 'postgres' },
        });
        const reg = await server.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { email: 'paused@example.com', password: 'secret123' },
        });
        expect(reg.statusCode).toBe(201);
        const token = reg.json<{ token: string }>().token;

        paused = cluster!.pids();
        expect(paused.length).toBeGreaterThan(3);
        for (const pid of paused) process.kill(pid, 'SIGSTOP');

        for (let i = 0; i < 3; i++) {
          const started = Date.now();
          const health = await server.inject({ method: 'GET', url: '/api/health' });
          const took = Date.now() - started;
          expect(health.statusCode).toBe(503);
          expect(health.json()).toMatchObject({ code: 'DB_UNAVAILABLE' });
          // Generous bound on a loaded machine: it gives up after 1 s instead of hanging.
          expect(took).toBeLessThan(2_500);
        }
        // An ordinary request fails with 503 too, at once while the database is known silent (plugins/db-guard.ts).
        const list = await server.inject({
          method: 'GET',
          url: '/api/categories',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(list.statusCode).toBe(503);

        resume();
        let status = 0;
        for (let i = 0; i < 50 && status !== 200; i++) {
          status = (await server.inject({ method: 'GET', url: '/api/health' })).statusCode;
          if (status !== 200) await new Promise((r) => setTimeout(r, 200));
        }
        expect(status).toBe(200);
        const again = await server.inject({
          method: 'GET',
          url: '/api/categories',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(again.statusCode).toBe(200);
      },
    );
  },
);
