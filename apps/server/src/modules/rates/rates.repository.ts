import { and, count, eq, sql } from 'drizzle-orm';
import { RATE_ANCHOR, RATE_DECIMALS, RATE_LOOKBACK_DAYS } from '@ledgerly/shared';
import type { Db } from '../../db/client.js';
import { exchangeRateSeeds, userRates } from '../../db/schema.js';

/** Lock key of the seeding and the feed's writes (one writer of exchange_rates at a time). */
const RATES_LOCK = 727_301;

export const lockRates = (db: Db) => db.execute(sql`select pg_advisory_xact_lock(${RATES_LOCK})`);

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function seededWith(db: Db, dataset: string): Promise<boolean> {
  const rows = await db
    .select({ dataset: exchangeRateSeeds.dataset })
    .from(exchangeRateSeeds)
    .where(eq(exchangeRateSeeds.dataset, dataset));
  return rows.length > 0;
}

/** Array literals of codes, dates and decimals need no quoting. */
const list = (values: string[]) => `{${values.join(',')}}`;

/** Shared rows of `source`; a day already there is replaced only when `replace` (the feed's newer figure). */
export async function insertShared(
  db: Db,
  source: 'dataset' | 'feed',
  rows: { currencies: string[]; days: string[]; rates: string[] },
  replace: boolean,
): Promise<void> {
  await db.execute(sql`
    insert into exchange_rates (currency, day, rate_vs_anchor, source)
    select c, d, r, ${source}
    from unnest(${list(rows.currencies)}::text[], ${list(rows.days)}::date[], ${list(rows.rates)}::numeric[]) as x(c, d, r)
    on conflict (currency, day) do ${replace ? sql`update set rate_vs_anchor = excluded.rate_vs_anchor, source = excluded.source` : sql`nothing`}`);
}

/** Another data set was seeded before (an upgrade): its rows and record go, in one transaction. */
export async function dropOtherDatasets(db: Db, dataset: string): Promise<void> {
  await db.transaction(async (tx) => {
    const others = await tx.select({ dataset: exchangeRateSeeds.dataset }).from(exchangeRateSeeds);
    if (!others.some((o) => o.dataset !== dataset)) return;
    await tx.execute(sql`delete from exchange_rates where source = 'dataset'`);
    await tx.delete(exchangeRateSeeds);
  });
}

export async function recordSeed(db: Db, dataset: string, rows: number): Promise<void> {
  await db.insert(exchangeRateSeeds).values({ dataset, rows }).onConflictDoNothing();
}

export interface DayRate {
  day: string;
  id: string | null;
  userRate: string | null;
  crossRate: string | null;
  sources: string | null;
}

/**
 * Every day of [start, end]: the user's own rate of that day (for `base`), and the shared cross
 * rate — each side's nearest earlier day within RATE_LOOKBACK_DAYS, through the anchor — as an
 * exact decimal (numeric division, rounded once to RATE_DECIMALS).
 */
export async function dayRates(
  db: Db,
  userId: string,
  currency: string,
  base: string,
  start: string,
  end: string,
): Promise<DayRate[]> {
  const side = (code: string, alias: string) => sql`
    left join lateral (
      select e.rate_vs_anchor as rate, e.source from exchange_rates e
      where ${code} <> ${RATE_ANCHOR} and e.currency = ${code}
        and e.day <= g.day and e.day >= g.day - ${RATE_LOOKBACK_DAYS}::int
      order by e.day desc limit 1
    ) ${sql.raw(alias)} on true`;
  const anchorOr = (code: string, alias: string) =>
    sql`(case when ${code} = ${RATE_ANCHOR} then 1::numeric else ${sql.raw(alias)}.rate end)`;
  const result = await db.execute(sql`
    select to_char(g.day, 'YYYY-MM-DD') as day, u.id, trim_scale(u.rate)::text as "userRate",
      trim_scale(round(${anchorOr(base, 'b')} / ${anchorOr(currency, 'c')}, ${RATE_DECIMALS}::int))::text as "crossRate",
      concat_ws(',', c.source, b.source) as sources
    from (select d::date as day from generate_series(${start}::date, ${end}::date, interval '1 day') as s(d)) g
    left join user_rates u
      on u.user_id = ${userId} and u.currency = ${currency} and u.base = ${base} and u.day = g.day
    ${side(currency, 'c')}
    ${side(base, 'b')}
    order by g.day`);
  return rowsOf<DayRate>(result);
}

export async function countUserRates(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(userRates).where(eq(userRates.userId, userId));
  return row?.n ?? 0;
}

export async function userRateExists(db: Db, userId: string, currency: string, base: string, day: string) {
  const rows = await db
    .select({ id: userRates.id })
    .from(userRates)
    .where(
      and(
        eq(userRates.userId, userId),
        eq(userRates.currency, currency),
        eq(userRates.base, base),
        eq(userRates.day, day),
      ),
    );
  return rows.length > 0;
}

export async function upsertUserRate(
  db: Db,
  values: { userId: string; currency: string; base: string; day: string; rate: string },
): Promise<{ id: string; rate: string }> {
  const result = await db.execute(sql`
    insert into user_rates (user_id, currency, base, day, rate)
    values (${values.userId}, ${values.currency}, ${values.base}, ${values.day}, ${values.rate}::numeric)
    on conflict (user_id, currency, base, day) do update set rate = excluded.rate, transfer_id = null, updated_at = now()
    returning id, trim_scale(rate)::text as rate`);
  const [row] = rowsOf<{ id: string; rate: string }>(result);
  return row!;
}

export async function deleteUserRate(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(userRates)
    .where(and(eq(userRates.userId, userId), eq(userRates.id, id)))
    .returning({ id: userRates.id });
  return rows.length > 0;
}
