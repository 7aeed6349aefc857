import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Database, MIGRATIONS_DIR, migrate, openDatabase } from '../src/db/client.js';

/** The PostgreSQL server to test against, if any; PGlite otherwise. */
export const TEST_PG_URL = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;

export interface TestDatabase extends Database {
  /** PostgreSQL only: the test database's URL (to open a second pool on it, as another instance would). */
  url?: string;
  /** Closes and, on PostgreSQL, drops the database. */
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated, empty database of its own: in-memory PGlite, or a new PostgreSQL database.
 * `{ migrated: false }` leaves it without any migration (not even drizzle's table).
 */
export async function createTestDatabase({ migrated = true } = {}): Promise<TestDatabase> {
  if (!TEST_PG_URL) {
    const database = await openDatabase({
      dataDir: 'memory',
      ...(migrated ? { loadDataDir: await pgliteTemplate() } : {}),
    });
    if (migrated) await migrate(database);
    return { ...database, destroy: () => database.close() };
  }
  const name = `ledgerly_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: 'memory' });
  if (migrated) await migrate(database);
  return {
    ...database,
    url: url.toString(),
    destroy: async () => {
      await database.close();
      const a = new pg.Client({ connectionString: TEST_PG_URL });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/**
 * A freshly migrated, empty PGlite data directory, dumped once and kept in the temp directory
 * (keyed by the migrations' contents). Starting from it skips PGlite's initdb for every test
 * file; `migrate` still runs and finds nothing to do.
 */
async function pgliteTemplate(): Promise<Blob> {
  const hash = createHash('sha256');
  for (const f of readdirSync(MIGRATIONS_DIR, { recursive: true }).map(String).sort()) {
    if (f.endsWith('.sql') || f.endsWith('.json')) hash.update(f).update(readFileSync(join(MIGRATIONS_DIR, f)));
  }
  const file = join(tmpdir(), `ledgerly-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const database = await openDatabase({ dataDir: 'memory' });
  await migrate(database);
  const blob = await database.dump!();
  await database.close();
  // Written under a unique name, then renamed: workers racing here each leave a whole file.
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
  renameSync(tmp, file);
  return blob;
}
