import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { AuthResponse } from '@ledgerly/shared';
import { buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import { type TestDatabase, createTestDatabase } from './test-db.js';

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase;
  config: Config;
  /** Sends a request; `token` adds the bearer header, JSON bodies get their content type. */
  request(opts: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
}

/**
 * Builds the real app on a fresh database for one test file; closed and dropped after it.
 * Call at the top of a test file: `const t = useTestApp();` then use `t.app` inside tests.
 */
export function useTestApp(env: Record<string, string> = {}): TestApp {
  const holder = {} as TestApp;
  let dataDir = '';
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ledgerly-test-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      APP_SECRET: 'test-secret-test-secret-test-secret-42',
      LOG_LEVEL: 'silent',
      RECURRING_SWEEP: 'off',
      HOUSEKEEPING: 'off',
      // Each test file's database starts without the bundled rates: the rates tests seed their own.
      RATES_DATASET: 'off',
      AUTH_RATE_LIMIT_IP: '1000',
      // A loaded test machine lags; the pressure tests turn it on themselves.
      PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
      PRESSURE_MAX_HEAP_MB: '0',
      ...env,
    });
    const db = await createTestDatabase();
    const app = await buildApp(config, { database: db, logger: false, webDist: join(dataDir, 'no-web') });
    await app.ready();
    Object.assign(holder, {
      app,
      db,
      config,
      request: ({ token, headers, ...opts }: InjectOptions & { token?: string }) =>
        app.inject({
          ...opts,
          headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
        }),
    });
  });
  afterAll(async () => {
    // Left unset when beforeAll failed half-way.
    const built = holder as Partial<TestApp>;
    await built.app?.close();
    await built.db?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return holder;
}

let counter = 0;

/** Registers a fresh user over HTTP and returns the token and user. */
export async function registerUser(
  t: TestApp,
  overrides: Partial<{ email: string; password: string; firstName: string; lastName: string; timezone: string }> = {},
): Promise<AuthResponse> {
  counter += 1;
  const body = {
    email: `user${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    password: 'secret123',
    ...overrides,
  };
  const res = await t.request({ method: 'POST', url: '/api/auth/register', payload: body });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return res.json<AuthResponse>();
}

/**
 * Builds `count` instances of the real app on one fresh database (as several processes behind a
 * load balancer share one PostgreSQL), for one test file; each entry is used like `useTestApp`'s.
 */
export function useTestApps(count: number, env: Record<string, string> = {}): TestApp[] {
  const holders = Array.from({ length: count }, () => ({}) as TestApp);
  let dataDir = '';
  let db: TestDatabase | undefined;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ledgerly-test-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      APP_SECRET: 'test-secret-test-secret-test-secret-42',
      LOG_LEVEL: 'silent',
      RECURRING_SWEEP: 'off',
      HOUSEKEEPING: 'off',
      AUTH_RATE_LIMIT_IP: '1000',
      PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
      PRESSURE_MAX_HEAP_MB: '0',
      ...env,
    });
    db = await createTestDatabase();
    for (const holder of holders) {
      const app = await buildApp(config, { database: db, logger: false, webDist: join(dataDir, 'no-web') });
      await app.ready();
      Object.assign(holder, {
        app,
        db,
        config,
        request: ({ token, headers, ...opts }: InjectOptions & { token?: string }) =>
          app.inject({
            ...opts,
            headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
          }),
      });
    }
  });
  afterAll(async () => {
    for (const holder of holders) await (holder as Partial<TestApp>).app?.close();
    await db?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return holders;
}
