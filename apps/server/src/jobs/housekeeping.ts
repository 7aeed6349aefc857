/**
 * Daily housekeeping, at start-up and then every day: removes orphaned receipt files
 * (receipt-sweep.ts) and sessions past their expiry (they are refused already; this only keeps
 * the table small); ended sign-in rate-limit windows go every ten minutes. With several
 * instances on PostgreSQL one pass runs at a time (a lease); all are idempotent deletes anyway.
 * Uploads left in DATA_DIR/tmp by a restore whose process died go too, by every instance for
 * its own DATA_DIR (not under the lease).
 */
import type { AppContext, JobContext } from '../app-context.js';
import { deleteExpiredSessions, deleteExpiredSignInCounters } from '../modules/auth/index.js';
import { LEASES } from '../db/client.js';
import { startPeriodic } from './periodic.js';
import { type ReceiptSweepResult, sweepOrphanReceipts } from './receipt-sweep.js';
import { removeStaleRestoreFiles } from '../modules/security/index.js';

export const HOUSEKEEPING_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** Sign-in counters of ended windows go every ten minutes: a flood from many addresses leaves many. */
export const COUNTER_CLEANUP_INTERVAL_MS = 10 * 60 * 1000;

export type HousekeepingContext = JobContext & Pick<AppContext, 'receipts'>;

/** When this process started: with PGlite, a restore upload older than it is another process's leftover. */
const PROCESS_STARTED_MS = Date.now() - process.uptime() * 1000;
/** Beyond any upload's time (REQUEST_TIMEOUT_SECONDS at most) with an hour to spare. */
export const staleRestoreAgeMs = (config: JobContext['config']) => config.http.requestTimeoutMs + 60 * 60 * 1000;

/**
 * Removes restore uploads left in DATA_DIR/tmp by a process that died mid-restore. With PGlite
 * this process alone uses DATA_DIR (its lock), so every upload from before it started is such a
 * leftover, removed at start-up; otherwise (several instances may share it) one untouched for
 * longer than any upload can take. Answers how many went.
 */
export function removeLeftRestoreFiles(config: JobContext['config'], now = Date.now()): Promise<number> {
  const byAge = now - staleRestoreAgeMs(config);
  const before = config.databaseUrl ? byAge : Math.max(byAge, PROCESS_STARTED_MS);
  return removeStaleRestoreFiles(config.dataDir, new Date(before));
}

/** One pass; exported for tests and one-off runs. */
export async function runHousekeeping(ctx: HousekeepingContext, stopped?: () => boolean): Promise<ReceiptSweepResult> {
  await deleteExpiredSessions(ctx.db);
  return sweepOrphanReceipts(ctx.db, ctx.receipts.objects, { stopped });
}

/** One pass unless another instance is running one (a lease on PostgreSQL); null then. */
export async function runHousekeepingOnce(
  ctx: HousekeepingContext,
  stopped?: () => boolean,
): Promise<ReceiptSweepResult | null> {
  const outcome = await ctx.database.exclusive(LEASES.housekeeping, () => runHousekeeping(ctx, stopped));
  return outcome.ran ? outcome.value : null;
}

/** Runs now and then daily until the returned function is called. */
export function startHousekeeping(ctx: HousekeepingContext): () => void {
  return startPeriodic(ctx, 'housekeeping', HOUSEKEEPING_INTERVAL_MS, async (stopped) => {
    const restores = await removeLeftRestoreFiles(ctx.config);
    if (restores > 0) ctx.log.info({ removed: restores }, 'housekeeping: removed uploads of interrupted restores');
    const result = await runHousekeepingOnce(ctx, stopped);
    if (!result) ctx.log.debug('housekeeping: another instance is running it');
    else if (result.removed > 0) ctx.log.info({ ...result }, 'housekeeping: removed orphaned receipt files');
  });
}

/** Deletes ended sign-in rate-limit windows now and then every ten minutes. */
export function startCounterCleanup(ctx: JobContext): () => void {
  return startPeriodic(ctx, 'rate-limit cleanup', COUNTER_CLEANUP_INTERVAL_MS, async () => {
    await deleteExpiredSignInCounters(ctx.db);
  });
}
