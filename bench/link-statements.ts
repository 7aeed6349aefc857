/**
 * Transfer matching after an import, statement by statement (docs/performance.md, "Transfer
 * matching, third pass"): on a database that bench/accounts.bench.ts seeded (PostgreSQL, kept
 * with its --db-name), the bench's 10,000-row statement (5,000 rows that are the other side of an
 * expense of another account a day earlier, 5,000 that match nothing) is matched both ways, each
 * in a database transaction that is rolled back, alternately, `--rounds` times:
 *
 * - `inserted` (before): the rows go into `transactions`, are paired, and both legs of each pair
 *   are updated by `linkPairs`;
 * - `staged` (now): the rows are staged, paired while staged, the linked ones go in as transfer
 *   legs (`linkStagedPairs`, only their partners updated), then the rest (`insertStaged`).
 *
 * Each statement is timed on its own; with --explain the pairing statement is explained (then run)
 * and the linking statement is run as EXPLAIN
 * ANALYZE instead (its triggers' times included) and its plan printed. Whole requests on a loaded
 * machine say little; these compare the statements.
 *
 *   node --import tsx bench/link-statements.ts --url postgres://…/ledgerly_bench_accounts [--rounds 3] [--explain]
 *   node --import tsx bench/link-statements.ts --pglite-dir .tmp/pglite-1m [--rounds 3]
 */
import { parseArgs } from 'node:util';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { type Db, openDatabase } from '../apps/server/src/db/client.js';
import * as schema from '../apps/server/src/db/schema.js';
import {
  analyzeStaged,
  insertStaged,
  ledgerWriter,
  linkPairs,
  linkStagedPairs,
  stageSelected,
} from '../apps/server/src/modules/ledger/index.js';
import { candidates } from '../apps/server/src/modules/transfer-matching/matching.repository.js';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    explain: { type: 'boolean', default: false },
    'pglite-dir': { type: 'string' },
  },
});
if (!args.url && !args['pglite-dir'])
  throw new Error('--url (PostgreSQL) or --pglite-dir of a database seeded by bench/accounts.bench.ts is required');

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const load = () => loadavg()[0]!.toFixed(1);

let explainNext = false;

async function openDb(): Promise<{ db: Db; close: () => Promise<void> }> {
  // PGlite: the statements are timed only (--explain is PostgreSQL's here).
  if (!args.url) {
    const database = await openDatabase({ dataDir: args['pglite-dir']! });
    return { db: database.db, close: () => database.close() };
  }
  const client = new pg.Client({ connectionString: args.url });
  await client.connect();
  // With --explain, the linking statement (the one writing `transfers`) runs as EXPLAIN ANALYZE.
  const query = client.query.bind(client) as (...a: unknown[]) => Promise<unknown>;
  (client as unknown as { query: (...a: unknown[]) => Promise<unknown> }).query = async (...a: unknown[]) => {
    const q = a[0] as { text?: string } | string;
    const text = typeof q === 'string' ? q : q.text;
    // The pairing statement (read-only) is explained first, then run for its answer.
    if (args.explain && text && text.includes('open_pairs as')) {
      const values = (a[1] as unknown[] | undefined) ?? (q as { values?: unknown[] }).values;
      const res = (await query(`explain (analyze, buffers) ${text}`, values)) as { rows: Record<string, string>[] };
      console.log(`\n=== pairing\n${res.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    }
    if (explainNext && text && text.includes('insert into "transfers"')) {
      explainNext = false;
      const values = (a[1] as unknown[] | undefined) ?? (q as { values?: unknown[] }).values;
      const res = (await query(`explain (analyze, buffers) ${text}`, values)) as { rows: Record<string, string>[] };
      console.log(res.rows.map((r) => r['QUERY PLAN']).join('\n'));
      return { rows: [], rowCount: 0, fields: [], command: 'EXPLAIN' };
    }
    return query(...a);
  };
  return { db: drizzle(client, { schema }) as unknown as Db, close: () => client.end() };
}

async function main(): Promise<void> {
  const { db, close } = await openDb();
  const [user] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from users where email = 'bench-accounts@example.com'`),
  );
  if (!user) throw new Error('no bench user: seed with bench/accounts.bench.ts first');
  const accounts = rowsOf<{ id: string }>(
    await db.execute(sql`select id from accounts where user_id = ${user.id} order by created_at, id`),
  );
  // As the bench: the statement goes into the second account, its transfers' partners are the third's.
  const into = accounts[1]!.id;
  const partnerAccount = accounts[2]!.id;
  const [cat] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from categories where user_id = ${user.id} and type = 'income' order by id limit 1`),
  );
  const columns = [
    'user_id',
    'account_id',
    'status',
    'category_id',
    'type',
    'amount_cents',
    'description',
    'date',
  ] as const;
  const source = sql`
    with partners as (
      select amount_cents, date + 1 as date, row_number() over (order by id) as i from transactions
      where account_id = ${partnerAccount} and type = 'expense' and kind = 'regular' and date < current_date
      order by id limit 5000
    )
    select ${user.id}::uuid, ${into}::uuid, 'cleared', ${cat!.id}::uuid, 'income', amount_cents, 'Transfer in ' || i, date
    from partners
    union all
    select ${user.id}::uuid, ${into}::uuid, 'cleared', ${cat!.id}::uuid, 'income', 60000 + g, 'Deposit ' || g,
           current_date - 3650 + (g * 7) % 3650
    from generate_series(0, 4999) as g`;

  const times: Record<string, number[]> = {};
  const timed = async <T>(name: string, f: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    const r = await f();
    (times[name] ??= []).push(performance.now() - t0);
    return r;
  };
  const rollback = new Error('rollback');
  const inTransaction = async (f: (tx: Db) => Promise<void>) => {
    try {
      await db.transaction(async (tx) => {
        await f(tx);
        throw rollback;
      });
    } catch (error) {
      if (error !== rollback) throw error;
    }
  };

  for (let round = 0; round < Number(args.rounds); round += 1) {
    await inTransaction(async (tx) => {
      await timed('inserted: rows in', () => ledgerWriter.insertSelected(tx, columns, source));
      // This database transaction's rows (created_at is its start).
      const ids = rowsOf<{ id: string }>(
        await tx.execute(sql`select id from transactions where account_id = ${into} and created_at = now()`),
      ).map((r) => r.id);
      const found = await timed('inserted: pairing', () => candidates(tx, user.id, { ids }));
      const unique = found.filter((c) => c.outRivals === 1 && c.inRivals === 1);
      explainNext = args.explain;
      if (args.explain) console.log(`\n=== inserted: linking ${unique.length} pairs (round ${round + 1})`);
      await timed('inserted: linking', () =>
        linkPairs(
          tx,
          user.id,
          unique.map((c) => ({ outId: c.outId, inId: c.inId })),
          true,
        ),
      );
    });
    await inTransaction(async (tx) => {
      await timed('staged: rows staged', async () => {
        await stageSelected(tx, columns, source);
        await analyzeStaged(tx);
      });
      const found = await timed('staged: pairing', () => candidates(tx, user.id, { staged: true }));
      const unique = found.filter((c) => c.outRivals === 1 && c.inRivals === 1);
      explainNext = args.explain;
      if (args.explain) console.log(`\n=== staged: linking ${unique.length} pairs (round ${round + 1})`);
      await timed('staged: linking', () =>
        linkStagedPairs(
          tx,
          user.id,
          unique.map((c) => ({ outId: c.outId, inId: c.inId })),
          true,
        ),
      );
      await timed('staged: the rest in', () => insertStaged(tx));
    });
    console.log(`round ${round + 1} done (load ${load()})`);
  }
  console.log(
    `\n${args.url ? 'PostgreSQL' : 'PGlite'}, statements of a 10,000-row import's matching, ${args.rounds} rounds each (load ${load()}):`,
  );
  for (const [name, xs] of Object.entries(times)) {
    const sorted = [...xs].sort((a, b) => a - b);
    console.log(`${name.padEnd(22)} ${sorted.map((x) => x.toFixed(0).padStart(6)).join(' ')} ms`);
  }
  await close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
