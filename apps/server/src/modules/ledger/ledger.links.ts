import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { transactions, transfers } from '../../db/schema.js';
import { type InsertableColumn, lockUserLedger } from './ledger.writer.js';

/*
 * Transfer matching's writer (imports into accounts and transfer matching, DESIGN §10): links two
 * existing rows into one transfer. Unlinking is `unlinkLegsWhere` (ledger.writer.ts).
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface LegPair {
  outId: string;
  inId: string;
}

/**
 * Links each pair (out: an expense row, in: an income row of another account of the same user,
 * both regular, neither linked) into a transfer, in one statement: both rows become kind
 * `transfer`; their categories are kept in `transfers.out/in_previous_category_id` (given back on
 * unlink) and cleared, except on an out leg that leaves the budget (on-budget → off-budget
 * account), which keeps its category and counts as spending. Pairs whose rows are not (or no
 * longer) fit, or lie in a closed account, are skipped. Answers the pairs linked with their transfer ids.
 */
export async function linkPairs(
  db: Db,
  userId: string,
  pairs: LegPair[],
  matched: boolean,
): Promise<{ id: string; outId: string; inId: string }[]> {
  if (!pairs.length) return [];
  const list = JSON.stringify(pairs.map((p) => ({ out_id: p.outId, in_id: p.inId })));
  // Under the user's ledger lock, which every writer that changes existing rows takes first: the
  // statement below reads the rows' kind, type and amount as committed, and none can change them
  // before it has linked them (an edit waits, then finds a transfer leg: 409).
  const result = await db.transaction(async (tx) => {
    await lockUserLedger(tx, userId);
    return tx.execute(sql`
    with p as (
      select distinct on (x.out_id) x.out_id, x.in_id
      from jsonb_to_recordset(${list}::jsonb) as x(out_id uuid, in_id uuid)
    ),
    ok as (
      select p.out_id, p.in_id, o.category_id as out_category, i.category_id as in_category
      from p
      -- Each leg by its key alone (\`offset 0\`): with the user in the join condition, a planner that
      -- knows nothing of a new user's rows walked all of them once per pair.
      cross join lateral (select * from ${transactions} where id = p.out_id offset 0) o
      cross join lateral (select * from ${transactions} where id = p.in_id offset 0) i
      where o.user_id = ${userId} and o.type = 'expense' and o.kind = 'regular'
        and i.user_id = ${userId} and i.type = 'income' and i.kind = 'regular'
        and o.account_id <> i.account_id and o.amount_cents = i.amount_cents
        -- A split row is no transfer leg (docs/splits.md): unsplit it first.
        and not exists (select 1 from transaction_lines l where l.transaction_id in (o.id, i.id))
        -- A closed account's rows do not change.
        and not exists (select 1 from accounts a where a.id in (o.account_id, i.account_id) and a.closed_at is not null)
    ),
    ins as (
      insert into ${transfers} (user_id, out_transaction_id, in_transaction_id, out_previous_category_id,
                                in_previous_category_id, matched)
      select ${userId}::uuid, out_id, in_id, out_category, in_category, ${matched} from ok
      on conflict do nothing
      returning id, out_transaction_id, in_transaction_id
    ),
    -- The legs of the pairs inserted, each found by its key (a join of ins with ok on out_id was
    -- planned as a comparison of every pair with every other: seconds for 5,000 pairs).
    legs as (
      select ins.out_transaction_id as id, (ao.on_budget and not ai.on_budget) as keep
      from ins
      join ${transactions} o on o.id = ins.out_transaction_id join accounts ao on ao.id = o.account_id
      join ${transactions} i on i.id = ins.in_transaction_id join accounts ai on ai.id = i.account_id
      union all
      select ins.in_transaction_id, false from ins
    ),
    -- The legs are the user's (ok checked both); no user condition here, for the same reason.
    upd as (
      update ${transactions} t
      set kind = 'transfer', category_id = case when legs.keep then t.category_id else null end, updated_at = now()
      from legs where t.id = legs.id
      returning 1
    )
    select ins.id, ins.out_transaction_id as out_id, ins.in_transaction_id as in_id, (select count(*) from upd) as n
    from ins`);
  });
  return rowsOf<{ id: string; out_id: string; in_id: string }>(result).map((r) => ({
    id: r.id,
    outId: r.out_id,
    inId: r.in_id,
  }));
}

/** Links one pair (POST /transfers/link); the caller has checked it. Null when it could not be linked. */
export async function linkPair(db: Db, userId: string, outId: string, inId: string, matched: boolean) {
  const [linked] = await linkPairs(db, userId, [{ outId, inId }], matched);
  return linked ?? null;
}

/**
 * A statement's opening balance (a QIF "Opening Balance" record) as the account's `opening`
 * row: cleared, no category, dated as the file says, marked with the import batch so undoing
 * the import removes it. Not written when the account has an opening row already. Answers
 * whether it was written.
 */
export async function insertOpeningRow(
  db: Db,
  userId: string,
  values: { accountId: string; date: string; cents: number; batchId: string },
): Promise<boolean> {
  const result = await db.execute(sql`
    insert into ${transactions} (user_id, account_id, kind, status, category_id, type, amount_cents, description, date, import_batch_id)
    select ${userId}::uuid, ${values.accountId}::uuid, 'opening', 'cleared', null,
           ${values.cents >= 0 ? 'income' : 'expense'}, ${Math.abs(values.cents)}, 'Opening balance', ${values.date}::date, ${values.batchId}::uuid
    where not exists (select 1 from ${transactions} where user_id = ${userId} and account_id = ${values.accountId} and kind = 'opening')
    returning 1`);
  return rowsOf(result).length > 0;
}

/*
 * An import's rows before they go in (docs/accounts.md "Transfer matching", "Staged imports").
 * Linking an existing row into a transfer rewrites it (its category changes, which indexes
 * cover: a new version of the row in every index of `transactions`, plus the rollups' update
 * trigger). An import's own rows need not be written twice: they are staged in a temporary table
 * of the commit's database transaction, matched there, and go into `transactions` once, the
 * linked ones already as transfer legs. Only their partners (rows already in the ledger) are
 * updated. The table is dropped at commit (`on commit drop`) and by `insertStaged`.
 */

/** The staging table's name (a temporary table: its session's and transaction's own). */
export const STAGED_TABLE = 'ledger_staged';
const staged = sql.raw(STAGED_TABLE);

/** The columns a staged row carries into `transactions` (the rest are the table's defaults). */
const STAGED_COLUMNS = sql.raw(
  'id, user_id, account_id, kind, status, category_id, type, amount_cents, description, date, created_at, updated_at, import_batch_id',
);

/**
 * Stages rows: `source` selects `columns` of new transactions, as for `insertSelected`; they get
 * their ids and defaults now. Answers how many rows were staged. Call `analyzeStaged` once all
 * are in (the matching statements plan by the table's statistics), then `insertStaged`.
 */
export async function stageSelected(db: Db, columns: readonly InsertableColumn[], source: SQL): Promise<number> {
  await db.execute(sql`
    create temporary table if not exists ${staged} (like ${transactions} including defaults, primary key (id))
    on commit drop`);
  const result = await db.execute(sql`
    with inserted as (insert into ${staged} (${sql.raw(columns.join(', '))}) ${source} returning 1)
    select count(*)::int as n from inserted`);
  return Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0);
}

/** Statistics for the staged rows (a temporary table is never analysed by autovacuum). */
export async function analyzeStaged(db: Db): Promise<void> {
  if (await hasStaged(db)) await db.execute(sql`analyze ${staged}`);
}

async function hasStaged(db: Db): Promise<boolean> {
  const result = await db.execute(sql`select to_regclass(${`pg_temp.${STAGED_TABLE}`}) is not null as found`);
  return Boolean(rowsOf<{ found: boolean }>(result)[0]?.found);
}

/**
 * Links pairs of which one leg is a staged row and the other a row of the ledger, as `linkPairs`
 * does (same conditions, same categories kept and cleared), in one statement: the staged leg goes
 * into `transactions` as a transfer leg (kind `transfer`, its category kept only on an out leg
 * leaving the budget), the `transfers` row is written with both legs' earlier categories, and
 * the ledger's leg is updated. Pairs that are not (or no longer) fit are skipped and their staged
 * row stays staged. Answers the pairs linked with their transfer ids.
 */
export async function linkStagedPairs(
  db: Db,
  userId: string,
  pairs: LegPair[],
  matched: boolean,
): Promise<{ id: string; outId: string; inId: string }[]> {
  if (!pairs.length) return [];
  const list = JSON.stringify(pairs.map((p) => ({ out_id: p.outId, in_id: p.inId })));
  const result = await db.transaction(async (tx) => {
    await lockUserLedger(tx, userId);
    return tx.execute(sql`
    with p as (
      select distinct on (x.out_id) x.out_id, x.in_id
      from jsonb_to_recordset(${list}::jsonb) as x(out_id uuid, in_id uuid)
    ),
    fit as (
      select s.id as s_id, e.id as e_id, s.id = p.out_id as s_out, s.category_id as s_cat, e.category_id as e_cat,
             case when s.id = p.out_id then sa.on_budget and not ea.on_budget
                  else ea.on_budget and not sa.on_budget end as keep
      from p
      cross join lateral (select * from ${staged} where id in (p.out_id, p.in_id) offset 0) s
      -- The ledger's leg by its key alone (see linkPairs).
      cross join lateral (
        select * from ${transactions} where id = case when s.id = p.out_id then p.in_id else p.out_id end offset 0
      ) e
      join accounts sa on sa.id = s.account_id
      join accounts ea on ea.id = e.account_id
      -- A staged row without a category is a rule's split whose lines go in after it: no leg.
      where s.user_id = ${userId} and s.kind = 'regular' and s.category_id is not null
        and s.type = case when s.id = p.out_id then 'expense' else 'income' end
        and e.user_id = ${userId} and e.kind = 'regular' and e.type <> s.type
        and e.account_id <> s.account_id and e.amount_cents = s.amount_cents
        and sa.closed_at is null and ea.closed_at is null
        and not exists (select 1 from transaction_lines l where l.transaction_id = e.id)
    ),
    -- Each leg in one pair at most (matching's pairs are each leg's unique best, so this holds).
    ok as (
      select * from (
        select fit.*, row_number() over (partition by s_id) as sn, row_number() over (partition by e_id) as en from fit
      ) f where sn = 1 and en = 1
    ),
    legs_in as (
      insert into ${transactions} (${STAGED_COLUMNS})
      select s.id, s.user_id, s.account_id, 'transfer', s.status,
             case when ok.s_out and ok.keep then s.category_id end,
             s.type, s.amount_cents, s.description, s.date, s.created_at, s.updated_at, s.import_batch_id
      from ok join ${staged} s on s.id = ok.s_id
      returning id
    ),
    ins as (
      insert into ${transfers} (user_id, out_transaction_id, in_transaction_id, out_previous_category_id,
                                in_previous_category_id, matched)
      select ${userId}::uuid,
             case when s_out then s_id else e_id end, case when s_out then e_id else s_id end,
             case when s_out then s_cat else e_cat end, case when s_out then e_cat else s_cat end,
             ${matched}
      from ok
      returning id, out_transaction_id, in_transaction_id
    ),
    upd as (
      update ${transactions} t
      set kind = 'transfer', category_id = case when ok.keep and not ok.s_out then t.category_id end, updated_at = now()
      from ok where t.id = ok.e_id
      returning 1
    ),
    gone as (delete from ${staged} s using ok where s.id = ok.s_id returning 1)
    select ins.id, ins.out_transaction_id as out_id, ins.in_transaction_id as in_id,
           (select count(*) from upd) + (select count(*) from legs_in) + (select count(*) from gone) as n
    from ins`);
  });
  return rowsOf<{ id: string; out_id: string; in_id: string }>(result).map((r) => ({
    id: r.id,
    outId: r.out_id,
    inId: r.in_id,
  }));
}

/** Puts the rows still staged into `transactions` as they are, and drops the staging table. Answers how many went in. */
export async function insertStaged(db: Db): Promise<number> {
  if (!(await hasStaged(db))) return 0;
  const result = await db.execute(sql`
    with inserted as (
      insert into ${transactions} (${STAGED_COLUMNS})
      select ${STAGED_COLUMNS} from ${staged}
      returning 1
    )
    select count(*)::int as n from inserted`);
  await db.execute(sql`drop table ${staged}`);
  return Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0);
}
