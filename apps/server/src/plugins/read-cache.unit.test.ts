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

describe('ReadCache', () => {
  it('does not keep an answer whose read began before a change of its user, or before a clear', async () => {
    const heard: string[] = [];
    const cache = new ReadCache(60_000, 1024 * 1024);
    cache.follow(database, (id) => heard.push(id));
    await expect.poll(() => cache.stats.active, { timeout: 5_000 }).toBe(true);

    const began = cache.slotOf('user-1', 'UTC', '/api/categories')!;
    const other = cache.slotOf('user-2', 'UTC', '/api/categories')!;
    await notify('user-1');
    await expect.poll(() => heard, { timeout: 5_000 }).toEqual(['user-1']);
    cache.set(began, '{"data":"before the change"}');
    cache.set(other, '{"data":"user 2"}');
    expect(cache.get(cache.slotOf('user-1', 'UTC', '/api/categories')!)).toBeUndefined();
    expect(cache.get(cache.slotOf('user-2', 'UTC', '/api/categories')!)?.json).toBe('{"data":"user 2"}');

    const fresh = cache.slotOf('user-1', 'UTC', '/api/categories')!;
    cache.set(fresh, '{"data":"after the change"}');
    expect(cache.get(cache.slotOf('user-1', 'UTC', '/api/categories')!)?.json).toBe('{"data":"after the change"}');

    const beforeClear = cache.slotOf('user-3', 'UTC', '/api/settings')!;
    await notify('*');
    await expect.poll(() => heard.at(-1), { timeout: 5_000 }).toBe('*');
    cache.set(beforeClear, '{"data":"before the clear"}');
    expect(cache.get(cache.slotOf('user-3', 'UTC', '/api/settings')!)).toBeUndefined();
    expect(cache.get(cache.slotOf('user-2', 'UTC', '/api/categories')!)).toBeUndefined();
  });

  it('keys by the date in the user’s time zone: the same read is another answer on another day', async () => {
    const cache = new ReadCache(60_000, 1024 * 1024);
    cache.follow(database, () => {});
    await expect.poll(() => cache.stats.active, { timeout: 5_000 }).toBe(true);
    const now = Date.parse('2026-11-24T23:30:00Z');
    const utc = cache.slotOf('u', 'UTC', '/api/analytics/dashboard', now)!;
    const tokyo = cache.slotOf('u', 'Asia/Tokyo', '/api/analytics/dashboard', now)!;
    expect(utc.key).not.toBe(tokyo.key);
    expect(utc.key).toContain('2026-11-24');
    expect(tokyo.key).toContain('2026-11-25');
  });
});
