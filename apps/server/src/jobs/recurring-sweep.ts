/**
 * The recurring sweep (docs/recurring.md): generates every due occurrence for all users, once
 * at start-up and then every hour. Hourly, because "today" turns over at a different instant in
 * each user's time zone; an item becomes due within an hour of its owner's midnight even if
 * nobody opens the app. With several instances on PostgreSQL one sweep runs at a time (a lease);
 * even two at once would be safe: each item is generated under its row lock. One run writes at
 * most 1,000 occurrences per item (as POST /recurring/generate does per call): a backlog of
 * decades — a restored or edited item far in the past — is caught up over the following runs,
 * never in one burst of hundreds of thousands of rows.
 */
import { RECURRING_GENERATE_MAX_PER_CALL, addDays, todayIn } from '@ledgerly/shared';
import type { JobContext } from '../app-context.js';
import { type Db, LEASES } from '../db/client.js';
import { generateDueForItem, listDueForSweep } from '../modules/recurring/index.js';
import { startPeriodic } from './periodic.js';

export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** Occurrences one run writes for one item at most; the rest follow in the next runs. */
export const SWEEP_MAX_PER_ITEM = RECURRING_GENERATE_MAX_PER_CALL;
const PAGE = 500;

export interface SweepResult {
  /** Items looked at (due in some time zone). */
  items: number;
  /** Transactions created. */
  generated: number;
  /** Items whose generation failed (logged, then skipped until the next run). */
  failed: number;
  /** Items stopped at SWEEP_MAX_PER_ITEM with occurrences still due (the next run goes on). */
  more: number;
}

export interface SweepOptions {
  onError?: (error: unknown, itemId: string) => void;
  /** Checked between items: stop early (shutdown). */
  stopped?: () => boolean;
  /** Items read per query (tests use a small one to cross page boundaries). */
  pageSize?: number;
}

/** One pass over every due item of every user; exported for tests and one-off runs. */
export async function runRecurringSweep(
  db: Db,
  now: Date = new Date(),
  options: SweepOptions = {},
): Promise<SweepResult> {
  // No time zone is more than a day ahead of UTC (UTC+14 at most): nothing due lies beyond this.
  const latestToday = addDays(todayIn('UTC', now), 1);
  const result: SweepResult = { items: 0, generated: 0, failed: 0, more: 0 };
  const pageSize = options.pageSize ?? PAGE;
  let afterId: string | null = null;
  for (;;) {
    const page = await listDueForSweep(db, latestToday, afterId, pageSize);
    for (const item of page) {
      if (options.stopped?.()) return result;
      result.items += 1;
      try {
        const today = todayIn(item.timezone, now);
        if (item.nextDate <= today) {
          const done = await generateDueForItem(db, item.userId, item.id, today, { limit: SWEEP_MAX_PER_ITEM });
          result.generated += done.generated;
          if (done.more) result.more += 1;
        }
      } catch (error) {
        result.failed += 1;
        options.onError?.(error, item.id);
      }
    }
    if (page.length < pageSize) return result;
    afterId = page[page.length - 1]!.id;
  }
}

/**
 * One sweep unless another instance is running one (a lease on PostgreSQL): with several
 * instances the sweep runs once at a time. Null when it was left to the other instance.
 */
export async function runRecurringSweepOnce(
  ctx: Pick<JobContext, 'database' | 'db'>,
  now: Date = new Date(),
  options: SweepOptions = {},
): Promise<SweepResult | null> {
  const outcome = await ctx.database.exclusive(LEASES.recurringSweep, () => runRecurringSweep(ctx.db, now, options));
  return outcome.ran ? outcome.value : null;
}

/** Runs the sweep now and then every hour until the returned function is called. */
export function startRecurringSweep(
  ctx: JobContext,
  /** Told of every run: its result, or null when it failed as a whole (the metrics). */
  onRun: (result: SweepResult | null) => void = () => {},
): () => void {
  return startPeriodic(ctx, 'recurring sweep', SWEEP_INTERVAL_MS, async (stopped) => {
    let result: SweepResult | null;
    try {
      result = await runRecurringSweepOnce(ctx, new Date(), {
        stopped,
        onError: (error, itemId) => {
          if (!stopped()) ctx.log.error({ err: error, recurringId: itemId }, 'recurring sweep: item failed');
        },
      });
    } catch (error) {
      onRun(null);
      throw error;
    }
    // Left to another instance holding the lease: not a run of ours.
    if (!result) {
      ctx.log.debug('recurring sweep: another instance is running it');
      return;
    }
    onRun(result);
    if (result.generated > 0 || result.failed > 0 || result.more > 0) ctx.log.info({ ...result }, 'recurring sweep');
  });
}
