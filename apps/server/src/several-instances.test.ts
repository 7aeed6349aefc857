/**
 * Two real server processes on one PostgreSQL database and one S3 store (s3rver on loopback),
 * no sticky sessions (DESIGN §9): sessions, receipts and sign-in limits are shared. Runs when
 * TEST_DATABASE_URL is set (always in CI); several instances need PostgreSQL. Always: two app
 * instances in this process on one database and one S3 store.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { todayIn } from '@ledgerly/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { type Config, loadConfig } from './config.js';
import { type TestApp, registerUser } from '../test/build-test-app.js';
import { createCategory, createTransactionWithReceipt } from '../test/factories.js';
import { type TestDatabase, createTestDatabase } from '../test/test-db.js';
import { png } from '../test/receipt-fixtures.js';
import { S3_CREDENTIALS, type TestS3, startTestS3 } from '../test/s3-server.js';

const PG_URL = process.env.TEST_DATABASE_URL;
const serverDir = fileURLToPath(new URL('..', import.meta.url));
/** This suite's ports: the two instances and the S3 server. */
const PORTS = [3130, 3131];
const S3_PORT = 4570;
const S3_PORT_IN_PROCESS = 4571;

interface Instance {
  child: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<number | null>;
}

function startInstance(port: number, env: Record<string, string>): Instance {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += String(d)));
  child.stderr.on('data', (d) => (output += String(d)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, base: `http://127.0.0.1:${port}`, output: () => output, exited };
}

async function waitHealthy(instance: Instance): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${instance.base}/api/health`)).status === 200) return;
    } catch {
      // not listening yet
    }
    if (instance.child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`instance did not start:\n${instance.output()}`);
}

// Only with PostgreSQL (PGlite is one process's; a skipped test would count as a failure).
if (PG_URL)
  describe('two instances on one PostgreSQL and one S3 store', () => {
    const name = `ledgerly_instances_${process.pid}_${Date.now()}`;
    const dirs: string[] = [];
    const instances: Instance[] = [];
    let s3: TestS3;

    const admin = async (query: string) => {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      try {
        await client.query(query);
      } finally {
        await client.end();
      }
    };

    beforeAll(async () => {
      s3 = await startTestS3(S3_PORT);
      await admin(`create database ${name}`);
      const url = new URL(PG_URL);
      url.pathname = `/${name}`;
      const shared = {
        DATABASE_URL: url.toString(),
        STORAGE_URL: s3.storageUrl,
        AWS_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
        AWS_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
        APP_SECRET: 'instances-secret-instances-secret-0123456789',
        AUTH_RATE_LIMIT_EMAIL: '3',
        AUTH_CACHE_SECONDS: '0',
        // A loaded test machine lags: no 503s from the event-loop check (as in useTestApp).
        PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
        LOG_LEVEL: 'warn',
      };
      // Both start at once: migrations take turns under their advisory lock, the sweeps under leases.
      for (const port of PORTS) {
        const dataDir = mkdtempSync(join(tmpdir(), 'ledgerly-instance-'));
        dirs.push(dataDir);
        instances.push(startInstance(port, { ...shared, DATA_DIR: dataDir }));
      }
      await Promise.all(instances.map(waitHealthy));
    }, 180_000);

    afterAll(async () => {
      for (const instance of instances) {
        if (instance.child.exitCode === null) instance.child.kill('SIGTERM');
        await instance.exited;
      }
      await admin(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await s3.destroy();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    });

    const call = async (instance: Instance, path: string, init: RequestInit & { token?: string } = {}) => {
      const { token, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (token) headers.set('authorization', `Bearer ${token}`);
      if (typeof rest.body === 'string') headers.set('content-type', 'application/json');
      return fetch(`${instance.base}${path}`, { ...rest, headers });
    };

    it('a session and a receipt made through one are served by the other', async () => {
      const [a, b] = instances as [Instance, Instance];
      const email = `two-${Date.now()}@example.com`;
      const registered = await call(a, '/api/auth/register', {
        method: 'POST',
        body: JSON.stringify({ email, password: 'secret123' }),
      });
      expect(registered.status).toBe(201);
      const { token } = (await registered.json()) as { token: string };
      expect((await call(b, '/api/auth/me', { token })).status).toBe(200);

      const category = await call(b, '/api/categories', {
        method: 'POST',
        token,
        body: JSON.stringify({ name: 'Meals', type: 'expense' }),
      });
      expect(category.status).toBe(201);
      const categoryId = ((await category.json()) as { data: { id: string } }).data.id;

      const form = new FormData();
      for (const [key, value] of Object.entries({
        categoryId,
        type: 'expense',
        amount: '18.40',
        description: 'Dinner',
        date: todayIn('UTC'),
      })) {
        form.append(key, value);
      }
      form.append('receipt', new Blob([await png()], { type: 'image/png' }), 'r.png');
      const created = await call(a, '/api/transactions', { method: 'POST', token, body: form });
      expect(created.status).toBe(201);
      const tx = ((await created.json()) as { data: { id: string; receiptUrl: string } }).data;
      const keys = await s3.keys();
      expect(keys.filter((k) => k.endsWith('.bin'))).toHaveLength(2);

      // B lists it and serves the image from the shared store.
      const listed = await call(b, '/api/transactions', { token });
      const [row] = ((await listed.json()) as { data: { id: string; receiptUrl: string }[] }).data;
      expect(row!.id).toBe(tx.id);
      for (const url of [tx.receiptUrl, row!.receiptUrl]) {
        const image = await call(b, url);
        expect(image.status).toBe(200);
        expect(image.headers.get('content-type')).toBe('image/png');
      }

      // Deleted through B: gone from the store, and A no longer serves it.
      expect((await call(b, `/api/transactions/${tx.id}`, { method: 'DELETE', token })).status).toBe(204);
      expect(await s3.keys()).toEqual([]);
      expect((await call(a, tx.receiptUrl)).status).toBe(404);
    });

    it('failed sign-ins on one count on the other', async () => {
      const [a, b] = instances as [Instance, Instance];
      const email = `limited-${Date.now()}@example.com`;
      const login = (instance: Instance) =>
        call(instance, '/api/auth/login', { method: 'POST', body: JSON.stringify({ email, password: 'wrong-one' }) });
      // AUTH_RATE_LIMIT_EMAIL=3 per email and address: A, B, A fail; the fourth, on B, is refused.
      const statuses = [];
      for (const instance of [a, b, a, b]) statuses.push((await login(instance)).status);
      expect(statuses).toEqual([401, 401, 401, 429]);
      const refused = await login(a);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it('a change through one shows in the other’s very next read (no answers kept per instance)', async () => {
      const [a, b] = instances as [Instance, Instance];
      const registered = await call(a, '/api/auth/register', {
        method: 'POST',
        body: JSON.stringify({ email: `reads-${Date.now()}@example.com`, password: 'secret123' }),
      });
      const { token } = (await registered.json()) as { token: string };
      const created = await call(a, '/api/categories', {
        method: 'POST',
        token,
        body: JSON.stringify({ name: 'Cinema', type: 'expense' }),
      });
      const categoryId = ((await created.json()) as { data: { id: string } }).data.id;
      const spent = async () => {
        const res = await call(b, '/api/analytics/dashboard?period=month', { token });
        return ((await res.json()) as { data: { summary: { totalExpense: number } } }).data.summary.totalExpense;
      };
      expect(await spent()).toBe(0);
      const tx = await call(a, '/api/transactions', {
        method: 'POST',
        token,
        body: JSON.stringify({ type: 'expense', amount: 12, categoryId, date: todayIn('UTC'), description: 'Film' }),
      });
      expect(tx.status).toBe(201);
      expect(await spent()).toBe(12);
    });

    it('both instances stop cleanly', async () => {
      for (const instance of instances) instance.child.kill('SIGTERM');
      expect(await Promise.all(instances.map((i) => i.exited))).toEqual([0, 0]);
      for (const instance of instances) expect(instance.output()).not.toMatch(/"level":50/);
    });
  });

describe('two app instances (in this process) on one database and one S3 store', () => {
  let s3: TestS3;
  let db: TestDatabase;
  const dirs: string[] = [];
  const apps: FastifyInstance[] = [];
  const configs: Config[] = [];
  beforeAll(async () => {
    s3 = await startTestS3(S3_PORT_IN_PROCESS);
    db = await createTestDatabase();
    for (let i = 0; i < 2; i++) {
      const dataDir = mkdtempSync(join(tmpdir(), 'ledgerly-instance-'));
      dirs.push(dataDir);
      const config = loadConfig({
        DATA_DIR: dataDir,
        APP_SECRET: 'instances-secret-instances-secret-0123456789',
        STORAGE_URL: s3.storageUrl,
        LOG_LEVEL: 'silent',
        RECURRING_SWEEP: 'off',
        HOUSEKEEPING: 'off',
        // A loaded test machine lags; no 503s from the pressure checks (as in useTestApp).
        PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
        PRESSURE_MAX_HEAP_MB: '0',
      });
      configs.push(config);
      const app = await buildApp(config, { database: db, logger: false, webDist: join(dataDir, 'no-web') });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await db.destroy();
    await s3.destroy();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('a receipt uploaded through one is served by the other', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const viaA = asTestApp(a);
    const { token } = await registerUser(viaA);
    const cat = await createCategory(viaA, token);
    const { receiptUrl } = await createTransactionWithReceipt(viaA, token, {
      categoryId: cat.id,
      type: 'expense',
      amount: '3.30',
      description: 'Coffee',
      date: todayIn('UTC'),
      receipt: { filename: 'r.png', contentType: 'image/png', data: await png() },
    });
    const served = await b.inject({ method: 'GET', url: receiptUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await s3.keys()).length).toBe(2);
  });

  it('a sign-out, a revoked token, a password change and new settings on one reach the other’s sign-in cache within AUTH_CACHE_SECONDS', async () => {
    const [a, b] = apps.map(asTestApp) as [TestApp, TestApp];
    // The documented default: the other instance trusts what it resolved for at most 5 s.
    const ttlMs = configs[1]!.authCacheMs;
    expect(ttlMs).toBe(5_000);
    const main = await registerUser(a, { password: 'old-pass' });
    const signIn = async () => {
      const res = await a.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: main.user.email, password: 'old-pass' },
      });
      expect(res.statusCode).toBe(200);
      return res.json<{ token: string }>().token;
    };
    const [signedOut, otherSession] = [await signIn(), await signIn()];
    const created = await a.request({
      method: 'POST',
      url: '/api/account/tokens',
      token: main.token,
      payload: { name: 'Script', scope: 'read' },
    });
    const apiToken = created.json<{ data: { id: string; token: string } }>().data;
    const me = (instance: TestApp, token: string) => instance.request({ method: 'GET', url: '/api/auth/me', token });

    // B resolves (and so keeps) every credential now.
    const cachedAt = Date.now();
    for (const token of [main.token, signedOut, otherSession, apiToken.token]) {
      expect((await me(b, token)).statusCode).toBe(200);
    }

    // On A: one session signs out, the token is revoked, the password changes (signing out every
    // session but the one that changed it) and so does the currency.
    expect((await a.request({ method: 'POST', url: '/api/auth/logout', token: signedOut })).statusCode).toBe(204);
    const revoke = await a.request({ method: 'DELETE', url: `/api/account/tokens/${apiToken.id}`, token: main.token });
    expect(revoke.statusCode).toBe(204);
    const password = await a.request({
      method: 'PUT',
      url: '/api/account/password',
      token: main.token,
      payload: { currentPassword: 'old-pass', newPassword: 'new-pass-1' },
    });
    expect(password.statusCode).toBe(204);
    const settings = await a.request({
      method: 'PUT',
      url: '/api/settings',
      token: main.token,
      payload: { currency: 'EUR' },
    });
    expect(settings.statusCode).toBe(200);

    // A, which made the changes, applies them at once.
    for (const token of [signedOut, otherSession, apiToken.token]) expect((await me(a, token)).statusCode).toBe(401);
    expect((await me(a, main.token)).json().data.currency).toBe('EUR');

    // B, which heard nothing, within its cache's time (and a generous allowance for a busy machine).
    const seenOnB = async () => {
      const statuses = [];
      for (const token of [signedOut, otherSession, apiToken.token]) statuses.push((await me(b, token)).statusCode);
      return { statuses, currency: (await me(b, main.token)).json().data.currency as string };
    };
    await expect
      .poll(seenOnB, { timeout: ttlMs + 3_000, interval: 100 })
      .toEqual({ statuses: [401, 401, 401], currency: 'EUR' });
    expect(Date.now() - cachedAt).toBeLessThan(ttlMs + 3_000);
  });
});

/** An app instance as the test helpers take it. */
function asTestApp(app: FastifyInstance): TestApp {
  return {
    app,
    request: ({ token, headers, ...opts }: InjectOptions & { token?: string }) =>
      app.inject({ ...opts, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } }),
  } as unknown as TestApp;
}
