import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'ledgerly-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
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

  it('serves, then shuts down cleanly on SIGTERM', { timeout: 120_000 }, async () => {
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
    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
    expect(proc.output()).toContain('shutting down');
  });
});
