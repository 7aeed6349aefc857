import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobContext } from '../app-context.js';
import { type Db, LEASES } from '../db/client.js';
import { users } from '../db/schema.js';
import { registerUser, useTestApp } from '../../test/build-test-app.js';
import { createCategory } from '../../test/factories.js';
import { type RecurringSeed, createRecurring, generatedRows } from '../../test/recurring-helpers.js';
import { loggerOptions } from '../plugins/logging.js';
import { SWEEP_INTERVAL_MS, runRecurringSweep, startRecurringSweep } from './recurring-sweep.js';

const t = useTestApp();
const NOW = new Date('2026-03-10T12:00:00Z'); // 03-10 in UTC and Los Angeles, 03-11 in Kiritimati

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function userWith(timezone: string, seeds: Omit<RecurringSeed, 'categoryId'>[]) {
  const { token, user } = await registerUser(t, { timezone });
  const cat = await createCategory(t, token);
  const items = [];
  for (const seed of seeds) items.push(await createRecurring(t, token, { categoryId: cat.id, ...seed }));
  return { token, userId: user.id, items };
}

const dates = async (userId: string, recurringId?: string) =>
  (await generatedRows(t, userId, recurringId)).map((r) => r.occurrenceDate);

describe('runRecurringSweep', () => {
  it("generates every user's due occurrences, each in the user's own today, once", async () => {
    const kiri = await userWith('Pacific/Kiritimati', [{ frequency: 'daily', startDate: '2026-03-11' }]);
    const utc = await userWith('UTC', [
      { frequency: 'daily', startDate: '2026-03-11' },
      { frequency: 'monthly', startDate: '2026-01-31' },
      { frequency: 'daily', startDate: '2026-03-01', isActive: false },
      { frequency: 'daily', startDate: '2026-03-01', endDate: '2026-03-02' },
    ]);
    const la = await userWith('America/Los_Angeles', [{ frequency: 'weekly', startDate: '2026-03-03' }]);

    const first = await runRecurringSweep(t.db.db, NOW);
    expect(first).toMatchObject({ generated: 1 + 2 + 2 + 2, failed: 0 });
    expect(await dates(kiri.userId)).toEqual(['2026-03-11']);
    expect(await dates(utc.userId, utc.items[0]!.id)).toEqual([]);
    expect(await dates(utc.userId, utc.items[1]!.id)).toEqual(['2026-01-31', '2026-02-28']);
    expect(await dates(utc.userId, utc.items[2]!.id)).toEqual([]);
    expect(await dates(utc.userId, utc.items[3]!.id)).toEqual(['2026-03-01', '2026-03-02']);
    expect(await dates(la.userId)).toEqual(['2026-03-03', '2026-03-10']);

    const list = (await t.request({ method: 'GET', url: '/api/recurring', token: utc.token })).json().data;
    expect(list.find((r: { id: string }) => r.id === utc.items[3]!.id)).toMatchObject({ nextDate: null });
    expect(list.find((r: { id: string }) => r.id === utc.items[1]!.id)).toMatchObject({
      nextDate: '2026-03-31',
      lastGenerated: '2026-02-28',
    });

    const second = await runRecurringSweep(t.db.db, NOW);
    expect(second.generated).toBe(0);
    // A day later the daily items move on by one each, in each user's time zone.
    const tomorrow = new Date(NOW.getTime() + 86_400_000);
    expect((await runRecurringSweep(t.db.db, tomorrow)).generated).toBeGreaterThanOrEqual(2);
    expect(await dates(kiri.userId)).toEqual(['2026-03-11', '2026-03-12']);
    expect(await dates(utc.userId, utc.items[0]!.id)).toEqual(['2026-03-11']);
  });

  it('pages through any number of due items', async () => {
    const many = await userWith(
      'UTC',
      Array.from({ length: 7 }, () => ({ frequency: 'daily' as const, startDate: '2026-03-09' })),
    );
    const result = await runRecurringSweep(t.db.db, NOW, { pageSize: 2 });
    expect(result.failed).toBe(0);
    expect((await dates(many.userId)).length).toBe(14);
  });

  it('reports a failing item and carries on with the others', async () => {
    const broken = await userWith('UTC', [{ frequency: 'daily', startDate: '2026-03-10' }]);
    await t.db.db.update(users).set({ timezone: 'Mars/Olympus_Mons' }).where(eq(users.id, broken.userId));
    const fine = await userWith('UTC', [{ frequency: 'daily', startDate: '2026-03-10' }]);
    const failures: string[] = [];
    const result = await runRecurringSweep(t.db.db, NOW, { onError: (_e, id) => failures.push(id) });
    expect(failures).toEqual([broken.items[0]!.id]);
    expect(result.failed).toBe(1);
    expect(await dates(fine.userId)).toEqual(['2026-03-10']);
    expect(await dates(broken.userId)).toEqual([]);
    await t.db.db.update(users).set({ timezone: 'UTC' }).where(eq(users.id, broken.userId));
  });
});

describe('startRecurringSweep', () => {
  const ctx = (): JobContext => ({ config: t.config, database: t.db, db: t.db.db, log: t.app.log });
  /** The app's own logger (same options and serializers as a running server), writing into `lines`. */
  const capturing = (lines: string[]) =>
    Fastify({ logger: loggerOptions({ ...t.config, logLevel: 'info' }, { write: (l) => void lines.push(l) }) }).log;

  it('runs at start-up, then every hour on a timer that does not hold the process open', async () => {
    const user = await userWith('UTC', [{ frequency: 'daily', startDate: '2026-03-08' }]);
    const setIntervalSpy = vi.spyOn(globalThis, 'setInterval');
    const stop = startRecurringSweep(ctx());
    expect(setIntervalSpy).toHaveBeenCalledWith(expect.any(Function), SWEEP_INTERVAL_MS);
    const timer = setIntervalSpy.mock.results[0]!.value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    await vi.waitFor(async () => expect(await dates(user.userId)).toHaveLength(3), { timeout: 20_000 });
    stop();
    // The run may still hold its lease (PostgreSQL) a moment after its rows are visible: the
    // next test's first run must not find it taken and leave the work to "another instance".
    await vi.waitFor(async () =>
      expect(await t.db.exclusive(LEASES.recurringSweep, async () => true)).toEqual({ ran: true, value: true }),
    );
  });

  it('logs errors instead of throwing them', async () => {
    const failing = {
      select: () => {
        throw new Error('database exploded');
      },
    } as unknown as Db;
    const lines: string[] = [];
    const stop = startRecurringSweep({ ...ctx(), db: failing, log: capturing(lines) });
    await vi.waitFor(() => expect(lines.join('')).toContain('recurring sweep failed'));
    expect(lines.join('')).toContain('database exploded');
    stop();
  });

  it("a job's failed query is logged through the app's logger without the query's values", async () => {
    const secret = 'Secret rent 4711 for Ada';
    const user = await userWith('UTC', [{ frequency: 'daily', startDate: '2026-03-09', description: secret }]);
    // The database itself refuses the generated row, so the real insert fails inside the job.
    await t.db.db.execute(
      sql.raw(
        `alter table transactions add constraint test_refuse_secret check (description is distinct from '${secret}')`,
      ),
    );
    try {
      const lines: string[] = [];
      const stop = startRecurringSweep({ ...ctx(), log: capturing(lines) });
      await vi.waitFor(() => expect(lines.join('')).toContain('recurring sweep: item failed'), { timeout: 20_000 });
      stop();
      const log = lines.join('');
      expect(log).toContain('Failed query'); // the failure is explained…
      expect(log).toContain('23514'); // …with the database's code (check violation)…
      expect(log).toContain(user.items[0]!.id);
      expect(log).not.toContain('Secret rent'); // …but no bound value or description
      expect(log).not.toContain('params:');
      for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
    } finally {
      await t.db.db.execute(sql.raw('alter table transactions drop constraint test_refuse_secret'));
    }
    expect(await dates(user.userId)).toEqual([]);
  });
});
