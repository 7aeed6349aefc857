import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { rateLimits } from '../../db/schema.js';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { type TestDatabase, createTestDatabase } from '../../../test/test-db.js';
import { DELAY_STEP_MS, deleteExpiredSignInCounters } from './sign-in-limits.js';

/** Five strangers' addresses and the owner's, told to the app through a trusted proxy. */
const STRANGERS = ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4', '203.0.113.5'];
const OWNER = '198.51.100.77';

describe('no lock-out by strangers (DESIGN §8)', () => {
  // Default limits (10 refused per email and address); short waits so 50 failures stay quick.
  const t = useTestApp({ TRUST_PROXY: 'loopback', AUTH_SLOWDOWN_MAX_SECONDS: '0.05' });
  const login = (email: string, password: string, address: string) =>
    t.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-for': address },
      payload: { email, password },
    });

  it('50 failed sign-ins from five addresses, then the right password from a sixth signs in', async () => {
    const { user } = await registerUser(t, { password: 'right-password' });
    const statuses = await Promise.all(
      STRANGERS.map(async (address) => {
        const mine: number[] = [];
        for (let i = 0; i < 10; i++) mine.push((await login(user.email, 'wrong-password', address)).statusCode);
        return mine;
      }),
    );
    expect(statuses.flat()).toEqual(Array<number>(50).fill(401));
    // Each stranger's address is now refused for this email…
    const eleventh = await login(user.email, 'wrong-password', STRANGERS[0]!);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many attempts/),
    });
    // …while the owner, from an address of their own, gets in.
    const mine = await login(user.email, 'right-password', OWNER);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().user.email).toBe(user.email);
    // A wrong password from yet another address is answered, not refused.
    expect((await login(user.email, 'wrong-password', '192.0.2.200')).statusCode).toBe(401);
  });

  it('keeps no email or address in clear in the counters', async () => {
    const rows = await t.db.db.select().from(rateLimits);
    expect(rows.length).toBeGreaterThan(0);
    const text = JSON.stringify(rows);
    expect(text).not.toMatch(/@example\.com|203\.0\.113/);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.key))).toBe(true);
  });

  it('deletes counters whose window has ended', async () => {
    const before = await t.db.db.select().from(rateLimits);
    expect(await deleteExpiredSignInCounters(t.db.db, new Date())).toBe(0);
    const later = new Date(Date.now() + t.config.authRateLimit.windowMs + 1000);
    expect(await deleteExpiredSignInCounters(t.db.db, later)).toBe(before.length);
    expect(await t.db.db.select().from(rateLimits)).toEqual([]);
  });
});

describe('failures from many addresses slow further tries down', () => {
  const t = useTestApp({ AUTH_RATE_LIMIT_EMAIL: '2' });
  const login = (email: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

  it('waits a step longer for each failure beyond the limit, then lets the right password in', async () => {
    const { user } = await registerUser(t, { password: 'right-password' });
    for (let i = 1; i <= 4; i++) {
      expect((await login(user.email, 'wrong-password', `192.0.2.${i}`)).statusCode).toBe(401);
    }
    // 4 failures, 2 beyond the limit: this try waits at least two steps (a lower bound only).
    const started = performance.now();
    const res = await login(user.email, 'right-password', '192.0.2.50');
    expect(performance.now() - started).toBeGreaterThanOrEqual(2 * DELAY_STEP_MS - 5);
    expect(res.statusCode).toBe(200);
  });
});

describe('two instances on one database share the counters', () => {
  let db: TestDatabase;
  let dataDir: string;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ledgerly-limits-'));
    db = await createTestDatabase();
    const config = loadConfig({
      DATA_DIR: dataDir,
      APP_SECRET: 'test-secret-test-secret-test-secret-42',
      LOG_LEVEL: 'silent',
      RECURRING_SWEEP: 'off',
      HOUSEKEEPING: 'off',
      AUTH_RATE_LIMIT_IP: '4',
      PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
    });
    for (let i = 0; i < 2; i++) {
      const app = await buildApp(config, { database: db, logger: false, webDist: join(dataDir, 'no-web') });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await (db as TestDatabase | undefined)?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('attempts on one count on the other', async () => {
    const attempt = (app: FastifyInstance, i: number) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `shared${i}@example.com`, password: 'whatever' },
        remoteAddress: '203.0.113.60',
      });
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await attempt(apps[i % 2]!, i)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 429]);
  });
});
