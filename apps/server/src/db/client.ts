import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGliteOptions } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { SERVER_ROOT } from '../paths.js';
import { type Liveness, PgLiveness } from './liveness.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PGlite only: a dump of the data directory, to start other instances from. */
  dump?: () => Promise<Blob>;
  /** PostgreSQL only: the pool's connections (the metrics). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /**
   * PostgreSQL only: whether the server answers (db/liveness.ts). While it does not, work on it
   * fails at once and requests get 503 (plugins/db-guard.ts).
   */
  liveness?: Liveness;
  /** Throws if the database does not answer within `timeoutMs` (default 1 s). */
  ping(timeoutMs?: number): Promise<void>;
  /**
   * Runs `work` unless another instance is running work under the same lease (PostgreSQL: a
   * session advisory lock on a connection of its own, let go when `work` ends or the connection
   * drops). PGlite is one process's, so there it always runs.
   */
  exclusive<T>(lease: Lease, work: () => Promise<T>): Promise<Leased<T>>;
  close(): Promise<void>;
}

/** Work that one instance at a time does (the advisory lock's second key). */
export const LEASES = { recurringSweep: 1, housekeeping: 2 } as const;
export type Lease = (typeof LEASES)[keyof typeof LEASES];
export type Leased<T> = { ran: true; value: T } | { ran: false };
/** The advisory lock's first key for leases (migrations use 727274). */
const LEASE_CLASS = 727275;

export const MIGRATIONS_DIR = join(SERVER_ROOT, 'migrations');

// Same value types on both engines: int8/numeric as numbers (cents fit easily), dates as strings.
const toNumber = (v: string) => Number(v);
const asIs = (v: string) => v;
const PG_TYPES = { INT8: 20, NUMERIC: 1700, DATE: 1082 } as const;

/** How long to wait for PostgreSQL (config: DB_CONNECT_TIMEOUT_SECONDS, DB_STATEMENT_TIMEOUT_SECONDS). */
export interface DbTimeouts {
  /** To open a connection (TCP and start-up), pool.connect included. */
  connectMs: number;
  /** Server-side statement_timeout; the client gives up 5 s later if the server says nothing at all. */
  statementMs: number;
}

export const DEFAULT_DB_TIMEOUTS: DbTimeouts = { connectMs: 5_000, statementMs: 30_000 };

class PingTimeout extends Error {
  constructor(ms: number) {
    super(`The database did not answer within ${ms} ms`);
    this.name = 'PingTimeout';
  }
}

/** Rejects after `ms` unless `work` settles first; `onTimeout` cleans up what `work` holds. */
function within<T>(work: Promise<T>, ms: number, onTimeout: () => void = () => {}): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(new PingTimeout(ms));
    }, ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * PostgreSQL settings for the embedded database, on top of PGlite's own start parameters. The
 * buffer cache lives in PGlite's WebAssembly memory and is written in full at start-up, so its
 * size is resident memory from the first second: PostgreSQL's default 128 MB made most of an idle
 * server's 400 MB. 8 MB (1,024 pages) holds the hot pages of a personal ledger (rollups, indexes,
 * recent transactions); the rest is read through the operating system's file cache, which is
 * shared and can be given back. PGlite is a single backend, so `max_connections` only sizes
 * shared memory (lock and process tables) that nobody uses (docs/performance.md, "Start-up and
 * memory").
 */
export const PGLITE_SETTINGS = ['shared_buffers=8MB', 'max_connections=4'];

/** Opens PostgreSQL when `url` is given, else PGlite in `dataDir` (or in memory for 'memory'). */
export async function openDatabase(opts: {
  url?: string;
  timeouts?: DbTimeouts;
  /** A folder, or 'memory'. */
  dataDir: string;
  /** PGlite only: start from this dump of a data directory (see PGlite#dumpDataDir). */
  loadDataDir?: Blob;
}): Promise<Database> {
  // Only the engine in use is loaded: PGlite's or PostgreSQL's client, not both.
  if (opts.url) {
    const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
    ]);
    const timeouts = opts.timeouts ?? DEFAULT_DB_TIMEOUTS;
    // A frozen server is found out within about a second and fails work at once (db/liveness.ts).
    const liveness = new PgLiveness(pg, { connectionString: opts.url, keepAlive: true });
    const pool = new pg.Pool({
      Client: liveness.clientClass(),
      connectionString: opts.url,
      max: 10,
      // A server that is down or frozen must not hang requests: connecting, each statement
      // (server side), and, as a backstop when the server says nothing at all, the client's wait.
      connectionTimeoutMillis: timeouts.connectMs,
      statement_timeout: timeouts.statementMs,
      query_timeout: timeouts.statementMs + 5_000,
      idle_in_transaction_session_timeout: timeouts.statementMs + 5_000,
      keepAlive: true,
      types: {
        getTypeParser: ((oid: Parameters<typeof pg.types.getTypeParser>[0], format?: 'text' | 'binary') => {
          const { builtins } = pg.types;
          if (oid === builtins.INT8 || oid === builtins.NUMERIC) return toNumber;
          if (oid === builtins.DATE) return asIs;
          return pg.types.getTypeParser(oid, format) as (value: string) => unknown;
        }) as typeof pg.types.getTypeParser,
      },
    });
    // An idle client losing its connection must not crash the process.
    pool.on('error', () => {});
    liveness.attach(pool);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      liveness,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      // Its own pooled connection, dropped if it does not answer in time: a frozen server costs
      // no pool slot after the health check gives up.
      ping: async (timeoutMs = 1000) => {
        // Shared with the timeout callback, which may run while the connection is held.
        const state: { client: pg.PoolClient | undefined; gaveUp: boolean } = { client: undefined, gaveUp: false };
        const work = (async () => {
          const c = await pool.connect();
          if (state.gaveUp) {
            c.release(true);
            return;
          }
          state.client = c;
          try {
            await c.query('select 1');
            state.client = undefined;
            c.release();
          } catch (error) {
            state.client = undefined;
            c.release(true);
            throw error;
          }
        })();
        work.catch(() => {}); // settles after a timeout too
        await within(work, timeoutMs, () => {
          state.gaveUp = true;
          state.client?.release(true);
          state.client = undefined;
        });
      },
      exclusive: async (lease, work) => {
        const client = await pool.connect();
        // A connection that failed a lock query is dropped, not reused: that lets go of the lock.
        let broken = false;
        const query = (text: string) =>
          client.query<{ ok: boolean }>(text, [LEASE_CLASS, lease]).catch((error: unknown) => {
            broken = true;
            throw error;
          });
        try {
          if (!(await query('select pg_try_advisory_lock($1, $2) as ok')).rows[0]?.ok) return { ran: false };
          try {
            return { ran: true, value: await work() };
          } finally {
            await query('select pg_advisory_unlock($1, $2) as ok').catch(() => undefined);
          }
        } finally {
          client.release(broken);
        }
      },
      close: async () => {
        liveness.close();
        await pool.end();
      },
    };
  }
  if (opts.dataDir !== 'memory') mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ]);
  const options: PGliteOptions = {
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((s) => ['-c', s])],
    // Trigram index for the description search (migration 0007).
    extensions: { pg_trgm },
    parsers: {
      [PG_TYPES.INT8]: toNumber,
      [PG_TYPES.NUMERIC]: toNumber,
      [PG_TYPES.DATE]: asIs,
    },
  };
  // `new PGlite(undefined, options)` ignores the options: an in-memory database takes them alone.
  const client = opts.dataDir === 'memory' ? new PGlite(options) : new PGlite(opts.dataDir, options);
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // PGlite answers one query at a time: a long one ahead makes the health check give up.
    ping: async (timeoutMs = 1000) => {
      const work = client.query('select 1');
      work.catch(() => {});
      await within(work, timeoutMs);
    },
    exclusive: async (_lease, work) => ({ ran: true, value: await work() }),
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
  };
}

/** Applies the committed migrations; on PostgreSQL under an advisory lock so instances take turns. */
export async function migrate(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(727274)`);
      // Building an index on a big table may take longer than a request's statement.
      await tx.execute(sql`set local statement_timeout = 0`);
      const { migrate: migratePg } = await import('drizzle-orm/node-postgres/migrator');
      await migratePg(tx as never, { migrationsFolder: MIGRATIONS_DIR });
    });
    return;
  }
  if (await migrationsUpToDate(database.db)) return;
  const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
  await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
}

/**
 * Whether the database already has every committed migration: the journal's newest `when` is not
 * later than the newest `created_at` drizzle recorded (the very test drizzle's migrator makes
 * before applying anything). One read instead of the migrator's schema and table creation and
 * its reading of every SQL file, which on a cold PGlite cost a fifth of the start-up.
 */
export async function migrationsUpToDate(db: Db): Promise<boolean> {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const newest = Math.max(...journal.entries.map((e) => e.when));
  try {
    const result = await db.execute(sql`select max(created_at)::text as applied from drizzle.__drizzle_migrations`);
    const applied = (result as { rows: { applied: string | null }[] }).rows[0]?.applied;
    return applied !== null && applied !== undefined && Number(applied) >= newest;
  } catch {
    return false; // a new database: no migrations table yet
  }
}
