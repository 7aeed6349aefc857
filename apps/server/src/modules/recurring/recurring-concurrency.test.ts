import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { addDays, todayIn } from '@ledgerly/shared';
import { buildApp } from '../../app.js';
import { type Database, openDatabase } from '../../db/client.js';
import { runRecurringSweep } from '../../jobs/recurring-sweep.js';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createCategory } from '../../../test/factories.js';
import { TEST_PG_URL } from '../../../test/test-db.js';
import { countTransactions, createRecurring, generatedRows } from '../../../test/recurring-helpers.js';
import { generateDueForItem } from './recurring.generator.js';
import { lockRecurring } from './recurring.repository.js';

const t = useTestApp();

async function dailyBacklog(days: number) {
  const { token, user } = await registerUser(t);
  const cat = await createCategory(t, token);
  const today = todayIn('UTC');
  const item = await createRecurring(t, token, {
    categoryId: cat.id,
    frequency: 'daily',
    startDate: addDays(today, -(days - 1)),
  });
  const expected = Array.from({ length: days }, (_, i) => addDays(today, i - (days - 1)));
  return { token, userId: user.id, cat, item, today, expected };
}

const generateAll = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'POST', url: '/api/recurring/generate', headers: { authorization: `Bearer ${token}` } });

/**
 * A second server instance on the same database. On PostgreSQL: its own connection pool and app,
 * like another process behind a load balancer. PGlite is embedded in one process, so there the
 * second instance is the same database.
 */
async function secondInstance(): Promise<{ app: FastifyInstance; database: Database; close: () => Promise<void> }> {
  if (!TEST_PG_URL) return { app: t.app, database: t.db, close: async () => {} };
  const rows = await t.db.db.execute<{ name: string }>(sql`select current_database() as name`);
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${(rows as { rows: { name: string }[] }).rows[0]!.name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: 'memory' });
  const app = await buildApp(t.config, { database, logger: false });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

describe(`exactly-once generation under concurrency (${TEST_PG_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('transactions locking the same item run one after the other, never interleaved', async () => {
    // PostgreSQL: the row lock. PGlite: its transaction mutex queues the second transaction.
    const { userId, item } = await dailyBacklog(1);
    const events: string[] = [];
    const hold = (name: string) =>
      t.db.db.transaction(async (tx) => {
        await lockRecurring(tx, userId, item.id);
        events.push(`${name} locked`);
        await new Promise((resolve) => setTimeout(resolve, 150));
        events.push(`${name} done`);
      });
    await Promise.all([hold('a'), hold('b'), hold('c')]);
    for (let i = 0; i < events.length; i += 2) {
      expect(events[i + 1]).toBe(events[i]!.replace('locked', 'done'));
    }
    expect(events).toHaveLength(6);
  });

  it('20 simultaneous generate-all calls over a 10-day daily backlog create exactly 10 transactions', async () => {
    const { token, userId, item, today, expected } = await dailyBacklog(10);
    const other = await secondInstance();
    try {
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) => generateAll(i % 2 ? other.app : t.app, token)),
      );
      expect(responses.every((r) => r.statusCode === 200)).toBe(true);
      // Every occurrence is reported by exactly one of the calls: none lost, none counted twice.
      expect(responses.reduce((n, r) => n + (r.json().data.generated as number), 0)).toBe(10);
    } finally {
      await other.close();
    }
    expect(await countTransactions(t, userId)).toBe(10);
    expect((await generatedRows(t, userId, item.id)).map((r) => r.occurrenceDate)).toEqual(expected);
    const list = await t.request({ method: 'GET', url: '/api/recurring', token });
    expect(list.json().data[0]).toMatchObject({ nextDate: addDays(today, 1), lastGenerated: today });
  });

  it("the sweep racing the user's calls (and another sweep) still creates each occurrence once", async () => {
    const { token, userId, expected } = await dailyBacklog(10);
    const second = await dailyBacklog(7);
    const other = await secondInstance();
    try {
      await Promise.all([
        runRecurringSweep(t.db.db),
        ...Array.from({ length: 8 }, () => generateAll(t.app, token)),
        runRecurringSweep(other.database.db),
        generateAll(other.app, second.token),
        runRecurringSweep(t.db.db),
      ]);
    } finally {
      await other.close();
    }
    expect((await generatedRows(t, userId)).map((r) => r.occurrenceDate)).toEqual(expected);
    expect((await generatedRows(t, second.userId)).map((r) => r.occurrenceDate)).toEqual(second.expected);
  });

  it('simultaneous generate-one calls each take the next occurrence: never the same one twice', async () => {
    const { token, userId, item, today } = await dailyBacklog(3);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => t.request({ method: 'POST', url: `/api/recurring/${item.id}/generate`, token })),
    );
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    const occurrences = responses.map((r) => r.json().data.transaction.occurrenceDate as string).sort();
    const start = addDays(today, -2);
    expect(occurrences).toEqual(Array.from({ length: 10 }, (_, i) => addDays(start, i)));
    const rows = await generatedRows(t, userId, item.id);
    expect(rows.map((r) => r.occurrenceDate)).toEqual(occurrences);
    // Past occurrences keep their own date; future ones are dated today.
    expect(rows.every((r) => r.date === (r.occurrenceDate! <= today ? r.occurrenceDate : today))).toBe(true);
    const list = await t.request({ method: 'GET', url: '/api/recurring', token });
    // 'Last generated' is the day the latest was booked (today: the future ones are booked today).
    expect(list.json().data[0]).toMatchObject({ nextDate: addDays(start, 10), lastGenerated: today });
  });

  it('generate-one, generate-all and the sweep mixed: every due occurrence exactly once', async () => {
    const { token, userId, item, today } = await dailyBacklog(6);
    await Promise.all([
      t.request({ method: 'POST', url: `/api/recurring/${item.id}/generate`, token }),
      generateAll(t.app, token),
      t.request({ method: 'POST', url: `/api/recurring/${item.id}/generate`, token }),
      runRecurringSweep(t.db.db),
      generateAll(t.app, token),
    ]);
    const dates = (await generatedRows(t, userId, item.id)).map((r) => r.occurrenceDate!);
    expect(new Set(dates).size).toBe(dates.length);
    // The six due ones are all there; at most the two generate-one calls reached into the future.
    const start = addDays(today, -5);
    expect(dates.slice(0, 6)).toEqual(Array.from({ length: 6 }, (_, i) => addDays(start, i)));
    expect(dates.length).toBeGreaterThanOrEqual(6);
    expect(dates.length).toBeLessThanOrEqual(8);
  });

  it('commits a long backlog in batches, exactly once even when batched callers race', async () => {
    const { userId, item, today, expected } = await dailyBacklog(50);
    const counts = await Promise.all(
      Array.from({ length: 5 }, () => generateDueForItem(t.db.db, userId, item.id, today, { batch: 7 })),
    );
    expect(counts.reduce((a, b) => a + b.generated, 0)).toBe(50);
    expect((await generatedRows(t, userId, item.id)).map((r) => r.occurrenceDate)).toEqual(expected);
  });
});
