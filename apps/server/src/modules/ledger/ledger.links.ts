import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { transactions, transfers } from '../../db/schema.js';
import { lockUserLedger } from './ledger.writer.js';

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
