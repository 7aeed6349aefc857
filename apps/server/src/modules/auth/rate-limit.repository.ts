import { inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rateLimits } from '../../db/schema.js';

export interface Counter {
  key: string;
  count: number;
  resetAt: Date;
}

/**
 * Counts one for each key in one statement: a key whose window has ended starts a new one of
 * `windowMs` from `now`. Answers every key's count and window end after the increment.
 */
export async function incrementCounters(db: Db, keys: string[], now: Date, windowMs: number): Promise<Counter[]> {
  if (!keys.length) return [];
  const resetAt = new Date(now.getTime() + windowMs);
  const rows = await db
    .insert(rateLimits)
    .values(keys.map((key) => ({ key, count: 1, resetAt })))
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning();
  return rows.map(toCounter);
}

/** The live counters among `keys` (windows not ended at `now`). */
export async function readCounters(db: Db, keys: string[], now: Date): Promise<Counter[]> {
  if (!keys.length) return [];
  const rows = await db
    .select()
    .from(rateLimits)
    .where(sql`${inArray(rateLimits.key, keys)} and ${rateLimits.resetAt} > ${now.toISOString()}::timestamptz`);
  return rows.map(toCounter);
}

/** Deletes the counters `keys` (a success that clears its failures). */
export async function deleteCounters(db: Db, keys: string[]): Promise<void> {
  if (keys.length) await db.delete(rateLimits).where(inArray(rateLimits.key, keys));
}

/** Deletes counters whose window ended at or before `now`; answers how many. */
export async function deleteExpiredCounters(db: Db, now: Date): Promise<number> {
  const rows = await db.delete(rateLimits).where(lte(rateLimits.resetAt, now)).returning({ key: rateLimits.key });
  return rows.length;
}

const toCounter = (row: typeof rateLimits.$inferSelect): Counter => ({
  key: row.key,
  count: row.count,
  resetAt: new Date(row.resetAt),
});
