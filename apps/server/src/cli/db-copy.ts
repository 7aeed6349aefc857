/**
 * `npm run db:copy -- --to postgres://… [--data-dir DIR]`: copies the PGlite instance in
 * DIR/db (default: DATA_DIR, else ./data) into an empty PostgreSQL database, checks it, and says
 * what to change in the configuration. See docs/operations.md ("Moving to PostgreSQL").
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type Database, migrate, openDatabase } from '../db/client.js';
import { CopyError, copyDatabase } from '../db/copy.js';
import { lockDataDir } from '../db/data-dir.js';

const USAGE = 'Usage: npm run db:copy -- --to postgres://user:password@host:5432/dbname [--data-dir DIR]';

/** The URL without its password, for printing. */
function masked(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: { to: { type: 'string' }, 'data-dir': { type: 'string' }, help: { type: 'boolean' } },
      strict: true,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const to = values.to;
  if (!to || !/^postgres(ql)?:\/\//.test(to)) {
    console.error(`--to must be a postgres:// URL of an empty database.\n${USAGE}`);
    return 2;
  }
  const dataDir = resolve(values['data-dir'] ?? process.env.DATA_DIR ?? './data');
  if (!existsSync(join(dataDir, 'db', 'PG_VERSION'))) {
    console.error(`No PGlite database in ${join(dataDir, 'db')} (give the data folder with --data-dir).`);
    return 2;
  }
  // The server must be stopped: the copy must see every acknowledged write, and nothing after it.
  const lock = lockDataDir(dataDir);
  let source: Database | null = null;
  let target: Database | null = null;
  try {
    source = await openDatabase({ dataDir: join(dataDir, 'db') });
    target = await openDatabase({ url: to, dataDir: 'memory' });
    console.log(`Copying ${join(dataDir, 'db')} (PGlite) → ${masked(to)}`);
    // Both at the current schema: the source as the server would at start, the target from empty.
    await migrate(source);
    await migrate(target);
    const started = Date.now();
    let last = 0;
    const report = await copyDatabase(source, target, (table, rows) => {
      if (Date.now() - last > 2000) {
        last = Date.now();
        console.log(`  ${table}: ${rows} rows…`);
      }
    });
    console.log(`\nCopied ${report.copiedRows} rows in ${((Date.now() - started) / 1000).toFixed(1)} s, checked:\n`);
    const width = Math.max(...report.tables.map((t) => t.table.length));
    for (const t of report.tables) {
      const sums = Object.entries(t.sums)
        .map(([column, sum]) => `${column} ${sum}`)
        .join(', ');
      const note = t.copied ? '' : '  (built by triggers)';
      console.log(
        `  ${t.table.padEnd(width)}  ${String(t.rows).padStart(8)} rows${sums ? `  sum ${sums}` : ''}${note}`,
      );
    }
    console.log(`
Row counts and sums match the source. Now, to run on PostgreSQL:
  1. Stop using ${dataDir}/db (keep it as a backup).
  2. Set DATABASE_URL=${masked(to)}${new URL(to).password ? ' (with its password)' : ''}.
  3. Keep APP_SECRET: ${process.env.APP_SECRET ? 'the same value as now' : `unset, it is read from ${join(dataDir, 'secret')}: keep DATA_DIR, or set APP_SECRET to that file's content`}.
  4. Receipts were not copied: keep ${join(dataDir, 'receipts')} (same DATA_DIR) or the same STORAGE_URL.`);
    return 0;
  } catch (error) {
    if (error instanceof CopyError) {
      console.error(`\n${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await source?.close().catch(() => undefined);
    await target?.close().catch(() => undefined);
    lock.release();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('db:copy failed:', error instanceof Error ? error.message.split('\n')[0] : error);
    process.exit(1);
  },
);
