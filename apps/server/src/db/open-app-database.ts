import { join } from 'node:path';
import type { Config } from '../config.js';
import { type Database, migrate, openDatabase } from './client.js';
import { type DataDirLock, type PreparedDataDir, lockDataDir, prepareDataDir, tightenModes } from './data-dir.js';

/** The app's database, open and migrated, with what start-up did to DATA_DIR. */
export interface AppDatabase {
  database: Database;
  prepared: PreparedDataDir;
  /** PGlite's folder lock (none with PostgreSQL). */
  lock: DataDirLock | null;
}

/**
 * Makes DATA_DIR owner-only, locks PGlite's folder to this process (docs/operations.md), opens the
 * database and applies the migrations. Light on imports on purpose: main.ts starts it before it
 * loads the rest of the app, so PGlite compiles its WebAssembly while the app's modules load.
 */
export async function openAppDatabase(config: Config): Promise<AppDatabase> {
  const prepared = prepareDataDir(config.dataDir);
  const lock = config.databaseUrl ? null : lockDataDir(config.dataDir);
  try {
    const database = await openDatabase({
      url: config.databaseUrl,
      dataDir: join(config.dataDir, 'db'),
      timeouts: config.dbTimeouts,
    });
    try {
      await migrate(database);
    } catch (error) {
      await database.close().catch(() => undefined);
      throw error;
    }
    // A new PGlite database is written 0666 by PGlite itself: owner-only again (not logged).
    tightenModes(config.dataDir);
    return { database, prepared, lock };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
