import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { PGLITE_SETTINGS, migrate, migrationsUpToDate, openDatabase } from './client.js';

const dir = mkdtempSync(join(tmpdir(), 'ledgerly-migrate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const rows = async (db: Awaited<ReturnType<typeof openDatabase>>['db'], query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as { rows: Record<string, unknown>[] }).rows;

describe('migrations on PGlite', () => {
  it('a restart on an up-to-date database skips the migrator; a missing migration is noticed', async () => {
    const database = await openDatabase({ dataDir: dir });
    try {
      expect(await migrationsUpToDate(database.db)).toBe(false); // no migrations table yet
      await migrate(database);
      expect(await migrationsUpToDate(database.db)).toBe(true);
      const applied = await rows(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      await migrate(database); // the fast path: nothing applied twice
      expect(await rows(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`)).toEqual(
        applied,
      );

      // As if the newest migration had not run yet: the check says so, so the migrator would run.
      await database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      expect(await migrationsUpToDate(database.db)).toBe(false);
    } finally {
      await database.close();
    }
  });

  it('runs with the small buffer cache (the idle-memory setting)', async () => {
    expect(PGLITE_SETTINGS).toContain('shared_buffers=8MB');
    const database = await openDatabase({ dataDir: 'memory' });
    try {
      expect(await rows(database.db, sql`select current_setting('shared_buffers') as v`)).toEqual([{ v: '8MB' }]);
      // pg_trgm still loads with the custom start parameters.
      await database.db.execute(sql`create extension if not exists pg_trgm`);
      expect(await rows(database.db, sql`select similarity('ledger', 'ledgerly') > 0.5 as ok`)).toEqual([{ ok: true }]);
    } finally {
      await database.close();
    }
  });
});
