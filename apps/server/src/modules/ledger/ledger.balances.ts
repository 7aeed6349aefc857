import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ph, runPrepared } from '../../db/prepared.js';
import { accountDailyBalances, accountMonthlyBalances, accounts, transactions } from '../../db/schema.js';
import type { Cursor } from './ledger.cursor.js';
import { type ListedRow, listAccountRows } from './ledger.read-model.js';

/*
 * Balances read from `account_daily_balances` and `account_monthly_balances` (kept by the
 * triggers of migrations 0015 and 0020): a balance as of a date is the sum of the days up to it,
 * so it costs days, never transactions; sums over whole months (current balances, net worth, the
 * register's row count) read the months. The register's running balance, the accounts list and
 * net worth all read them here.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const num = (v: unknown) => Number(v ?? 0);

export interface BalanceCents {
  balanceCents: number;
  clearedCents: number;
}

/** Every account of the user with its balance and cleared balance over all its rows. */
export async function currentBalances(db: Db, userId: string): Promise<Map<string, BalanceCents>> {
  const result = await db.execute(sql`
    select a.id, coalesce(sum(b.delta_cents), 0)::bigint as balance, coalesce(sum(b.cleared_delta_cents), 0)::bigint as cleared
    from ${accounts} a left join ${accountMonthlyBalances} b on b.account_id = a.id
    where a.user_id = ${userId}
    group by a.id`);
  return new Map(
    rowsOf<{ id: string; balance: unknown; cleared: unknown }>(result).map((r) => [
      r.id,
      { balanceCents: num(r.balance), clearedCents: num(r.cleared) },
    ]),
  );
}

/**
 * An account's balance and cleared balance as of the end of `date` (that whole day included):
 * the months before its month, then its month's days up to it. Null when the account is not the
 * user's (one query answers both).
 */
export async function balanceAsOf(
  db: Db,
  userId: string,
  accountId: string,
  date: string,
): Promise<BalanceCents | null> {
  // Prepared (db/prepared.ts): built and parsed once, then only run.
  const [row] = await runPrepared(
    db,
    'ledger.balance-as-of',
    () => {
      const month = sql`date_trunc('month', ${ph('d')}::timestamp)::date`;
      return db
        .select({
          balance: sql`(coalesce(m.balance, 0) + coalesce(d.balance, 0))::bigint`.mapWith(Number),
          cleared: sql`(coalesce(m.cleared, 0) + coalesce(d.cleared, 0))::bigint`.mapWith(Number),
        })
        .from(
          sql`${accounts} a
          cross join lateral (
            select sum(delta_cents)::bigint as balance, sum(cleared_delta_cents)::bigint as cleared
            from ${accountMonthlyBalances} where account_id = a.id and month < ${month}) m
          cross join lateral (
            select sum(delta_cents)::bigint as balance, sum(cleared_delta_cents)::bigint as cleared
            from ${accountDailyBalances} where account_id = a.id and day >= ${month} and day <= ${ph('d')}::date) d`,
        )
        .where(sql`a.id = ${ph('a')} and a.user_id = ${ph('u')}`);
    },
    { u: userId, a: accountId, d: date },
  );
  return row ? { balanceCents: num(row.balance), clearedCents: num(row.cleared) } : null;
}

/** Balances of several accounts, each as of its own date, in one query; answers in the order asked. */
export async function balancesAsOf(db: Db, asks: { accountId: string; date: string }[]): Promise<number[]> {
  if (!asks.length) return [];
  const list = JSON.stringify(asks.map((a, i) => ({ k: i, account_id: a.accountId, day: a.date })));
  const result = await db.execute(sql`
    select x.k, coalesce((select sum(b.delta_cents) from ${accountDailyBalances} b
                          where b.account_id = x.account_id and b.day <= x.day), 0)::bigint as balance
    from json_to_recordset(${list}::json) as x(k int, account_id uuid, day date)
    order by x.k`);
  return rowsOf<{ balance: unknown }>(result).map((r) => num(r.balance));
}

export type RegisterListedRow = ListedRow & { runningBalanceCents: number };

const signed = (r: { type: 'income' | 'expense'; amountCents: number }) =>
  r.type === 'income' ? r.amountCents : -r.amountCents;

/**
 * One page of an account's register, newest first, each row with the balance just after it
 * (rows in (date, created_at, id) order), or null when the account is not the user's. The
 * balance after the page's first row is that of every row before the cursor (the first page:
 * every row), so it is read beside the page, not after it: the months and days before the
 * cursor's day from the monthly and daily balances, plus that day's rows before it. Each next
 * row's balance is the previous one minus that row. The row count comes from the monthly balances.
 * Two queries, sent together (PostgreSQL runs them on two connections at once).
 */
export async function registerPage(
  db: Db,
  userId: string,
  accountId: string,
  o: { limit: number; after?: Cursor | undefined },
): Promise<{ rows: RegisterListedRow[]; total: number } | null> {
  const c = o.after;
  // Prepared (db/prepared.ts), one query with a cursor and one without.
  const topQuery = () => {
    const month = sql`date_trunc('month', ${ph('cd')}::timestamp)::date`;
    const top = c
      ? sql`coalesce((select sum(delta_cents) from ${accountMonthlyBalances} where account_id = a.id and month < ${month}), 0)
        + coalesce((select sum(delta_cents) from ${accountDailyBalances} where account_id = a.id and day >= ${month} and day < ${ph('cd')}::date), 0)
        + coalesce((select sum(case when t.type = 'income' then t.amount_cents else -t.amount_cents end) from ${transactions} t
            where t.account_id = a.id and t.date = ${ph('cd')}::date
              and (t.created_at, t.id) < (${ph('cc')}::timestamptz, ${ph('ci')}::uuid)), 0)`
      : sql`coalesce((select sum(delta_cents) from ${accountMonthlyBalances} where account_id = a.id), 0)`;
    return db
      .select({
        top: sql`(${top})::bigint`.mapWith(Number),
        total:
          sql`coalesce((select sum(tx_count) from ${accountMonthlyBalances} where account_id = a.id), 0)::bigint`.mapWith(
            Number,
          ),
      })
      .from(sql`${accounts} a`)
      .where(sql`a.id = ${ph('a')} and a.user_id = ${ph('u')}`);
  };
  const [rows, [answer]] = await Promise.all([
    listAccountRows(db, userId, accountId, { limit: o.limit, after: c }),
    runPrepared(
      db,
      `ledger.register-top|${c ? 'cursor' : 'first'}`,
      topQuery,
      c ? { u: userId, a: accountId, cd: c.date, cc: c.createdAt, ci: c.id } : { u: userId, a: accountId },
    ),
  ]);
  if (!answer) return null;
  let running = num(answer.top);
  const withBalances = rows.map((row) => {
    const out = { ...row, runningBalanceCents: running };
    running -= signed(row);
    return out;
  });
  return { rows: withBalances, total: num(answer.total) };
}

export interface NetWorthMonth {
  month: string;
  assetsCents: number;
  liabilitiesCents: number;
}

/**
 * Assets and liabilities at the end of each month from `firstMonth` (YYYY-MM) through the month
 * of `today`, the last one as of `today`, over the user's accounts in net worth in `currency`
 * (others are left out until rates exist, DESIGN §12). By class, never by sign: an overdrawn
 * checking account lowers assets; liabilities are minus the liability balances (positive while
 * owed). One query: the monthly balances of the months before the current one and the daily
 * balances of the current month up to `today`, summed per class and month (months before the
 * first fall into it), then a running sum over the months. It reads months × accounts rows (and
 * at most 31 days per account), never a row per day of the window.
 */
export async function netWorthMonths(
  db: Db,
  userId: string,
  currency: string,
  firstMonth: string,
  today: string,
): Promise<NetWorthMonth[]> {
  const first = `${firstMonth}-01`;
  const result = await db.execute(sql`
    with acc as (
      select id, class from ${accounts} where user_id = ${userId} and in_net_worth and currency = ${currency}
    ),
    this_month as (select date_trunc('month', ${today}::date)::date as m),
    months as (
      select m::date as m from generate_series(${first}::date, (select m from this_month), interval '1 month') as m
    ),
    per as (
      select acc.class, greatest(b.month, ${first}::date) as m, sum(b.delta_cents) as s
      from ${accountMonthlyBalances} b join acc on acc.id = b.account_id
      where b.month < (select m from this_month)
      group by 1, 2
      union all
      select acc.class, (select m from this_month), sum(b.delta_cents)
      from ${accountDailyBalances} b join acc on acc.id = b.account_id
      where b.day >= (select m from this_month) and b.day <= ${today}::date
      group by 1
    ),
    summed as (select class, m, sum(s) as s from per group by 1, 2),
    grid as (
      select months.m, c.class, coalesce(summed.s, 0) as s
      from months cross join (values ('asset'), ('liability')) as c(class)
      left join summed on summed.m = months.m and summed.class = c.class
    )
    select to_char(m, 'YYYY-MM') as month,
      (sum(s) over (partition by class order by m))::bigint as total, class
    from grid order by m, class`);
  const byMonth = new Map<string, NetWorthMonth>();
  for (const r of rowsOf<{ month: string; total: unknown; class: string }>(result)) {
    const point = byMonth.get(r.month) ?? { month: r.month, assetsCents: 0, liabilitiesCents: 0 };
    if (r.class === 'asset') point.assetsCents = num(r.total);
    else point.liabilitiesCents = -num(r.total);
    byMonth.set(r.month, point);
  }
  return [...byMonth.values()];
}
