/**
 * Account export memory: seeds one user with N transactions (every `--receipt-every`-th with a
 * receipt, the same small image each time) straight into the tables, then downloads
 * GET /api/account/export over real HTTP, reading and dropping the body as a browser saving a
 * download would, and samples the server's JS heap and RSS while the zip is written; the
 * figures are the peaks above the baseline taken (after a collection) just before the download.
 *
 *   npm run bench:account-export      (100,000 rows, a receipt on every 100th)
 *   node --expose-gc --import tsx bench/account-export.bench.ts --rows 20000 --receipt-every 100
 *
 * Run it at two sizes: flat memory means the peak does not grow with the rows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, migrate } from '../apps/server/src/db/client.js';
import { categories } from '../apps/server/src/db/schema.js';
import { ledgerWriter } from '../apps/server/src/modules/ledger/index.js';
import { createReceipts } from '../apps/server/src/receipts/receipts.js';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '20000' }, 'receipt-every': { type: 'string', default: '10' } },
});
const rows = Number(values.rows);
const every = Number(values['receipt-every']);

const dataDir = mkdtempSync(join(tmpdir(), 'ledgerly-export-bench-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  APP_SECRET: 'bench-secret-bench-secret-bench-secret',
  LOG_LEVEL: 'silent',
  RECURRING_SWEEP: 'off',
  HOUSEKEEPING: 'off',
});
const database = await openDatabase({ dataDir: 'memory' });
await migrate(database);
const app = await buildApp(config, { database, logger: false });
await app.ready();
const reg = await app.inject({
  method: 'POST',
  url: '/api/auth/register',
  payload: { email: 'bench@example.com', password: 'secret123' },
});
const { token, user } = reg.json<{ token: string; user: { id: string } }>();
const [cat] = await database.db
  .insert(categories)
  .values({ userId: user.id, name: 'Food', type: 'expense', color: '#ff0000', icon: 'utensils' })
  .returning();

const image = await sharp({ create: { width: 800, height: 1100, channels: 3, background: '#eee' } })
  .jpeg({ quality: 80 })
  .toBuffer();
const thumb = await sharp(image).resize(150).jpeg().toBuffer();
const receipts = createReceipts(config.appSecret, config.dataDir);
const t0 = performance.now();
for (let i = 0; i < rows; i += 1000) {
  const batch = [];
  for (let j = i; j < Math.min(rows, i + 1000); j += 1) {
    const key = j % every === 0 ? await receipts.store.save({ mime: 'image/jpeg', full: image, thumb }) : null;
    const day = new Date(Date.UTC(2021, 0, 1) + (j % 1800) * 86_400_000).toISOString().slice(0, 10);
    batch.push({
      userId: user.id,
      categoryId: cat!.id,
      type: 'expense' as const,
      amountCents: 100 + (j % 5000),
      description: `Purchase ${j} at a shop`,
      date: day,
      receiptKey: key,
      receiptMime: key ? 'image/jpeg' : null,
    });
  }
  await ledgerWriter.insertRows(database.db, batch);
}
console.log(
  `seeded ${rows} rows (${Math.ceil(rows / every)} receipts) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

const address = await app.listen({ port: 0, host: '127.0.0.1' });
global.gc?.();
const baseHeap = process.memoryUsage().heapUsed;
const baseRss = process.memoryUsage().rss;
let peakHeap = baseHeap;
let peakRss = baseRss;
let peakLive = baseHeap;
// RSS and heap every 100 ms without a forced collection (a full GC that often would be most of
// the run's time); the live heap — what is really kept — after a collection once a second.
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  peakHeap = Math.max(peakHeap, m.heapUsed);
  peakRss = Math.max(peakRss, m.rss);
}, 100);
const liveSampler = setInterval(() => {
  global.gc?.();
  peakLive = Math.max(peakLive, process.memoryUsage().heapUsed);
}, 1000);
const start = performance.now();
const res = await fetch(`${address}/api/account/export`, { headers: { authorization: `Bearer ${token}` } });
if (!res.ok || !res.body) throw new Error(`export: ${res.status}`);
let bytes = 0;
for await (const chunk of res.body as AsyncIterable<Uint8Array>) bytes += chunk.length;
clearInterval(sampler);
clearInterval(liveSampler);
console.log(
  `export: ${(bytes / 1e6).toFixed(1)} MB in ${((performance.now() - start) / 1000).toFixed(1)} s; ` +
    `peak above baseline: live heap +${((peakLive - baseHeap) / 1e6).toFixed(1)} MB, ` +
    `heap with garbage +${((peakHeap - baseHeap) / 1e6).toFixed(1)} MB, RSS +${((peakRss - baseRss) / 1e6).toFixed(1)} MB`,
);
await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
