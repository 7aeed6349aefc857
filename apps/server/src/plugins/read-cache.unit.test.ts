import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, createTestDatabase } from '../../test/test-db.js';
import { CHANGES_CHANNEL, ReadCache } from './read-cache.js';

// The cache on a real database's notifications (PGlite, or PostgreSQL with TEST_DATABASE_URL).
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

const notify = (payload: string) => database.db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${payload})`);

async function following(ttlMs = 60_000): Promise<{ cache: ReadCache; heard: string[]; stop: () => void }> {
  const heard: string[] = [];
  const cache = new ReadCache(ttlMs, 1024 * 1024);
  const stop = cache.follow(database, (id) => heard.push(id));
  await expect.poll(() => cache.stats.active, { timeout: 10_000 }).toBe(true);
  return { cache, heard, stop };
}

const url = '/api/categories';

describe('ReadCache', () => {
  it('does not keep an answer whose read began before a change of its user, or before a clear', async () => {
    const { cache, heard, stop } = await following();
    // Both reads begin; user 1's data changes before they finish (the signed-in user they
    // read may be the old one too).
    const mark = cache.mark();
    const one = cache.slotOf(mark, 'user-1', 'UTC', url)!;
    const two = cache.slotOf(mark, 'user-2', 'UTC', url)!;
    await notify('user-1');
    await expect.poll(() => heard, { timeout: 5_000 }).toEqual(['user-1']);
    cache.set(one, '{"data":"before the change"}');
    cache.set(two, '{"data":"user 2"}');
    expect(cache.get(cache.slotOf(cache.mark(), 'user-1', 'UTC', url)!)).toBeUndefined();
    expect(cache.get(cache.slotOf(cache.mark(), 'user-2', 'UTC', url)!)?.json).toBe('{"data":"user 2"}');

    // A read that begins after the change is kept.
    const fresh = cache.slotOf(cache.mark(), 'user-1', 'UTC', url)!;
    cache.set(fresh, '{"data":"after the change"}');
    expect(cache.get(cache.slotOf(cache.mark(), 'user-1', 'UTC', url)!)?.json).toBe('{"data":"after the change"}');

    const beforeClear = cache.slotOf(cache.mark(), 'user-3', 'UTC', '/api/settings')!;
    await notify('*');
    await expect.poll(() => heard.at(-1), { timeout: 5_000 }).toBe('*');
    cache.set(beforeClear, '{"data":"before the clear"}');
    expect(cache.get(cache.slotOf(cache.mark(), 'user-3', 'UTC', '/api/settings')!)).toBeUndefined();
    expect(cache.get(cache.slotOf(cache.mark(), 'user-2', 'UTC', url)!)).toBeUndefined();
    stop();
    expect(cache.stats.active).toBe(false);
  });

  it('forgets old changes, but never keeps a read that began before a forgotten one', async () => {
    const { cache, stop } = await following(1_000);
    const t0 = performance.now();
    const slow = cache.slotOf(cache.mark(), 'user-1', 'UTC', url)!; // a read that takes long
    cache.changed('user-1', t0);
    const afterChange = cache.slotOf(cache.mark(), 'user-1', 'UTC', url)!;
    expect(afterChange.key).not.toBe(slow.key);
    // Over a second later another user's change forgets user 1's: their key is as before it.
    cache.changed('user-2', t0 + 1_001);
    expect(cache.slotOf(cache.mark(), 'user-1', 'UTC', url)!.key).toBe(slow.key);
    // The slow read finishes now: its answer predates the change, so it is not kept.
    cache.set(slow, '{"data":"stale"}');
    expect(cache.get(cache.slotOf(cache.mark(), 'user-1', 'UTC', url)!)).toBeUndefined();
    stop();
  });

  it('keys by the date in the user’s time zone: the same read is another answer on another day', async () => {
    const { cache, stop } = await following();
    const now = Date.parse('2026-11-24T23:30:00Z');
    const utc = cache.slotOf(0, 'u', 'UTC', '/api/analytics/dashboard', now)!;
    const tokyo = cache.slotOf(0, 'u', 'Asia/Tokyo', '/api/analytics/dashboard', now)!;
    expect(utc.key).not.toBe(tokyo.key);
    expect(utc.key).toContain('2026-11-24');
    expect(tokyo.key).toContain('2026-11-25');
    stop();
  });

  it('does not listen at all when turned off', () => {
    const cache = new ReadCache(0, 1024 * 1024);
    cache.follow(database, () => {})();
    expect(cache.enabled).toBe(false);
    expect(cache.slotOf(0, 'u', 'UTC', url)).toBeNull();
  });
});
