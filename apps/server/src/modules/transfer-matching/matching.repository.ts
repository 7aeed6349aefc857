import { type SQL, sql } from 'drizzle-orm';
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
 * name, last digits or IBAN) and a leg's description holding a transfer word. `scope`
 * narrows the answer to pairs touching some rows (a condition on `o` or `i`); rivals are always
 * counted over all the legs' candidates.
 */
export async function candidates(db: Db, userId: string, scope?: SQL): Promise<Candidate[]> {
  const words = `(${TRANSFER_WORDS})`;
  const window = sql.raw(String(MATCH_WINDOW_DAYS));
  const result = await db.execute(sql`
    with legs as (
      select t.id, t.account_id, t.type, t.amount_cents, t.date, a.currency,
             lower(coalesce(t.description, '')) as text,
             lower(a.name) as account_name, a.mask, replace(lower(coalesce(a.iban, '')), ' ', '') as iban,
             t.import_batch_id
      from transactions t
      join accounts a on a.id = t.account_id and a.user_id = t.user_id
      where t.user_id = ${userId} and t.kind = 'regular'
    ),
    pairs as (
      select o.id as out_id, i.id as in_id, abs(i.date - o.date) as days,
             (${window} - abs(i.date - o.date)) * 10
             + (case when position(i.account_name in o.text) > 0
                       or (i.mask is not null and position(i.mask in o.text) > 0)
                       or (i.iban <> '' and position(i.iban in replace(o.text, ' ', '')) > 0) then 1 else 0 end)
             + (case when position(o.account_name in i.text) > 0
                       or (o.mask is not null and position(o.mask in i.text) > 0)
                       or (o.iban <> '' and position(o.iban in replace(i.text, ' ', '')) > 0) then 1 else 0 end)
             + (case when o.text ~ ${words} then 1 else 0 end)
             + (case when i.text ~ ${words} then 1 else 0 end) as score,
             o.import_batch_id as out_batch, i.import_batch_id as in_batch
      from legs o
      join legs i
        on i.amount_cents = o.amount_cents and i.type = 'income' and o.type = 'expense'
       and i.account_id <> o.account_id and i.currency = o.currency
       and i.date between o.date - ${window} and o.date + ${window}
      where not exists (
        select 1 from transfer_rejections r
        where r.user_id = ${userId} and r.out_transaction_id = o.id and r.in_transaction_id = i.id)
    ),
    ranked as (
      select p.*,
             count(*) over (partition by out_id order by score desc range between unbounded preceding and current row) as out_rivals,
             count(*) over (partition by in_id order by score desc range between unbounded preceding and current row) as in_rivals
      from pairs p
    )
    select out_id, in_id, days, score, out_rivals, in_rivals from ranked o
    where ${scope ?? sql`true`}
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
  linked: boolean;
}

/** The named rows of the user with what linking checks. */
export async function legs(db: Db, userId: string, ids: string[]): Promise<LegInfo[]> {
  if (!ids.length) return [];
  const result = await db.execute(sql`
    select t.id, t.account_id, t.type, t.kind, t.amount_cents, t.date::text as date, a.currency,
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
