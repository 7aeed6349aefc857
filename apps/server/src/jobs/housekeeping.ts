/**
 * Daily housekeeping, at start-up and then every day: removes orphaned receipt files
 * (receipt-sweep.ts) and sessions past their expiry (they are refused already; this only keeps
 * the table small). Safe with several instances: both are idempotent deletes.
 */
import { join } from 'node:path';
import type { AppContext } from '../app.js';
import { deleteExpiredSessions } from '../modules/auth/auth.repository.js';
import { log, logError } from './job-log.js';
import { type ReceiptSweepResult, sweepOrphanReceipts } from './receipt-sweep.js';

export const HOUSEKEEPING_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** One pass; exported for tests and one-off runs. */
export async function runHousekeeping(ctx: AppContext, stopped?: () => boolean): Promise<ReceiptSweepResult> {
  await deleteExpiredSessions(ctx.db);
  return sweepOrphanReceipts(ctx.db, join(ctx.config.dataDir, 'receipts'), { stopped });
}

/**
 * Runs now and then daily until the returned function is called. Runs never overlap; errors are
 * logged and never reach the process. The timer does not keep Node alive.
 */
export function startHousekeeping(ctx: AppContext): () => void {
  let stopped = false;
  let running = false;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      const result = await runHousekeeping(ctx, () => stopped);
      if (result.removed > 0) log(ctx, 'info', 'housekeeping: removed orphaned receipt files', { ...result });
    } catch (error) {
      if (!stopped) logError(ctx, 'housekeeping failed', error);
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), HOUSEKEEPING_INTERVAL_MS);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
