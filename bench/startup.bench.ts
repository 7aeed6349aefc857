/**
 * Start-up time and idle memory of the compiled server on the embedded database (PGlite).
 *
 *   npm run bench:startup [-- --runs 5 --settle 10]
 *
 * Builds what is out of date, creates a data directory in /tmp and starts the server once to
 * create and migrate its database (not measured). Then, `--runs` times each:
 *   - `npm start` (the build check included) and `node apps/server/dist/main.js`;
 *   - time from spawning to the first 200 from /api/health, and the server's CPU time by then;
 *   - resident memory (VmRSS) after `--settle` seconds of idling, and its peak (VmHWM).
 * Prints the median and the best of each. Linux only (/proc).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { serverNodeFlags } from './server-flags.js';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, settle: { type: 'string', default: '10' } },
});
const runs = Number(values.runs);
const settleMs = Number(values.settle) * 1000;
const root = new URL('..', import.meta.url).pathname;
/** The Node options `npm start` runs the server with (package.json), for the direct runs too. */
const NODE_FLAGS = serverNodeFlags();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

/** The process running the server (dist/main.js, or scripts/start.mjs that imports it): `pid` or a descendant (npm → sh → node). */
function serverPid(pid: number): number | undefined {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const queue = [pid];
  while (queue.length) {
    const p = queue.shift() as number;
    try {
      // node itself, not the shell that npm runs it through (its command line names it too)
      const [exe, ...args] = readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0');
      if (exe?.endsWith('node') && args.some((a) => a.endsWith('dist/main.js') || a.endsWith('scripts/start.mjs')))
        return p;
    } catch {
      continue;
    }
    queue.push(...(children.get(p) ?? []));
  }
  return undefined;
}

/** CPU seconds (user + system) the process has used. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
}

function memoryMiB(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

async function waitHealthy(port: number, child: ChildProcess, deadlineMs = 120_000): Promise<void> {
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    await sleep(10);
  }
  throw new Error('the server did not become healthy');
}

interface Sample {
  healthyMs: number;
  cpuS: number;
  rss: number;
  peak: number;
}

async function once(how: 'npm start' | 'node', dataDir: string, settle: number): Promise<Sample> {
  const port = await freePort();
  const [cmd, args] =
    how === 'npm start'
      ? ['npm', ['start', '--silent']]
      : [process.execPath, [...NODE_FLAGS, 'apps/server/dist/main.js']];
  const started = performance.now();
  const child = spawn(cmd, args, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await waitHealthy(port, child);
    const healthyMs = performance.now() - started;
    const pid = serverPid(child.pid as number);
    if (!pid) throw new Error('server process not found');
    const cpuS = cpuSeconds(pid);
    await sleep(settle);
    const { rss, peak } = memoryMiB(pid);
    process.kill(pid, 'SIGTERM');
    await exited;
    return { healthyMs, cpuS, rss, peak };
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)] as number;
};

async function main() {
  const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('build failed');
  const dataDir = mkdtempSync(join(tmpdir(), 'ledgerly-startup-'));
  try {
    await once('node', dataDir, 0); // creates and migrates the database
    for (const how of ['npm start', 'node'] as const) {
      const samples: Sample[] = [];
      for (let i = 0; i < runs; i++) samples.push(await once(how, dataDir, settleMs));
      const col = (k: keyof Sample) => samples.map((s) => s[k]);
      const fmt = (k: keyof Sample, digits: number) =>
        `median ${median(col(k)).toFixed(digits)}, best ${Math.min(...col(k)).toFixed(digits)}`;
      console.log(
        `\n${how === 'node' ? `node ${NODE_FLAGS.join(' ')} apps/server/dist/main.js` : 'npm start'} (${runs} runs, PGlite)`,
      );
      console.log(`  to healthy:         ${fmt('healthyMs', 0)} ms`);
      console.log(`  server CPU by then: ${fmt('cpuS', 2)} s`);
      console.log(`  idle RSS after ${settleMs / 1000} s: ${fmt('rss', 0)} MiB`);
      console.log(`  peak RSS:           ${fmt('peak', 0)} MiB`);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
