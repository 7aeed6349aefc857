/**
 * Migrations are generated (DESIGN §13): on a migrated tree `drizzle-kit generate` finds nothing
 * to write, because the newest snapshot in migrations/meta describes schema.ts exactly; and that
 * snapshot describes what the committed migrations really create. Together: schema.ts, the
 * snapshot and the migrated database agree. Trigger and function SQL lives in custom migrations
 * (`drizzle-kit generate --custom`), which drizzle-kit does not diff.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { type DrizzleSnapshotJSON, generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { afterAll, describe, expect, it } from 'vitest';
import drizzleConfig from '../../drizzle.config.js';
import { SERVER_ROOT } from '../paths.js';
import { type TestDatabase, createTestDatabase } from '../../test/test-db.js';
import { MIGRATIONS_DIR } from './client.js';

/** drizzle-kit's command line (its package exports only its API: found beside it, as npx would). */
const kitDir = dirname(createRequire(import.meta.url).resolve('drizzle-kit/api'));
const kitBin = (JSON.parse(readFileSync(join(kitDir, 'package.json'), 'utf8')) as { bin: Record<string, string> }).bin[
  'drizzle-kit'
]!;
const DRIZZLE_KIT = join(kitDir, kitBin);
const work = mkdtempSync(join(tmpdir(), 'ledgerly-generate-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Every file under `dir` with its contents. */
function filesOf(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const path = join(entry.parentPath, entry.name);
        return [path.slice(dir.length + 1), readFileSync(path, 'utf8')];
      }),
  );
}

/**
 * Runs `drizzle-kit generate` with the project's settings (drizzle.config.ts) on a copy of
 * `migrations` in a folder of its own (drizzle-kit takes `--out` relative to its working
 * directory), never on the repository's.
 */
function generateInCopy(name: string, prepare: (copy: string) => void = () => {}) {
  const cwd = join(work, name);
  const copy = join(cwd, 'migrations');
  cpSync(MIGRATIONS_DIR, copy, { recursive: true });
  prepare(copy);
  const before = filesOf(copy);
  const run = spawnSync(
    process.execPath,
    [
      DRIZZLE_KIT,
      'generate',
      '--dialect',
      drizzleConfig.dialect,
      '--schema',
      resolve(SERVER_ROOT, drizzleConfig.schema as string),
      '--out',
      './migrations',
    ],
    { cwd, encoding: 'utf8', timeout: 60_000 },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}`, before, after: filesOf(copy) };
}

describe('generated migrations', () => {
  it('the project generates into apps/server/migrations, the folder the server migrates from', () => {
    expect(resolve(SERVER_ROOT, drizzleConfig.out as string)).toBe(resolve(MIGRATIONS_DIR));
  });

  it('drizzle-kit generate on the migrated tree writes nothing', () => {
    const run = generateInCopy('as-committed');
    expect(run.output).toContain('No schema changes');
    expect(run.status).toBe(0);
    expect(run.after).toEqual(run.before);
  }, 90_000);

  it('the check notices a schema the newest snapshot does not describe', () => {
    // Without the snapshots after 0002, drizzle-kit diffs against the schema of 0002 and writes
    // a migration: what the check above would see had schema.ts changed without a migration.
    const run = generateInCopy('stale-snapshot', (copy) => {
      for (const file of readdirSync(join(copy, 'meta'))) {
        if (/^\d{4}_snapshot\.json$/.test(file) && file > '0002') rmSync(join(copy, 'meta', file));
      }
    });
    expect(run.status).toBe(0);
    const added = Object.keys(run.after).filter((file) => !(file in run.before));
    expect(added.some((file) => file.endsWith('.sql'))).toBe(true);
  }, 90_000);
});

/** Tables' columns, constraints and indexes as PostgreSQL itself prints them (normalised). */
const CATALOG = sql`
  select 'column ' || c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
    || case when a.attnotnull then ' not null' else '' end
    || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '') as item
  from pg_attribute a
  join pg_class c on c.oid = a.attrelid
  join pg_namespace n on n.oid = c.relnamespace
  left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
  where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
  union all
  select 'constraint ' || c.relname || ' ' || k.conname || ' ' || pg_get_constraintdef(k.oid)
  from pg_constraint k
  join pg_class c on c.oid = k.conrelid
  join pg_namespace n on n.oid = c.relnamespace
  -- Constraint triggers (the split lines' check, 0027) are custom SQL: the next test lists them.
  where n.nspname = 'public' and k.contype <> 't'
  union all
  select 'index ' || indexdef from pg_indexes where schemaname = 'public'
  order by 1`;

const catalog = async (database: TestDatabase) => {
  const result = await database.db.execute<{ item: string }>(CATALOG);
  return (result as { rows: { item: string }[] }).rows.map((r) => r.item);
};

/** The newest snapshot in migrations/meta: the one drizzle-kit diffs schema.ts against. */
function newestSnapshot(): DrizzleSnapshotJSON {
  const files = readdirSync(join(MIGRATIONS_DIR, 'meta'))
    .filter((file) => file.endsWith('_snapshot.json'))
    .sort();
  return JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', files.at(-1)!), 'utf8')) as DrizzleSnapshotJSON;
}

describe('the migrated database', () => {
  const databases: TestDatabase[] = [];
  afterAll(async () => {
    for (const database of databases) await database.destroy();
  });

  it('has exactly the tables, columns, constraints and indexes the newest snapshot describes', async () => {
    const migrated = await createTestDatabase();
    databases.push(migrated);
    // The ideal: the snapshot created from nothing, as drizzle-kit would write it in one go.
    const ideal = await createTestDatabase({ migrated: false });
    databases.push(ideal);
    const statements = await generateMigration(generateDrizzleJson({}), newestSnapshot());
    await ideal.db.execute(sql`create extension if not exists pg_trgm`); // the trigram index's (0007)
    for (const statement of statements) await ideal.db.execute(sql.raw(statement));

    const [have, want] = [await catalog(migrated), await catalog(ideal)];
    expect(want.length).toBeGreaterThan(150); // the comparison sees the whole schema
    expect(have).toEqual(want);
  }, 180_000); // a PGlite made from nothing (no template) takes a while on a busy machine

  it('keeps the rollups’ triggers and functions (custom migrations 0003, then 0015 with accounts and balances, 0025 with the tag limits, 0027 with split lines, 0031 with the tag links’ amounts) and none of the change notifications (0012, dropped by 0013)', async () => {
    const migrated = await createTestDatabase();
    databases.push(migrated);
    const names = async (query: ReturnType<typeof sql>) =>
      ((await migrated.db.execute(query)) as { rows: { name: string }[] }).rows.map((r) => r.name);
    expect(
      await names(sql`select c.relname || '.' || t.tgname as name from pg_trigger t
        join pg_class c on c.oid = t.tgrelid where not t.tgisinternal order by 1`),
    ).toEqual([
      'recurring_tags.recurring_tags_max',
      'transaction_lines.transaction_lines_totals_delete',
      'transaction_lines.transaction_lines_totals_insert',
      'transaction_lines.transaction_lines_totals_update',
      'transaction_lines.transaction_lines_verify',
      'transaction_tags.transaction_tags_fill',
      'transaction_tags.transaction_tags_max',
      'transactions.transactions_lines_verify_insert',
      'transactions.transactions_lines_verify_update',
      'transactions.transactions_tags_refill',
      'transactions.transactions_totals_delete',
      'transactions.transactions_totals_insert',
      'transactions.transactions_totals_truncate',
      'transactions.transactions_totals_update',
    ]);
    expect(
      await names(sql`select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' -- pg_trgm's are the extension's
          and not exists (select from pg_depend d where d.objid = p.oid and d.deptype = 'e')
        order by 1`),
    ).toEqual([
      'account_balances_add',
      'recurring_tags_max',
      'transaction_lines_totals_on_delete',
      'transaction_lines_totals_on_insert',
      'transaction_lines_totals_on_update',
      'transaction_lines_verify',
      'transaction_lines_verify_row',
      'transaction_tags_fill',
      'transaction_tags_max',
      'transaction_totals_add',
      'transactions_tags_refill',
      'transactions_totals_on_delete',
      'transactions_totals_on_insert',
      'transactions_totals_on_truncate',
      'transactions_totals_on_update',
    ]);
  });
});
