import { sql } from 'drizzle-orm';
import { MATCH_WINDOW_DAYS } from '@ledgerly/shared';
import type { Db } from '../../db/client.js';

/*
 * Transfer candidates in SQL (DESIGN §10 "Transfer matching", "Matching score"): one self-join of
 * the user's regular rows on (user, amount) within the date window, scored in the database, so a
 * 10,000-row import is matched in one statement, not row by row in Node.
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
 * Every possible transfer of the user: an expense row of one account and an income row of
 * another, same currency and amount, at most MATCH_WINDOW_DAYS apart, both regular (so neither
 * is linked), the pair not rejected. Score (higher is better): 10 for every day closer than the
 * window's edge, then one point per hint — a leg's description naming the other account (its
 * name, last digits or IBAN) and a leg's description holding a transfer word.
 */
export function candidates(db: Db, userId: string): Promise<Candidate[]> {
  // A hash join on the amount whatever the statistics say: right after a large import (in the
  // commit's own transaction, or on PGlite, which never analyses) the planner believes the
  // tables are nearly empty and would compare every pair in a nested loop.
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_nestloop = off`);
    try {
      return await candidatesQuery(tx, userId);
    } finally {
      await tx.execute(sql`set local enable_nestloop = on`);
    }
  });
}

async function candidatesQuery(db: Db, userId: string): Promise<Candidate[]> {
  const words = `(${TRANSFER_WORDS})`;
  const window = sql.raw(String(MATCH_WINDOW_DAYS));
  const result = await db.execute(sql`
    with legs as materialized (
      select t.id, t.account_id, t.type, t.amount_cents, t.date, a.currency,
             lower(coalesce(t.description, '')) as text,
             lower(a.name) as account_name, a.mask, replace(lower(coalesce(a.iban, '')), ' ', '') as iban
      from transactions t
      join accounts a on a.id = t.account_id and a.user_id = t.user_id
      where t.user_id = ${userId} and t.kind = 'regular'
    ),
    outs as materialized (select * from legs where type = 'expense'),
    ins as materialized (select * from legs where type = 'income'),
    joined as materialized (
      select o.id as out_id, i.id as in_id, abs(i.date - o.date) as days,
             o.text as o_text, i.text as i_text, o.account_name as o_name, i.account_name as i_name,
             o.mask as o_mask, i.mask as i_mask, o.iban as o_iban, i.iban as i_iban
      from outs o
      join ins i on i.amount_cents = o.amount_cents and i.currency = o.currency
      where i.account_id <> o.account_id
        and i.date between o.date - ${window} and o.date + ${window}
        and not exists (
          select 1 from transfer_rejections r
          where r.user_id = ${userId} and r.out_transaction_id = o.id and r.in_transaction_id = i.id)
    ),
    pairs as (
      select out_id, in_id, days,
             (${window} - days) * 10
             + (case when position(i_name in o_text) > 0
                       or (i_mask is not null and position(i_mask in o_text) > 0)
                       or (i_iban <> '' and position(i_iban in replace(o_text, ' ', '')) > 0) then 1 else 0 end)
             + (case when position(o_name in i_text) > 0
                       or (o_mask is not null and position(o_mask in i_text) > 0)
                       or (o_iban <> '' and position(o_iban in replace(i_text, ' ', '')) > 0) then 1 else 0 end)
             + (case when o_text ~ ${words} then 1 else 0 end)
             + (case when i_text ~ ${words} then 1 else 0 end) as score
      from joined
    ),
    ranked as (
      select p.*,
             count(*) over (partition by out_id order by score desc range between unbounded preceding and current row) as out_rivals,
             count(*) over (partition by in_id order by score desc range between unbounded preceding and current row) as in_rivals
      from pairs p
    )
    select out_id, in_id, days, score, out_rivals, in_rivals from ranked
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
}

/** The named rows of the user with what linking checks. */
export async function legs(db: Db, userId: string, ids: string[]): Promise<LegInfo[]> {
  if (!ids.length) return [];
  const result = await db.execute(sql`
    select t.id, t.account_id, t.type, t.kind, t.amount_cents, t.date::text as date, a.currency,
           a.closed_at is not null as closed,
           exists (select 1 from transfers tr where tr.out_transaction_id = t.id or tr.in_transaction_id = t.id) as linked
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
  }));
}

/** A transfer's id and its legs. */
export async function findTransfer(db: Db, userId: string, id: string) {
  const result = await db.execute(sql`
    select id, out_transaction_id, in_transaction_id from transfers where user_id = ${userId} and id = ${id}`);
  const r = rowsOf<{ id: string; out_transaction_id: string; in_transaction_id: string }>(result)[0];
  return r ? { id: r.id, outId: r.out_transaction_id, inId: r.in_transaction_id } : null;
}
