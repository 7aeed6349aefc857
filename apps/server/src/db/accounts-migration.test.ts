/**
 * Migrations 0014 and 0015 on a database with rows (DESIGN §10): every existing user gets one
 * default "Main account" in their currency, every transaction, recurring item and import batch
 * points at it, and the rollups and the new daily balances equal a recomputation from the rows.
 * The rows are written with plain SQL as the schema of migration 0013 had them (the ledger's
 * writer speaks the new schema), so this file is exempt from the one-writer scan.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type TestDatabase, createTestDatabase } from '../../test/test-db.js';
import { MIGRATIONS_DIR, type Database } from './client.js';

const work = mkdtempSync(join(tmpdir(), 'ledgerly-accounts-migration-'));
const databases: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(databases.map((d) => d.destroy()));
  rmSync(work, { recursive: true, force: true });
});

/** A copy of the migrations folder that stops after migration `last`. */
function migrationsUpTo(last: number): string {
  const dir = join(work, `upto-${last}`);
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

async function migrateWith(database: Database, folder: string): Promise<void> {
  if (database.kind === 'postgres') {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(database.db as never, { migrationsFolder: folder });
  } else {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder: folder });
  }
}

const rows = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as { rows: T[] }).rows;

describe('migrating a database with rows to accounts (0014, 0015)', () => {
  it('gives each user a default Main account holding all their rows; totals and balances equal a recomputation', async () => {
    const database = await createTestDatabase({ migrated: false });
    databases.push(database);
    await migrateWith(database, migrationsUpTo(13));
    const db = database.db;
    await db.execute(sql`insert into users (id, email, password_hash, currency) values
      ('00000000-0000-4000-8000-000000000001', 'a@example.com', 'x', 'EUR'),
      ('00000000-0000-4000-8000-000000000002', 'b@example.com', 'x', 'USD'),
      ('00000000-0000-4000-8000-000000000003', 'c@example.com', 'x', 'GBP')`);
    await db.execute(sql`insert into categories (id, user_id, name, type, color, icon) values
      ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-000000000001', 'Food', 'expense', '#ef4444', 'x'),
      ('00000000-0000-4000-8000-0000000000a2', '00000000-0000-4000-8000-000000000001', 'Pay', 'income', '#22c55e', 'x'),
      ('00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-000000000002', 'Rent', 'expense', '#ef4444', 'x')`);
    // 300 rows over a year for two users (the third has none).
    await db.execute(sql`insert into transactions (user_id, category_id, type, amount_cents, date)
      select case when g % 3 = 0 then '00000000-0000-4000-8000-000000000002'::uuid else '00000000-0000-4000-8000-000000000001'::uuid end,
             case when g % 3 = 0 then '00000000-0000-4000-8000-0000000000b1'::uuid
                  when g % 3 = 1 then '00000000-0000-4000-8000-0000000000a1'::uuid
                  else '00000000-0000-4000-8000-0000000000a2'::uuid end,
             case when g % 3 = 2 then 'income' else 'expense' end,
             100 + (g * 37) % 10000,
             date '2025-01-01' + (g % 365)
      from generate_series(1, 300) as g`);
    await db.execute(sql`insert into recurring_transactions (user_id, category_id, type, amount_cents, description, frequency, start_date, next_date)
      values ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-0000000000a1', 'expense', 500, 'Gym', 'monthly', '2025-01-01', '2025-02-01')`);
    await db.execute(sql`insert into import_batches (user_id, file_name, format, options, summary)
      values ('00000000-0000-4000-8000-000000000002', 'a.csv', 'csv', '{}', '{}')`);

    await migrateWith(database, MIGRATIONS_DIR);

    const accounts = await rows<{ user_id: string; name: string; kind: string; currency: string; is_default: boolean }>(
      database,
      sql`select user_id, name, kind, currency, is_default from accounts order by user_id`,
    );
    expect(accounts).toEqual([
      {
        user_id: '00000000-0000-4000-8000-000000000001',
        name: 'Main account',
        kind: 'checking',
        currency: 'EUR',
        is_default: true,
      },
      {
        user_id: '00000000-0000-4000-8000-000000000002',
        name: 'Main account',
        kind: 'checking',
        currency: 'USD',
        is_default: true,
      },
      {
        user_id: '00000000-0000-4000-8000-000000000003',
        name: 'Main account',
        kind: 'checking',
        currency: 'GBP',
        is_default: true,
      },
    ]);
    const misplaced = await rows<{ n: number }>(
      database,
      sql`select (
          (select count(*) from transactions t join accounts a on a.id = t.account_id where a.user_id <> t.user_id)
        + (select count(*) from recurring_transactions r join accounts a on a.id = r.account_id where a.user_id <> r.user_id)
        + (select count(*) from import_batches b where b.account_id is null)
        + (select count(*) from transactions where kind <> 'regular' or status <> 'uncleared')
      )::int as n`,
    );
    expect(misplaced).toEqual([{ n: 0 }]);
    const totalsDiff = await rows<{ n: number }>(
      database,
      sql`select count(*)::int as n from (
        (select user_id, day, type, category_id, account_id, total_cents, tx_count from transaction_daily_totals
         except select user_id, date, type, category_id, account_id, sum(amount_cents), count(*) from transactions group by 1, 2, 3, 4, 5)
        union all
        (select user_id, date, type, category_id, account_id, sum(amount_cents), count(*) from transactions group by 1, 2, 3, 4, 5
         except select user_id, day, type, category_id, account_id, total_cents, tx_count from transaction_daily_totals)
      ) d`,
    );
    expect(totalsDiff).toEqual([{ n: 0 }]);
    const balances = await rows<{ account_id: string; total: string }>(
      database,
      sql`select b.account_id, sum(b.delta_cents)::text as total from account_daily_balances b group by 1
          except select t.account_id, sum(case t.type when 'income' then t.amount_cents else -t.amount_cents end)::text from transactions t group by 1`,
    );
    expect(balances).toEqual([]);
    const days = await rows<{ n: number }>(database, sql`select count(*)::int as n from account_daily_balances`);
    expect(days[0]!.n).toBeGreaterThan(200);
  }, 180_000);
});
