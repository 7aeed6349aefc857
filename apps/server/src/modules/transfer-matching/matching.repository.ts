import { type SQL, sql } from 'drizzle-orm';
import { MATCH_WINDOW_DAYS } from '@ledgerly/shared';
import type { Db } from '../../db/client.js';
import { STAGED_TABLE } from '../ledger/index.js';

/*
 * Transfer candidates in SQL (DESIGN §10 "Transfer matching", "Matching score"): one statement
 * pairs the rows on (user, amount) within the date window and scores the pairs in the database, so
 * a 10,000-row import is matched in one statement, not row by row in Node.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Words in a description that hint at a transfer (lower case, matched as a regular expression). */
const TRANSFER_WORDS =
  'transfer|xfer|payment|paymt|thank you|überweisung|ueberweisung|umbuchung|übertrag|dauerauftrag|virement|giro|' +
  'standing order|direct debit|withdrawal|deposit|ach |cash|atm|tagesgeld|savings|sparen|lastschrift';

export interface Candidate {
  outId: string;
  inId: string;
  days: number;
  score: number;
  /** Candidates of the out leg (and of the in leg) scoring at least as well as this pair, this one included. */
  outRivals: number;
  inRivals: number;
}

/**
 * Which rows matching looks at: all the user's rows, or only pairs with a leg among some rows:
 * an import's (`batchId`), the selected ones (`ids`), or the rows of an import not yet in the
 * ledger (`staged`: the ledger's staging table of this database transaction, ledger.links.ts).
 * Staged rows all go into one account (an import's), so no two of them are a pair.
 */
export type MatchFocus = { all: true } | { batchId: string } | { ids: string[] } | { staged: true };

/**
 * Possible transfers of the user: an expense row of one account and an income row of another,
 * same currency and amount, at most MATCH_WINDOW_DAYS apart, both regular (so neither is
 * linked), the pair not rejected. Score (higher is better): 10 for every day closer than the
 * window's edge, then one point per hint — a leg's description naming the other account (its
 * name, last digits or IBAN) and a leg's description holding a transfer word.
 *
 * `{ all: true }`: every possible transfer of the user. `{ batchId }` (after an import) and
 * `{ ids }` (rows the user selected): only the pairs with a leg among those rows, found through
 * the amount index, so the cost follows the rows in focus, not the user's history; their rival
 * counts are still exact, as they count every candidate of both legs.
 */
export function candidates(db: Db, userId: string, focus: MatchFocus = { all: true }): Promise<Candidate[]> {
  if (!('all' in focus)) return candidatesQuery(db, userId, focus);
  // A hash join on the amount whatever the statistics say: right after a large import (in the
  // commit's own transaction, or on PGlite, which never analyses) the planner believes the
  // tables are nearly empty and would compare every pair in a nested loop.
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_nestloop = off`);
    try {
      return await candidatesQuery(tx, userId, focus);
    } finally {
      await tx.execute(sql`set local enable_nestloop = on`);
    }
  });
}

const window = sql.raw(String(MATCH_WINDOW_DAYS));

/** The fields of a leg that pairing needs (no descriptions: those are read for the pairs only). */
const legFields = sql`t.id, t.account_id, t.type, t.amount_cents, t.date, a.currency`;

/**
 * The candidate pairs with a leg among `legs` (a CTE of legs with a `focused` column): each leg
 * looks up the rows of its amount and window in transactions_user_amount_date_idx (`offset 0` keeps it a lookup
 * per leg, which a planner misled by fresh statistics could otherwise turn into a scan of every
 * row). `near`: whether a leg of the pair is in focus (`focused`, a condition on row `t`).
 */
const pairsAround = (userId: string, legs: SQL, focused: SQL) => sql`
  select distinct
    case when f.type = 'expense' then f.id else x.id end as out_id,
    case when f.type = 'expense' then x.id else f.id end as in_id,
    abs(x.date - f.date) as days,
    f.focused or x.focused as near
  from ${legs} f
  cross join lateral (
    select t.id, t.date, ${focused} as focused
    from transactions t join accounts a on a.id = t.account_id and a.user_id = t.user_id
    where t.user_id = ${userId} and t.amount_cents = f.amount_cents and t.kind = 'regular' and t.type <> f.type
      and t.account_id <> f.account_id and a.currency = f.currency
      and t.date between f.date - ${window} and f.date + ${window}
    offset 0
  ) x`;

async function candidatesQuery(db: Db, userId: string, focus: MatchFocus): Promise<Candidate[]> {
  const words = `(${TRANSFER_WORDS})`;
  const own = sql`from transactions t join accounts a on a.id = t.account_id and a.user_id = t.user_id
    where t.user_id = ${userId} and t.kind = 'regular'`;
  // `pairs`: the candidates ranked. With a focus, those answered are the `near` ones (a leg in
  // focus); the others are there as rivals: every other candidate of their legs. Every join
  // below is by primary key (a lateral lookup by id alone, as a condition on the user would let a
  // planner that knows nothing of a new user walk all its rows per leg) or by the amount index,
  // never a comparison of every pair with every other.
  const staged = 'staged' in focus;
  const focused =
    'all' in focus
      ? sql`true`
      : staged
        ? sql`false`
        : 'batchId' in focus
          ? sql`(t.import_batch_id is not null and t.import_batch_id = ${focus.batchId})`
          : sql`(t.id in (select (jsonb_array_elements_text(${JSON.stringify(focus.ids)}::jsonb))::uuid))`;
  const ctes =
    'all' in focus
      ? sql`
    outs as materialized (select ${legFields} ${own} and t.type = 'expense'),
    ins as materialized (select ${legFields} ${own} and t.type = 'income'),
    pairs as materialized (
      select o.id as out_id, i.id as in_id, abs(i.date - o.date) as days, true as near
      from outs o
      join ins i on i.amount_cents = o.amount_cents and i.currency = o.currency
      where i.account_id <> o.account_id
        and i.date between o.date - ${window} and o.date + ${window}
    )`
      : sql`
    focus as materialized (
      ${
        staged
          ? sql`select ${legFields}, true as focused from ${sql.raw(STAGED_TABLE)} t
              join accounts a on a.id = t.account_id and a.user_id = t.user_id
              -- A staged row without a category is a rule's split (its lines go in after it): no leg.
              where t.user_id = ${userId} and t.kind = 'regular' and t.category_id is not null`
          : sql`select ${legFields}, true as focused ${own} and ${focused}`
      }
    ),
    near as materialized (${pairsAround(userId, sql`focus`, focused)}),
    -- The other legs of those pairs (the legs in focus have all their candidates in near already).
    near_legs as materialized (
      select ${legFields}, false as focused
      from (select out_id as id from near union select in_id from near) n
      cross join lateral (select * from transactions where id = n.id offset 0) t
      join accounts a on a.id = t.account_id and a.user_id = t.user_id
      where t.user_id = ${userId} and t.kind = 'regular' and not ${focused}
    ),
    pairs as materialized (select * from near union ${pairsAround(userId, sql`near_legs`, focused)})`;
  // A pair's row by id: with staged rows, in the ledger or staged, each looked up by its key (a
  // join with a union of the two tables was planned as a hash join over every row of the ledger).
  const rowById = (id: SQL) =>
    staged
      ? sql`cross join lateral (
          select description, account_id from transactions where id = ${id}
          union all select description, account_id from ${sql.raw(STAGED_TABLE)} where id = ${id}
        )`
      : sql`cross join lateral (select description, account_id from transactions where id = ${id})`;
  const result = await db.execute(sql`
    with ${ctes},
    open_pairs as (
      select p.* from pairs p
      where not exists (
        select 1 from transfer_rejections r
        where r.user_id = ${userId} and r.out_transaction_id = p.out_id and r.in_transaction_id = p.in_id)
    ),
    texts as (
      select p.out_id, p.in_id, p.days, p.near,
             lower(coalesce(o.description, '')) as o_text, lower(coalesce(i.description, '')) as i_text,
             lower(ao.name) as o_name, lower(ai.name) as i_name, ao.mask as o_mask, ai.mask as i_mask,
             replace(lower(coalesce(ao.iban, '')), ' ', '') as o_iban, replace(lower(coalesce(ai.iban, '')), ' ', '') as i_iban
      from open_pairs p
      ${rowById(sql`p.out_id`)} o join accounts ao on ao.id = o.account_id
      ${rowById(sql`p.in_id`)} i join accounts ai on ai.id = i.account_id
    ),
    scored as (
      select out_id, in_id, days, near,
             (${window} - days) * 10
             + (case when position(i_name in o_text) > 0
                       or (i_mask is not null and position(i_mask in o_text) > 0)
                       or (i_iban <> '' and position(i_iban in replace(o_text, ' ', '')) > 0) then 1 else 0 end)
             + (case when position(o_name in i_text) > 0
                       or (o_mask is not null and position(o_mask in i_text) > 0)
                       or (o_iban <> '' and position(o_iban in replace(i_text, ' ', '')) > 0) then 1 else 0 end)
             + (case when o_text ~ ${words} then 1 else 0 end)
             + (case when i_text ~ ${words} then 1 else 0 end) as score
      from texts
    ),
    ranked as (
      select s.*,
             count(*) over (partition by out_id order by score desc range between unbounded preceding and current row) as out_rivals,
             count(*) over (partition by in_id order by score desc range between unbounded preceding and current row) as in_rivals
      from scored s
    )
    select out_id, in_id, days, score, out_rivals, in_rivals from ranked
    where near
    order by score desc, out_id, in_id`);
  return rowsOf<Record<string, string | number>>(result).map((r) => ({
    outId: String(r.out_id),
    inId: String(r.in_id),
    days: Number(r.days),
    score: Number(r.score),
    outRivals: Number(r.out_rivals),
    inRivals: Number(r.in_rivals),
  }));
}

/** Remembers that the user said this pair is not a transfer. */
export async function reject(db: Db, userId: string, outId: string, inId: string): Promise<void> {
  await db.execute(sql`
    insert into transfer_rejections (user_id, out_transaction_id, in_transaction_id)
    values (${userId}, ${outId}, ${inId}) on conflict do nothing`);
}

export interface LegInfo {
  id: string;
  accountId: string;
  type: 'income' | 'expense';
  kind: string;
  amountCents: number;
  date: string;
  currency: string;
  /** The row's account is closed (its rows do not change). */
  closed: boolean;
  linked: boolean;
  /** A split row (DESIGN §11): no transfer leg until it is unsplit. */
  split: boolean;
}

/** The named rows of the user with what linking checks. */
export async function legs(db: Db, userId: string, ids: string[]): Promise<LegInfo[]> {
  if (!ids.length) return [];
  const result = await db.execute(sql`
    select t.id, t.account_id, t.type, t.kind, t.amount_cents, t.date::text as date, a.currency,
           a.closed_at is not null as closed,
           exists (select 1 from transfers tr where tr.out_transaction_id = t.id or tr.in_transaction_id = t.id) as linked,
           t.kind = 'regular' and t.category_id is null as split
    from transactions t join accounts a on a.id = t.account_id
    where t.user_id = ${userId} and t.id in (select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::uuid)`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    id: String(r.id),
    accountId: String(r.account_id),
    type: r.type as 'income' | 'expense',
    kind: String(r.kind),
    amountCents: Number(r.amount_cents),
    date: String(r.date),
    currency: String(r.currency),
    closed: Boolean(r.closed),
    linked: Boolean(r.linked),
    split: Boolean(r.split),
  }));
}

/** A transfer's id and its legs. */
export async function findTransfer(db: Db, userId: string, id: string) {
  const result = await db.execute(sql`
    select id, out_transaction_id, in_transaction_id from transfers where user_id = ${userId} and id = ${id}`);
  const r = rowsOf<{ id: string; out_transaction_id: string; in_transaction_id: string }>(result)[0];
  return r ? { id: r.id, outId: r.out_transaction_id, inId: r.in_transaction_id } : null;
}
