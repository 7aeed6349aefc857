import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { removeLeftRestoreFiles, staleRestoreAgeMs } from '../../jobs/housekeeping.js';

/**
 * Issue "Hardening first", item 10: a killed restore left its upload in DATA_DIR/tmp for ever.
 * A real server process is killed (SIGKILL) while a restore upload is arriving; the next start
 * removes what it left, and nothing else.
 */
const serverDir = fileURLToPath(new URL('../../..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'ledgerly-restore-killed-'));
const tmp = join(dataDir, 'tmp');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

beforeAll(() => {
  const build = spawnSync(process.execPath, [join(serverDir, '../../scripts/build.mjs'), 'server'], {
    encoding: 'utf8',
  });
  expect(build.status, build.stderr).toBe(0);
}, 120_000);

const restoreFiles = () => (existsSync(tmp) ? readdirSync(tmp).filter((n) => n.startsWith('restore-')) : []);

async function until<T>(what: string, probe: () => Promise<T | null> | T | null, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > end) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The compiled server on PGlite in `dataDir`, healthy. */
async function startServer(port: number): Promise<{ child: ChildProcess; exited: Promise<unknown> }> {
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RECURRING_SWEEP: 'off',
      HOUSEKEEPING: 'on',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  await until('the server to answer', () =>
    fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => (r.ok ? true : null),
      () => null,
    ),
  );
  return { child, exited };
}

describe('a restore killed mid-upload', () => {
  it('leaves its upload behind only until the next start', { timeout: 180_000 }, async () => {
    const port = 41_000 + Math.floor(Math.random() * 1000);
    const first = await startServer(port);
    const registered = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'killed@example.com', password: 'secret123' }),
    });
    const { token } = (await registered.json()) as { token: string };

    // An 8 MB upload of which 2 MB arrive: the server is writing it to DATA_DIR/tmp.
    const boundary = 'ledgerlykilled';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="export.zip"\r\n` +
        'Content-Type: application/zip\r\n\r\n',
    );
    const upload = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/account/restore',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + 8 * 1024 * 1024),
      },
    });
    upload.on('error', () => {}); // the server dies under it
    upload.write(head);
    upload.write(Buffer.alloc(2 * 1024 * 1024, 1));
    const [left] = await until('the upload on disk', () => {
      const found = restoreFiles();
      return found.length && statSync(join(tmp, found[0]!)).size > 0 ? found : null;
    });
    // Not ours to remove: only restore uploads are.
    writeFileSync(join(tmp, 'notes.txt'), 'keep me');

    first.child.kill('SIGKILL');
    await first.exited;
    upload.destroy();
    expect(restoreFiles()).toEqual([left]);

    const second = await startServer(port);
    try {
      // Housekeeping's start-up pass removes it (PGlite: this process alone uses DATA_DIR).
      await until('the left upload to go', () => (restoreFiles().length === 0 ? true : null), 30_000);
      expect(readdirSync(tmp)).toEqual(['notes.txt']);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  });
});

describe('restore uploads left behind, when DATA_DIR may be shared (PostgreSQL)', () => {
  it('go once untouched for longer than any upload can take; younger ones stay', async () => {
    const own = mkdtempSync(join(tmpdir(), 'ledgerly-restore-age-'));
    try {
      const config = loadConfig({
        DATA_DIR: own,
        APP_SECRET: 'test-secret-test-secret-test-secret-42',
        DATABASE_URL: 'postgres://ledgerly@127.0.0.1:5432/ledgerly',
        REQUEST_TIMEOUT_SECONDS: '300',
      });
      mkdirSync(join(own, 'tmp'));
      const plant = (name: string, ageMs: number) => {
        const path = join(own, 'tmp', name);
        writeFileSync(path, 'zip bytes');
        const when = (Date.now() - ageMs) / 1000;
        utimesSync(path, when, when);
      };
      const age = staleRestoreAgeMs(config);
      expect(age).toBe(300_000 + 3_600_000);
      plant('restore-00000000-0000-4000-8000-000000000001.zip', age + 60_000);
      // Another instance sharing DATA_DIR may still be receiving this one.
      plant('restore-00000000-0000-4000-8000-000000000002.zip', age - 60_000);
      plant('other-file.zip', age + 60_000);
      expect(await removeLeftRestoreFiles(config)).toBe(1);
      expect(readdirSync(join(own, 'tmp')).sort()).toEqual([
        'other-file.zip',
        'restore-00000000-0000-4000-8000-000000000002.zip',
      ]);
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });
});
