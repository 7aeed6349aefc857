import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// Issue 13: two server processes on one PGlite folder lost acknowledged writes and corrupted an
// index; PGlite's files were world-writable. Real processes, one data folder.

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'ledgerly-lock-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function start(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      RECURRING_SWEEP: 'off',
      HOUSEKEEPING: 'off',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout.on('data', (d) => (output += String(d)));
  child.stderr.on('data', (d) => (output += String(d)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitHealthy(port: number, proc: { child: ChildProcess; output: () => string }): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (proc.child.exitCode !== null) throw new Error(`server exited: ${proc.output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server never became healthy: ${proc.output()}`);
}

/** Every entry under DATA_DIR (the folder itself included) with its permission bits. */
function modes(): { path: string; dir: boolean; mode: number }[] {
  const out: { path: string; dir: boolean; mode: number }[] = [];
  const walk = (p: string) => {
    const st = lstatSync(p);
    if (st.isSymbolicLink()) return;
    out.push({ path: p, dir: st.isDirectory(), mode: st.mode & 0o777 });
    if (st.isDirectory()) for (const n of readdirSync(p)) walk(join(p, n));
  };
  walk(dataDir);
  return out;
}

const api = (port: number, path: string, body?: unknown) =>
  fetch(`http://127.0.0.1:${port}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });

describe('DATA_DIR with PGlite', () => {
  it('is one process’s, owner-only, and a crashed holder’s lock is taken over', { timeout: 300_000 }, async () => {
    const base = 39_000 + Math.floor(Math.random() * 900);
    const credentials = { email: 'lock@example.com', password: 'secret123' };

    // 1. The first process creates the folder owner-only.
    const first = start(base);
    await waitHealthy(base, first);
    const fresh = modes();
    expect(fresh.length).toBeGreaterThan(50);
    expect(fresh.filter((e) => (e.dir ? e.mode !== 0o700 : e.mode !== 0o600))).toEqual([]);
    expect(existsSync(join(dataDir, 'ledgerly.lock'))).toBe(true);

    // 2. A second process on the same folder exits at once, naming the holder; the first keeps working.
    const second = start(base + 1);
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toContain(`Another Ledgerly process is using DATA_DIR (pid ${first.child.pid})`);
    expect((await api(base, '/api/auth/register', credentials)).status).toBe(201);
    expect((await api(base, '/api/health')).status).toBe(200);

    // 3. kill -9 leaves a stale lock; loosen every mode as older PGlite versions wrote them.
    first.child.kill('SIGKILL');
    await first.exited;
    expect(existsSync(join(dataDir, 'ledgerly.lock'))).toBe(true);
    for (const e of modes()) chmodSync(e.path, e.dir ? 0o755 : 0o666);

    // 4. The next start takes the stale lock over, tightens the modes with one log line, keeps the data.
    const third = start(base + 2);
    await waitHealthy(base + 2, third);
    expect(third.output()).toContain('Took over a stale DATA_DIR lock');
    expect(third.output().match(/Tightened DATA_DIR permissions/g)).toHaveLength(1);
    expect(modes().filter((e) => (e.dir ? e.mode !== 0o700 : e.mode !== 0o600))).toEqual([]);
    expect((await api(base + 2, '/api/auth/login', credentials)).status).toBe(200);

    // 5. A clean stop removes the lock.
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(existsSync(join(dataDir, 'ledgerly.lock'))).toBe(false);
  });
});
