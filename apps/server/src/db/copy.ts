/**
 * Copies a whole PGlite instance into an empty PostgreSQL database (`npm run db:copy`, DESIGN
 * §9): every table of every user, in one transaction on the target, then checks row counts and
 * the sums of every numeric column per table before it commits. Receipts are files (or objects)
 * and are not touched. The rollup totals and the accounts' daily and monthly balances are not copied: the
 * target's triggers build them from the copied transactions, and the check compares them with the
 * source's.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Db } from './client.js';

/** Built by triggers on `transactions` (docs/performance.md): checked, never copied. */
export const BUILT_BY_TRIGGERS = [
  'transaction_daily_totals',
  'transaction_monthly_totals',
  'account_daily_balances',
  'account_monthly_balances',
];
/** Short-lived counters with nothing worth keeping. */
const NOT_COPIED = ['rate_limits'];
/** Rows read from the source at a time. */
const BATCH_ROWS = 1000;
/** PostgreSQL takes at most 65,535 parameters in one statement. */
const MAX_PARAMS = 60_000;

export interface TableCheck {
  table: string;
  rows: number;
  /** Sum of every numeric column, as exact decimal text, by column. */
  sums: Record<string, string>;
  copied: boolean;
}

export class CopyError extends Error {}

type Runner = Pick<Db, 'execute'>;

async function rows<T>(db: Runner, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

interface Column {
  name: string;
  numeric: boolean;
}

/** The base tables of the public schema with their columns (from the target, which is migrated). */
async function tablesOf(db: Runner): Promise<Map<string, Column[]>> {
  const list = await rows<{ table_name: string; column_name: string; data_type: string; is_generated: string }>(
    db,
    sql`select c.table_name, c.column_name, c.data_type, c.is_generated
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        order by c.table_name, c.ordinal_position`,
  );
  const tables = new Map<string, Column[]>();
  for (const c of list) {
    if (c.is_generated === 'ALWAYS') continue;
    const columns = tables.get(c.table_name) ?? [];
    columns.push({ name: c.column_name, numeric: ['smallint', 'integer', 'bigint', 'numeric'].includes(c.data_type) });
    tables.set(c.table_name, columns);
  }
  return tables;
}

/** Tables ordered so that every table comes after the tables its foreign keys point at. */
async function dependencyOrder(db: Runner, tables: string[]): Promise<string[]> {
  const edges = await rows<{ child: string; parent: string }>(
    db,
    sql`select c.relname as child, p.relname as parent
        from pg_constraint k
        join pg_class c on c.oid = k.conrelid
        join pg_class p on p.oid = k.confrelid
        join pg_namespace n on n.oid = c.relnamespace
        where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid`,
  );
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const e of edges) if (e.child === table && tables.includes(e.parent)) visit(e.parent);
    visiting.delete(table);
    ordered.push(table);
  };
  for (const table of [...tables].sort()) visit(table);
  return ordered;
}

async function check(db: Runner, table: string, columns: Column[], copied: boolean): Promise<TableCheck> {
  const numeric = columns.filter((c) => c.numeric);
  const parts = [
    sql`count(*)::text as "rows"`,
    ...numeric.map((c) => sql`coalesce(sum(${sql.identifier(c.name)}), 0)::text as ${sql.identifier(`sum_${c.name}`)}`),
  ];
  const [row] = await rows<Record<string, string>>(
    db,
    sql`select ${sql.join(parts, sql`, `)} from ${sql.identifier(table)}`,
  );
  return {
    table,
    rows: Number(row!.rows),
    sums: Object.fromEntries(numeric.map((c) => [c.name, row![`sum_${c.name}`]!])),
    copied,
  };
}

export interface CopyReport {
  tables: TableCheck[];
  /** Rows copied in all. */
  copiedRows: number;
}

/**
 * Copies `source` (PGlite, migrated) into `target` (PostgreSQL, migrated, empty) in one target
 * transaction; throws CopyError (and commits nothing) if the target holds data or a check fails.
 */
export async function copyDatabase(
  source: Database,
  target: Database,
  progress: (table: string, rows: number) => void = () => {},
): Promise<CopyReport> {
  const tables = await tablesOf(target.db);
  const sourceTables = await tablesOf(source.db);
  const missing = [...tables.keys()].filter((t) => !sourceTables.has(t));
  if (missing.length) throw new CopyError(`The source lacks tables the target has: ${missing.join(', ')}`);
  const names = [...tables.keys()].filter((t) => !NOT_COPIED.includes(t));
  const toCopy = await dependencyOrder(
    target.db,
    names.filter((t) => !BUILT_BY_TRIGGERS.includes(t)),
  );

  return target.db.transaction(async (tx) => {
    // Everything is text on the wire: no value changes on its way (times in UTC on both sides).
    await tx.execute(sql`set local timezone = 'UTC'`);
    const filled: string[] = [];
    for (const table of names) {
      const [row] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from ${sql.identifier(table)}`);
      if (row!.n > 0) filled.push(`${table} (${row!.n} rows)`);
    }
    if (filled.length) {
      throw new CopyError(
        `The target database is not empty: ${filled.join(', ')}. db:copy only copies into an empty ` +
          'database: create a new one (createdb ledgerly_new) and give its URL to --to.',
      );
    }

    let copiedRows = 0;
    for (const table of toCopy) {
      const columns = tables.get(table)!;
      const list = sql.join(
        columns.map((c) => sql.identifier(c.name)),
        sql`, `,
      );
      const perInsert = Math.max(1, Math.min(BATCH_ROWS, Math.floor(MAX_PARAMS / columns.length)));
      let done = 0;
      // Read in pages with a cursor (one source transaction), write in multi-row inserts.
      await source.db.transaction(async (src) => {
        await src.execute(sql`set local timezone = 'UTC'`);
        const select = sql.join(
          columns.map((c) => sql`${sql.identifier(c.name)}::text`),
          sql`, `,
        );
        await src.execute(sql`declare copy_cursor no scroll cursor for select ${select} from ${sql.identifier(table)}`);
        for (;;) {
          const page = await rows<Record<string, string | null>>(
            src,
            sql.raw(`fetch forward ${perInsert} from copy_cursor`),
          );
          if (!page.length) break;
          const values = page.map(
            (r) =>
              sql`(${sql.join(
                columns.map((c) => sql`${r[c.name] ?? null}`),
                sql`, `,
              )})`,
          );
          await tx.execute(sql`insert into ${sql.identifier(table)} (${list}) values ${sql.join(values, sql`, `)}`);
          done += page.length;
          progress(table, done);
        }
        await src.execute(sql`close copy_cursor`);
      });
      copiedRows += done;
    }

    // The checks, inside the transaction: a mismatch rolls everything back.
    const report: TableCheck[] = [];
    const problems: string[] = [];
    for (const table of names.sort()) {
      const columns = tables.get(table)!;
      const copied = !BUILT_BY_TRIGGERS.includes(table);
      const [from, to] = [await check(source.db, table, columns, copied), await check(tx, table, columns, copied)];
      if (from.rows !== to.rows) problems.push(`${table}: ${from.rows} rows in the source, ${to.rows} copied`);
      for (const [column, sum] of Object.entries(from.sums)) {
        if (to.sums[column] !== sum)
          problems.push(`${table}.${column}: sum ${sum} in the source, ${to.sums[column] ?? 'none'} copied`);
      }
      report.push(to);
    }
    if (problems.length)
      throw new CopyError(`The copy does not match its source; nothing was kept:\n  ${problems.join('\n  ')}`);
    return { tables: report, copiedRows };
  });
}
