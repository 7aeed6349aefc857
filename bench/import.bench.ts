/**
 * Statement import benchmark: a generated CSV of N postings (default 100,000) is uploaded,
 * previewed (first page and a page deep inside), committed in the background (progress polled)
 * and undone, through app.inject against the real app. Prints the time of each step and the
 * process's peak resident memory above its baseline. A benchmark, not a test.
 *
 *   node --import tsx bench/import.bench.ts [--rows 100000] [--pg postgres://...]
 *
 * With --pg (or DATABASE_URL) it creates its own database `ledgerly_bench_import` on that server
 * (dropped first); without, it runs on an in-memory PGlite.
 */
import { parseArgs } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { AuthResponse, ImportBatch } from '@ledgerly/shared';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { type Database, migrate, openDatabase } from '../apps/server/src/db/client.js';

const BENCH_DB = 'ledgerly_bench_import';
const { values: args } = parseArgs({
  options: { rows: { type: 'string', default: '100000' }, pg: { type: 'string' } },
});
const rows = Number(args.rows);
if (!Number.isInteger(rows) || rows < 1) throw new Error('--rows must be a whole number');
const adminUrl = args.pg ?? process.env.DATABASE_URL;

async function openBenchDatabase(): Promise<Database> {
  if (!adminUrl) return openDatabase({ dataDir: 'memory' });
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${BENCH_DB} with (force)`);
  await admin.query(`create database ${BENCH_DB}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${BENCH_DB}`;
  return openDatabase({ url: url.toString(), dataDir: 'memory' });
}

/** A bank-like CSV: semicolons, day-first dates, decimal commas, a few thousand payees. */
function statement(n: number): Buffer {
  const lines = ['Booking date;Payee;Reference;Amount'];
  for (let i = 0; i < n; i += 1) {
    const d = new Date(Date.UTC(2021, 0, 1) + (i % 1400) * 86_400_000);
    const date = `${String(d.getUTCDate()).padStart(2, '0')}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${d.getUTCFullYear()}`;
    const cents = ((i * 7919) % 250_000) + 1;
    const sign = i % 10 === 0 ? '' : '-';
    lines.push(
      `${date};Shop ${i % 3000};REF${i};${sign}${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`,
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

function multipart(file: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

let peak = 0;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);

const dataDir = mkdtempSync(join(tmpdir(), 'ledgerly-bench-import-'));
const database = await openBenchDatabase();
await migrate(database);
const config = loadConfig({
  DATA_DIR: dataDir,
  APP_SECRET: 'bench-secret-bench-secret-bench-secret',
  LOG_LEVEL: 'silent',
  RECURRING_SWEEP: 'off',
  HOUSEKEEPING: 'off',
  AUTH_RATE_LIMIT_IP: '1000',
});
const app = await buildApp(config, { database, logger: false, webDist: join(dataDir, 'no-web') });
await app.ready();
try {
  const reg = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email: `bench-${Date.now()}@example.com`, password: 'bench-password' },
  });
  const { token } = reg.json<AuthResponse>();
  const auth = { authorization: `Bearer ${token}` };
  const file = statement(rows);
  const baseline = process.memoryUsage().rss;
  peak = baseline;
  console.log(
    `import bench on ${database.kind}: ${rows.toLocaleString('en-US')} postings, ${(file.length / 1e6).toFixed(1)} MB`,
  );

  let t0 = performance.now();
  const form = multipart(file);
  const up = await app.inject({
    method: 'POST',
    url: '/api/imports',
    headers: { ...auth, ...form.headers },
    payload: form.payload,
  });
  if (up.statusCode !== 201) throw new Error(`upload: ${up.statusCode} ${up.body}`);
  const batch = up.json<{ data: ImportBatch }>().data;
  const tPreview = performance.now() - t0;

  t0 = performance.now();
  const deep = await app.inject({
    method: 'GET',
    url: `/api/imports/${batch.id}?limit=100&cursor=${Math.floor(rows / 2)}`,
    headers: auth,
  });
  if (deep.statusCode !== 200) throw new Error(`page: ${deep.statusCode}`);
  const tPage = performance.now() - t0;

  t0 = performance.now();
  const started = await app.inject({ method: 'POST', url: `/api/imports/${batch.id}/commit`, headers: auth });
  let state = started.json<{ data: ImportBatch }>().data;
  const tAnswer = performance.now() - t0;
  let polls = 0;
  while (state.status === 'importing') {
    await new Promise((r) => setTimeout(r, 100));
    polls += 1;
    state = (await app.inject({ method: 'GET', url: `/api/imports/${batch.id}?limit=1`, headers: auth })).json<{
      data: ImportBatch;
    }>().data;
  }
  const tCommit = performance.now() - t0;
  if (state.status !== 'committed') throw new Error(`commit ended ${state.status}: ${state.message ?? ''}`);

  t0 = performance.now();
  const again = await app.inject({
    method: 'POST',
    url: '/api/imports',
    headers: { ...auth, ...form.headers },
    payload: form.payload,
  });
  const reimport = again.json<{ data: ImportBatch }>().data;
  const tReimport = performance.now() - t0;

  t0 = performance.now();
  await app.inject({ method: 'POST', url: `/api/imports/${batch.id}/revert`, headers: auth });
  const tRevert = performance.now() - t0;

  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(
    `  upload + preview (parse, classify, store rows): ${s(tPreview)}  summary ${JSON.stringify(batch.summary)}`,
  );
  console.log(`  a page of 100 rows from the middle:              ${s(tPage)}`);
  console.log(`  commit answered (background job started):        ${s(tAnswer)}`);
  console.log(`  commit until committed (${polls} progress polls):  ${s(tCommit)}  imported ${state.summary.imported}`);
  console.log(`  preview + commit total:                           ${s(tPreview + tCommit)}`);
  console.log(
    `  re-import preview (all duplicates):               ${s(tReimport)}  new ${reimport.summary.new}, duplicates ${reimport.summary.duplicates}`,
  );
  console.log(`  undo (revert):                                    ${s(tRevert)}`);
  console.log(
    `  peak RSS above baseline: ${((peak - baseline) / 1e6).toFixed(0)} MB (baseline ${(baseline / 1e6).toFixed(0)} MB)`,
  );
} finally {
  clearInterval(sampler);
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
