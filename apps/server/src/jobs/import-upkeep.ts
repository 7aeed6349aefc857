/**
 * Import upkeep (docs/imports.md, "Interrupted commits and old previews"), at start-up and then
 * on a timer, on every instance (both passes are safe to run anywhere at once):
 * - every 15 s, `importing` batches whose commit is gone (a killed process) become `failed`, so
 *   they can be committed again or discarded; a commit alive on any instance is left alone;
 * - every hour, previews and failed imports not changed for a day go, with their files.
 */
import type { AppContext, JobContext } from '../app-context.js';
import { expireStale, recoverInterrupted } from '../modules/imports/index.js';
import { startPeriodic } from './periodic.js';

export const RECOVERY_INTERVAL_MS = 15_000;
export const EXPIRY_INTERVAL_MS = 60 * 60 * 1000;

export type ImportUpkeepContext = JobContext & Pick<AppContext, 'importJobs'>;

/**
 * How old a claim must be before its batch can count as interrupted: longer than a commit takes
 * from its claim to its row lock (a pool connection, at most the connect timeout, then one
 * statement). PGlite is one process's, whose own commits are known: no wait there.
 */
export function recoveryGraceSeconds(ctx: JobContext): number {
  return ctx.database.kind === 'pglite' ? 0 : Math.ceil(ctx.config.dbTimeouts.connectMs / 1000) + 10;
}

/** One recovery pass; exported for tests. */
export function runImportRecovery(ctx: ImportUpkeepContext, graceSeconds = recoveryGraceSeconds(ctx)) {
  return recoverInterrupted(ctx.db, ctx.log, ctx.importJobs, graceSeconds);
}

/** Starts both passes now and then on their timers until the returned function is called. */
export function startImportUpkeep(ctx: ImportUpkeepContext): () => void {
  const stops = [
    startPeriodic(ctx, 'import recovery', RECOVERY_INTERVAL_MS, async () => {
      await runImportRecovery(ctx);
    }),
    startPeriodic(ctx, 'import expiry', EXPIRY_INTERVAL_MS, async () => {
      const removed = await expireStale(ctx.db);
      if (removed > 0) ctx.log.info({ removed }, 'import upkeep: removed expired previews');
    }),
  ];
  return () => stops.forEach((stop) => stop());
}
