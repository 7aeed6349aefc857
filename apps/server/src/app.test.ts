import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { registerUser, useTestApp } from '../test/build-test-app.js';
import { loadConfig, ConfigError } from './config.js';
import { buildApp } from './app.js';
import { createTestDatabase } from '../test/test-db.js';

const t = useTestApp();

describe('error model', () => {
  it('answers malformed JSON with 400', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON', code: 'BAD_JSON' });
  });

  it('answers an oversized body with 413', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    for (const url of ['/api/nope', '/api', '/api/auth/unknown']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
    }
  });

  it('accepts a JSON content type with an empty body', async () => {
    const { token } = await registerUser(t);
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/logout',
      token,
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(204);
  });

  it('turns an unexpected error into a generic 500 without a stack trace', async () => {
    const app = await buildApp(t.config, { database: t.db, logger: false });
    app.get('/api/__boom', async () => {
      throw new Error('secret internals at /srv/app.ts:12');
    });
    const res = await app.inject({ method: 'GET', url: '/api/__boom' });
    await app.close();
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong. Please try again.', code: 'INTERNAL' });
    expect(res.body).not.toContain('secret internals');
  });
});

describe('logs', () => {
  it('keep query strings, bound query values and bodies out; keep what explains the failure', async () => {
    const lines: string[] = [];
    const app = await buildApp(
      { ...t.config, logLevel: 'info' },
      { database: t.db, logStream: { write: (line: string) => void lines.push(line) } },
    );
    app.get('/api/__dbfail', async () => {
      const driver = Object.assign(new Error('relation "users2" does not exist'), { code: '42P01' });
      throw new Error('Failed query: select * from users2 where email = $1\nparams: ada@example.com', {
        cause: driver,
      });
    });
    app.get('/api/__dbdown', async () => {
      throw new Error('Failed query: select 1\nparams: ', {
        cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
      });
    });
    const receipt = await app.inject({
      method: 'GET',
      url: '/api/receipts/00000000-0000-4000-8000-000000000000/full?exp=99999999999&sig=top-secret-signature',
    });
    expect(receipt.statusCode).toBe(404);
    const failed = await app.inject({ method: 'GET', url: '/api/__dbfail' });
    expect(failed.statusCode).toBe(500);
    const down = await app.inject({ method: 'GET', url: '/api/__dbdown' });
    expect(down.statusCode).toBe(503);
    expect(down.json().code).toBe('DB_UNAVAILABLE');
    await app.close();

    const log = lines.join('');
    expect(log).toContain('/api/receipts/00000000-0000-4000-8000-000000000000/full');
    expect(log).not.toContain('top-secret-signature');
    expect(log).not.toContain('exp=');
    expect(log).toContain('Failed query');
    expect(log).toContain('42P01');
    expect(log).toContain('relation \\"users2\\" does not exist');
    expect(log).not.toContain('ada@example.com');
    expect(log).not.toContain('params:');
    // One line per request, written when it is answered, with its status and time.
    const requests = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.msg === 'request completed');
    expect(requests.map((l) => (l.res as { statusCode: number }).statusCode)).toEqual([404, 500, 503]);
    expect(requests.every((l) => typeof l.responseTime === 'number')).toBe(true);
    expect(log).not.toContain('incoming request');
  });
});

describe('health and headers', () => {
  it('reports the database as healthy', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('ok');
  });

  it('answers 503 when the database does not answer', async () => {
    const dead = await createTestDatabase();
    const app = await buildApp(t.config, { database: dead, logger: false });
    await dead.destroy();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    await app.close();
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('DB_UNAVAILABLE');
  });

  it('sends security headers on every response', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // Errors too: worked out once at start-up, set on every answer (plugins/security-headers.ts).
    for (const url of ['/api/no-such-route', '/api/categories']) {
      const error = await t.request({ method: 'GET', url });
      expect(error.statusCode).toBeGreaterThanOrEqual(400);
      expect(error.headers['content-security-policy']).toBe(csp);
      expect(error.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(error.headers['cross-origin-opener-policy']).toBe('same-origin');
    }
  });
});

describe('configuration', () => {
  it('reads TRUST_PROXY as off, on or an address list, and refuses nonsense', () => {
    const trust = (v?: string) => loadConfig({ APP_SECRET: 'x'.repeat(32), TRUST_PROXY: v }).trustProxy;
    expect(trust()).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('true')).toBe(true);
    expect(() => trust('2')).toThrow(/TRUST_PROXY/);
    expect(trust('loopback, 10.0.0.0/8')).toBe('loopback, 10.0.0.0/8');
    expect(() => trust('everyone')).toThrow(/TRUST_PROXY/);
  });

  it('stops with a clear message listing each bad value', () => {
    expect(() =>
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', APP_SECRET: 'short' }),
    ).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', APP_SECRET: 'short' });
    } catch (e) {
      const msg = (e as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL', 'APP_SECRET']) expect(msg).toContain(name);
    }
  });

  it('generates APP_SECRET once and keeps it owner-only in DATA_DIR', async () => {
    const { mkdtempSync, statSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'ledgerly-cfg-'));
    const a = loadConfig({ DATA_DIR: dir });
    const b = loadConfig({ DATA_DIR: dir });
    expect(a.appSecret.length).toBeGreaterThanOrEqual(32);
    expect(b.appSecret).toBe(a.appSecret);
    expect(statSync(join(dir, 'secret')).mode & 0o777).toBe(0o600);
    expect(a.port).toBe(3000);
  });
});

describe('serving the web app', () => {
  it('caches hashed assets for a year, answers index.html for app paths, 404 for missing files', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dist = mkdtempSync(join(tmpdir(), 'ledgerly-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\nDisallow: /api/\n');
    const app = await buildApp(t.config, { database: t.db, logger: false, webDist: dist });
    const asset = await app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/dashboard', '/login?next=1', '/deep/link/here']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toContain('id="root"');
    }
    // A path naming a file that is not there is 404 wherever it is, never the app page.
    for (const url of ['/assets/missing.js', '/missing.js', '/favicon.ico', '/icons/none.png', '/sitemap.xml?x=1']) {
      const missing = await app.inject({ method: 'GET', url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.headers['content-type'], url).not.toContain('text/html');
    }
    const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toContain('text/plain');
    expect(robots.body).toContain('Disallow: /api/');
    const api = await app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.json().code).toBe('NOT_FOUND');
    await app.close();
  });
});
