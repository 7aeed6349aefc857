import { spawn, spawnSync } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'ledgerly-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// The server as production runs it: compiled to dist/ by the build script (skipped when up to
// date), started with plain Node — no TypeScript loader.
beforeAll(() => {
  const build = spawnSync(process.execPath, [join(serverDir, '../../scripts/build.mjs'), 'server'], {
    encoding: 'utf8',
  });
  expect(build.status, build.stderr).toBe(0);
}, 120_000);

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: serverDir,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'info', RECURRING_SWEEP: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += String(d)));
  child.stderr.on('data', (d) => (output += String(d)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('main', () => {
  it('refuses to start with a bad configuration, naming the variable', async () => {
    const proc = start({ PORT: 'not-a-port' });
    expect(await proc.exited).toBe(1);
    expect(proc.output()).toContain('Invalid configuration');
    expect(proc.output()).toContain('PORT');
  });

  it('serves from the compiled build, then shuts down cleanly on SIGTERM', { timeout: 120_000 }, async () => {
    const port = 39_000 + Math.floor(Math.random() * 1000);
    const proc = start({ PORT: String(port), HOST: '127.0.0.1' });
    let healthy = false;
    for (let i = 0; i < 450 && !healthy; i++) {
      await new Promise((r) => setTimeout(r, 200));
      try {
        healthy = (await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200;
      } catch {
        // not listening yet
      }
    }
    expect(healthy).toBe(true);
    // Statement files are read on a worker thread whose code is its own file (dist/parse-worker.js).
    const registered = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'built@example.com', password: 'secret123' }),
    });
    const { token } = (await registered.json()) as { token: string };
    const form = new FormData();
    form.append('file', new Blob(['Date,Description,Amount\n2024-01-02,Coffee,-3.50\n']), 'statement.csv');
    const imported = await fetch(`http://127.0.0.1:${port}/api/imports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(imported.status, await imported.clone().text()).toBe(201);
    expect(((await imported.json()) as { data: { summary: { rows: number } } }).data.summary.rows).toBe(1);
    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
    expect(proc.output()).toContain('shutting down');
  });

  /** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (its pool is where in-flight work used to fail). */
  const databases = [
    { name: 'PGlite', url: '' },
    ...(process.env.TEST_DATABASE_URL ? [{ name: 'PostgreSQL', url: process.env.TEST_DATABASE_URL }] : []),
  ];
  for (const database of databases) {
    it(
      `on SIGTERM finishes a request in flight, then closes the ${database.name} database`,
      { timeout: 120_000 },
      async () => {
        let url = '';
        let dropDatabase = async () => {};
        if (database.url) {
          const name = `ledgerly_main_${process.pid}_${Date.now()}`;
          const admin = new pg.Client({ connectionString: database.url });
          await admin.connect();
          await admin.query(`create database ${name}`);
          await admin.end();
          const u = new URL(database.url);
          u.pathname = `/${name}`;
          url = u.toString();
          dropDatabase = async () => {
            const again = new pg.Client({ connectionString: database.url });
            await again.connect();
            await again.query(`drop database if exists ${name} with (force)`);
            await again.end();
          };
        }
        const port = 40_000 + Math.floor(Math.random() * 1000);
        const own = mkdtempSync(join(tmpdir(), 'ledgerly-main-'));
        const proc = start({ PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: url, DATA_DIR: own });
        try {
          let healthy = false;
          for (let i = 0; i < 450 && !healthy; i++) {
            await new Promise((r) => setTimeout(r, 200));
            healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
              (r) => r.ok,
              () => false,
            );
          }
          expect(healthy).toBe(true);
          const registered = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: 'inflight@example.com', password: 'secret123' }),
          });
          const { token } = (await registered.json()) as { token: string };

          // A request whose body is still arriving when the signal comes: it is in flight for sure.
          const body = JSON.stringify({ name: 'Arrived during shutdown', type: 'expense' });
          const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
            const req = httpRequest(
              {
                host: '127.0.0.1',
                port,
                method: 'POST',
                path: '/api/categories',
                headers: {
                  authorization: `Bearer ${token}`,
                  'content-type': 'application/json',
                  'content-length': Buffer.byteLength(body),
                },
              },
              (res) => {
                let text = '';
                res.on('data', (d) => (text += String(d)));
                res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
              },
            );
            req.on('error', reject);
            req.write(body.slice(0, 10));
            setTimeout(() => {
              proc.child.kill('SIGTERM');
              // Shutdown has begun (it logs so) before the rest of the body is sent.
              const waitForLog = setInterval(() => {
                if (!proc.output().includes('shutting down')) return;
                clearInterval(waitForLog);
                setTimeout(() => req.end(body.slice(10)), 300);
              }, 50);
            }, 300);
          });
          const result = await answered;
          expect(result.status, result.text).toBe(201);
          expect(await proc.exited).toBe(0);
          expect(proc.output()).not.toContain('Cannot use a pool');
          // Stopped listening: a new connection is refused.
          await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
        } finally {
          proc.child.kill('SIGKILL');
          rmSync(own, { recursive: true, force: true });
          await dropDatabase();
        }
      },
    );
  }
});
