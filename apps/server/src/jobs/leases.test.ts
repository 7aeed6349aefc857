/**
 * Several instances run the recurring sweep and housekeeping once at a time (a lease on
 * PostgreSQL, DESIGN §9); on PGlite nothing changes. Two sweeps at once generate each
 * occurrence once either way.
 */
import { addDays, todayIn } from '@ledgerly/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, LEASES, openDatabase } from '../db/client.js';
import { registerUser, useTestApp } from '../../test/build-test-app.js';
import { createCategory } from '../../test/factories.js';
import { createRecurring } from '../../test/recurring-helpers.js';
import { runRecurringSweep, runRecurringSweepOnce } from './recurring-sweep.js';

const t = useTestApp();
/** The second instance's database: its own pool on PostgreSQL; the same PGlite otherwise. */
let other: Database;
beforeAll(async () => {
  other = t.db.url ? await openDatabase({ url: t.db.url, dataDir: 'memory' }) : t.db;
});
afterAll(async () => {
  if (other !== t.db) await other.close();
});

/** Users with daily items starting tomorrow: nothing is due until the sweep runs days later. */
async function seed(users: number, itemsEach: number) {
  const tomorrow = addDays(todayIn('UTC'), 1);
  const ids: string[] = [];
  for (let u = 0; u < users; u++) {
    const { token } = await registerUser(t, { timezone: 'UTC' });
    const cat = await createCategory(t, token);
    for (let i = 0; i < itemsEach; i++) {
      ids.push((await createRecurring(t, token, { categoryId: cat.id, frequency: 'daily', startDate: tomorrow })).id);
    }
  }
  return ids;
}

async function occurrences(ids: string[]) {
  const rows = await t.db.db.execute<{ n: number; distinct_n: number }>(
    sql`select count(*)::int as n, count(distinct (recurring_id, occurrence_date))::int as distinct_n
        from transactions where recurring_id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
  );
  return (rows as { rows: { n: number; distinct_n: number }[] }).rows[0]!;
}

async function generatedCount() {
  const rows = await t.db.db.execute(sql`select count(*)::int as n from transactions where recurring_id is not null`);
  return (rows as { rows: { n: number }[] }).rows[0]!.n;
}

describe('leases', () => {
  it('while one instance holds a lease, the other skips that work; then it is free again', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const first = t.db.exclusive(LEASES.housekeeping, async () => {
      entered();
      await held;
      return 'first';
    });
    await inside;
    const second = await other.exclusive(LEASES.housekeeping, async () => 'second');
    // PostgreSQL: the other instance skips; PGlite (one process) always runs.
    expect(second).toEqual(t.db.kind === 'postgres' ? { ran: false } : { ran: true, value: 'second' });
    // Another lease is not held back.
    expect(await other.exclusive(LEASES.recurringSweep, async () => 'sweep')).toEqual({ ran: true, value: 'sweep' });
    release();
    expect(await first).toEqual({ ran: true, value: 'first' });
    expect(await other.exclusive(LEASES.housekeeping, async () => 'after')).toEqual({ ran: true, value: 'after' });
  });

  it('a failing run lets go of its lease', async () => {
    await expect(t.db.exclusive(LEASES.housekeeping, () => Promise.reject(new Error('disk on fire')))).rejects.toThrow(
      'disk on fire',
    );
    expect(await other.exclusive(LEASES.housekeeping, async () => 'free')).toEqual({ ran: true, value: 'free' });
  });

  it('two sweeps at once on two instances generate each occurrence once', async () => {
    const ids = await seed(4, 3);
    const later = new Date(Date.now() + 3 * 86_400_000);
    const [a, b] = await Promise.all([
      runRecurringSweepOnce({ database: t.db, db: t.db.db }, later),
      runRecurringSweepOnce({ database: other, db: other.db }, later),
    ]);
    const generated = (a?.generated ?? 0) + (b?.generated ?? 0);
    // Items start tomorrow; three days on, each has 3 occurrences (tomorrow … today + 3).
    expect(generated).toBe(ids.length * 3);
    if (t.db.kind === 'postgres') expect([a, b].filter((r) => r === null).length).toBeLessThanOrEqual(1);
    expect(await occurrences(ids)).toEqual({ n: ids.length * 3, distinct_n: ids.length * 3 });
  });

  it('even without the lease, two sweeps at once generate each occurrence once (row locks)', async () => {
    const ids = await seed(3, 3);
    const later = new Date(Date.now() + 4 * 86_400_000);
    const before = await generatedCount();
    const results = await Promise.all([runRecurringSweep(t.db.db, later), runRecurringSweep(other.db, later)]);
    // Each generated row was counted by exactly one of the two (the earlier test's items gain a day too).
    expect(results.reduce((sum, r) => sum + r.generated, 0)).toBe((await generatedCount()) - before);
    expect(results.every((r) => r.failed === 0)).toBe(true);
    expect(await occurrences(ids)).toEqual({ n: ids.length * 4, distinct_n: ids.length * 4 });
  });
});
