/**
 * Daily housekeeping, at start-up and then every day: removes orphaned receipt files
 * (receipt-sweep.ts) and sessions past their expiry (they are refused already; this only keeps
 * the table small); ended sign-in rate-limit windows go every ten minutes. Safe with several
 * instances: all are idempotent deletes.
 */
import type { AppContext, JobContext } from '../app-context.js';
import { deleteExpiredSessions } from '../modules/auth/auth.service.js';
import { deleteExpiredSignInCounters } from '../modules/auth/sign-in-limits.js';
import { startPeriodic } from './periodic.js';
import { type ReceiptSweepResult, sweepOrphanReceipts } from './receipt-sweep.js';

export const HOUSEKEEPING_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** Sign-in counters of ended windows go every ten minutes: a flood from many addresses leaves many. */
export const COUNTER_CLEANUP_INTERVAL_MS = 10 * 60 * 1000;

export type HousekeepingContext = JobContext & Pick<AppContext, 'receipts'>;

/** One pass; exported for tests and one-off runs. */
export async function runHousekeeping(ctx: HousekeepingContext, stopped?: () => boolean): Promise<ReceiptSweepResult> {
  await deleteExpiredSessions(ctx.db);
  return sweepOrphanReceipts(ctx.db, ctx.receipts.objects, { stopped });
}

/** Runs now and then daily until the returned function is called. */
export function startHousekeeping(ctx: HousekeepingContext): () => void {
  return startPeriodic(ctx, 'housekeeping', HOUSEKEEPING_INTERVAL_MS, async (stopped) => {
    const result = await runHousekeeping(ctx, stopped);
    if (result.removed > 0) ctx.log.info({ ...result }, 'housekeeping: removed orphaned receipt files');
  });
}

/** Deletes ended sign-in rate-limit windows now and then every ten minutes. */
export function startCounterCleanup(ctx: JobContext): () => void {
  return startPeriodic(ctx, 'rate-limit cleanup', COUNTER_CLEANUP_INTERVAL_MS, async () => {
    await deleteExpiredSignInCounters(ctx.db);
  });
}
