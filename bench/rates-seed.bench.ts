/**
 * Seeding the bundled exchange-rate history: time, and the process's memory around it.
 *
 *   node --expose-gc --import tsx bench/rates-seed.bench.ts            (PGlite, fresh data folder)
 *   DATABASE_URL=postgres://… node --expose-gc --import tsx bench/rates-seed.bench.ts
 *
 * Migrates a fresh database (PGlite in a temp folder, or a new PostgreSQL database dropped at the
 * end), then seeds (the first start's work) and seeds again (every later start's work). Prints the
 * time of each, the resident memory after a GC before and after, and the peak seen while seeding.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrate, openDatabase } from '../apps/server/src/db/client.js';
import { seedExchangeRates } from '../apps/server/src/modules/rates/index.js';
import { DATASET_FILE } from '../apps/server/src/modules/rates/rates.dataset.js';

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const rss = () => {
  gc();
  return process.memoryUsage().rss;
};

const url = process.env.DATABASE_URL;
let dropName: string | undefined;
let dir: string | undefined;
let database;
if (url) {
  dropName = `ledgerly_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${dropName}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${dropName}`;
  database = await openDatabase({ url: u.toString(), dataDir: 'memory' });
} else {
  dir = mkdtempSync(join(tmpdir(), 'ledgerly-rates-bench-'));
  database = await openDatabase({ dataDir: join(dir, 'db') });
}
await migrate(database);
const before = rss();
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
let t0 = performance.now();
const first = await seedExchangeRates(database.db);
const firstMs = performance.now() - t0;
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);
const after = rss();
t0 = performance.now();
const second = await seedExchangeRates(database.db);
const secondMs = performance.now() - t0;
await database.close();
if (dir) rmSync(dir, { recursive: true, force: true });
if (dropName) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${dropName} with (force)`);
  await admin.end();
}
console.log(`database: ${url ? 'PostgreSQL' : 'PGlite'}; data file ${mb(statSync(DATASET_FILE).size)}`);
console.log(`first seeding: ${first.rows} rows in ${(firstMs / 1000).toFixed(1)} s`);
console.log(`second seeding: ${second.rows} rows in ${secondMs.toFixed(1)} ms`);
const m = process.memoryUsage();
console.log(`heap used ${mb(m.heapUsed)}, external ${mb(m.external)}, array buffers ${mb(m.arrayBuffers)}`);
console.log(
  `RSS after GC: before ${mb(before)}, after ${mb(after)} (+${mb(after - before)}); peak while seeding ${mb(peak)} (+${mb(peak - before)})`,
);
