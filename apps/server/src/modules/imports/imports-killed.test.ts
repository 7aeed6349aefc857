/**
 * A real server process killed (SIGKILL) in the middle of a background import commit, then
 * started again on the same database: the batch, left `importing`, is recovered as `failed`
 * with nothing imported, and can be committed and undone (docs/imports.md, "Interrupted
 * commits"). PGlite always (its data directory on disk); PostgreSQL too with TEST_DATABASE_URL.
 *
 * The kill is timed by the server's `import commit started` line. On PGlite the commit holds the
 * event loop for its whole length, so that line must reach the pipe when it is logged (the log is
 * written synchronously, plugins/logging.test.ts): under load it used to come out only after the
 * commit had ended, the kill then found the batch committed and the recovery never came. What the
 * kill left is read from the database itself on both engines before the restart.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { IMPORT_MSG, type ImportBatch } from '@ledgerly/shared';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.js';
import { csv } from '../../../test/imports-helpers.js';
import { multipart } from '../../../test/multipart.js';

const serverDir = fileURLToPath(new URL('../../..', import.meta.url));
/** Postings of the statement: a commit of this many takes seconds on either database. */
const POSTINGS = 15_000;

interface Server {
  child: ChildProcess;
  base: string;
  output: () => string;
  /** Resolves as soon as a line holding `text` arrives on the server's stdout or stderr. */
  line: (text: string) => Promise<void>;
  exited: Promise<number | null>;
}

/** A port nobody listens on now (not one drawn at random, which may be another test's). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function startServer(port: number, env: Record<string, string>): Server {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      RECURRING_SWEEP: 'off',
      HOUSEKEEPING: 'on',
      // A busy test machine lags; no 503 "server busy" in the middle of the scenario.
      PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
      PRESSURE_MAX_HEAP_MB: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiting: { text: string; resolve: () => void }[] = [];
  const onData = (d: Buffer) => {
    output += String(d);
    for (const w of waiting.filter((x) => output.includes(x.text))) {
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve();
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const line = (text: string) =>
    output.includes(text) ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ text, resolve }));
  return { child, base: `http://127.0.0.1:${port}`, output: () => output, line, exited };
}

/** Rejects with the server's output if `work` has not settled within `seconds`. */
async function within<T>(what: string, server: Server, work: Promise<T>, seconds = 120): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not happen:\n${server.output().slice(-4000)}`)),
      seconds * 1000,
    );
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function until<T>(what: string, server: Server, probe: () => Promise<T | undefined>, seconds = 120): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (server.child.exitCode !== null || server.child.signalCode !== null) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not happen:\n${server.output().slice(-4000)}`);
}

const healthy = (server: Server) =>
  until('start-up', server, async () => ((await fetch(`${server.base}/api/health`)).ok ? true : undefined));

/** The answers read here: a batch, or a page of transactions with its total. */
interface Answer {
  data: ImportBatch;
  meta: { total: number };
}

function api(server: Server, token: string) {
  return async (method: string, path: string, body?: { payload: Buffer; headers: Record<string, string> }) => {
    const res = await fetch(`${server.base}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...body?.headers },
      body: body?.payload,
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as Answer };
  };
}

const statement = () => {
  const rows: [string, string, string][] = [];
  for (let i = 0; i < POSTINGS; i += 1) {
    rows.push([
      `2023-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
      `Payment ${i}`,
      `-${(i % 700) + 1}.10`,
    ]);
  }
  return Buffer.from(csv(rows));
};

const databases = [
  { name: 'PGlite', url: '' },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'PostgreSQL', url: process.env.TEST_DATABASE_URL }] : []),
];

describe('a server killed during a background import commit', () => {
  for (const database of databases) {
    it(
      `leaves nothing half-written; on restart the batch can be committed and undone (${database.name})`,
      { timeout: 300_000 },
      async () => {
        const dataDir = mkdtempSync(join(tmpdir(), 'ledgerly-killed-'));
        let url = '';
        let admin: pg.Client | undefined;
        const name = `ledgerly_killed_${process.pid}_${Date.now()}`;
        if (database.url) {
          admin = new pg.Client({ connectionString: database.url });
          await admin.connect();
          await admin.query(`create database ${name}`);
          const u = new URL(database.url);
          u.pathname = `/${name}`;
          url = u.toString();
        }
        const env = { DATABASE_URL: url, DATA_DIR: dataDir };
        const servers: Server[] = [];
        try {
          const first = startServer(await freePort(), env);
          servers.push(first);
          await healthy(first);
          const registered = await fetch(`${first.base}/api/auth/register`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: 'killed@example.com', password: 'secret123' }),
          });
          const { token } = (await registered.json()) as { token: string };
          const call = api(first, token);
          const uploaded = await call(
            'POST',
            '/imports',
            multipart({}, [{ field: 'file', filename: 'big.csv', data: statement() }]),
          );
          expect(uploaded.status).toBe(201);
          const id = uploaded.body.data.id;

          // The commit request is sent; once the server says the commit started (a commit of
          // this size then runs for seconds, 300 ms in is in the middle of it), it is killed.
          const started = first.line('import commit started');
          const answer = call('POST', `/imports/${id}/commit`).catch(() => null);
          await within('the commit start', first, started);
          await new Promise((r) => setTimeout(r, 300));
          first.child.kill('SIGKILL');
          expect(await first.exited).toBeNull();
          await answer;

          // What the kill left, read from the database itself: the claim, and not one transaction.
          // (The killed server's PGlite folder is opened here: it rolls back what the kill cut short.)
          const own = await openDatabase(url ? { url, dataDir: 'memory' } : { dataDir: join(dataDir, 'db') });
          const state = await own.db.execute(
            sql`select status, (select count(*)::int from transactions) as n from import_batches where id = ${id}`,
          );
          await own.close();
          const left = (state as { rows: unknown[] }).rows[0];
          expect(left, 'the kill came after the commit had ended').toEqual({ status: 'importing', n: 0 });

          const second = startServer(await freePort(), env);
          servers.push(second);
          await healthy(second);
          const again = api(second, token);
          // Recovered at start-up (PGlite) or once the claim is older than the grace (PostgreSQL).
          const failed = await until('the recovery', second, async () => {
            const batch = (await again('GET', `/imports/${id}`)).body.data;
            return batch.status === 'failed' ? batch : undefined;
          });
          expect(failed.message).toBe(IMPORT_MSG.interrupted);
          const none = await again('GET', '/transactions?limit=1');
          expect(none.body.meta.total).toBe(0);

          const committing = await again('POST', `/imports/${id}/commit`);
          expect(committing.status).toBe(200);
          const committed = await until('the commit', second, async () => {
            const batch = (await again('GET', `/imports/${id}`)).body.data;
            return batch.status === 'committed' ? batch : undefined;
          });
          expect(committed.summary.imported).toBe(POSTINGS);
          expect((await again('GET', '/transactions?limit=1')).body.meta.total).toBe(POSTINGS);

          const reverted = await again('POST', `/imports/${id}/revert`);
          expect(reverted.body.data.status).toBe('reverted');
          expect((await again('GET', '/transactions?limit=1')).body.meta.total).toBe(0);

          second.child.kill('SIGTERM');
          expect(await second.exited).toBe(0);
        } finally {
          for (const server of servers) server.child.kill('SIGKILL');
          rmSync(dataDir, { recursive: true, force: true });
          if (admin) {
            await admin.query(`drop database if exists ${name} with (force)`);
            await admin.end();
          }
        }
      },
    );
  }
});
