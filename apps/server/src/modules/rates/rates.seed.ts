import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { type Dataset, readDataset } from './rates.dataset.js';
import * as repo from './rates.repository.js';

/**
 * Rows per insert: big enough to be quick, small enough to keep the memory low and, on PGlite
 * (one connection, statements in turn), short enough that a request queued behind a batch waits
 * tens of milliseconds, not hundreds (5,000-row batches let a first start's sign-ups hit the
 * overload guard's 503).
 */
const BATCH = 1_000;

export interface SeedResult {
  dataset: string;
  /** Rows written; 0 when the database already held this data set. */
  rows: number;
}

/**
 * Puts the bundled history into exchange_rates once per data set (docs/currencies.md): a later
 * start finds its name in exchange_rate_seeds and does nothing. Each batch is its own statement,
 * so on PGlite (one connection) requests go on between batches instead of waiting for the whole
 * seeding; the data set is recorded only once every row is in, and an interrupted seeding
 * resumes at the next start (rows already there are skipped). Rows of another data set are
 * replaced first; rows of the feed are kept. Several instances seeding at once write the same
 * rows and one record: harmless.
 */
export async function seedExchangeRates(
  db: Db,
  dataset: Dataset = readDataset(),
  stopped: () => boolean = () => false,
): Promise<SeedResult> {
  if (await repo.seededWith(db, dataset.name)) return { dataset: dataset.name, rows: 0 };
  await repo.dropOtherDatasets(db, dataset.name);
  let rows = 0;
  for (const batch of dataset.batches(BATCH)) {
    // Shutting down: stop between batches; the next start resumes (the data set is not recorded).
    if (stopped()) return { dataset: dataset.name, rows };
    await repo.insertShared(db, 'dataset', batch, false);
    rows += batch.days.length;
  }
  await repo.recordSeed(db, dataset.name, rows);
  return { dataset: dataset.name, rows };
}

/**
 * Seeds in the background at start-up, logging what it did; a failure is logged, never thrown.
 * `stop()` (on shutdown, before the database closes) ends it after the batch in hand and answers
 * once it has ended, so no batch runs into a closed pool.
 */
export function startRatesSeed(db: Db, log: FastifyBaseLogger): { stop: () => Promise<void> } {
  const started = performance.now();
  let stopping = false;
  const done = seedExchangeRates(db, readDataset(), () => stopping).then(
    (r) => {
      if (stopping) log.info(r, 'exchange rates seeding paused by shutdown; the next start resumes it');
      else if (r.rows) log.info({ ...r, ms: Math.round(performance.now() - started) }, 'exchange rates seeded');
    },
    (error: unknown) => log.error({ err: error }, 'exchange rates seeding failed'),
  );
  return {
    stop: () => {
      stopping = true;
      return done;
    },
  };
}
