import { describe, expect, it } from 'vitest';
import type { Account, NetWorthPoint } from '@ledgerly/shared';
import { addDays, daysInMonth, shiftMonth, todayIn } from '@ledgerly/shared';
import { sql } from 'drizzle-orm';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createAccount, createCategory, seedAccount } from '../../../test/factories.js';
import { ledgerWriter } from '../ledger/index.js';
import { prng } from '../../../test/random-ledger.js';

/*
 * Net worth reads the per-account monthly balances (migrations 0019–0020) for the months before the
 * current one and the daily balances of the current month. Both are checked here against a plain
 * recomputation from the rows, after writes that move rows between months, days and accounts,
 * deletes, opening balances, a closed account, an account out of net worth and one in another
 * currency.
 */

const t = useTestApp();

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

interface Row {
  account_id: string;
  type: 'income' | 'expense';
  /** Text or a number, depending on the engine's driver. */
  amount_cents: number | string;
  status: string;
  date: string;
}

/** The stored monthly balances of the user's accounts, and the same computed from the rows. */
async function monthlyTables(userId: string) {
  const stored = rowsOf<Record<string, string>>(
    await t.db.db.execute(sql`
      select b.account_id, b.month::text as month, b.delta_cents::text as d, b.cleared_delta_cents::text as c, b.tx_count::text as n
      from account_monthly_balances b join accounts a on a.id = b.account_id
      where a.user_id = ${userId} order by 1, 2`),
  );
  const computed = rowsOf<Record<string, string>>(
    await t.db.db.execute(sql`
      select account_id, date_trunc('month', date::timestamp)::date::text as month,
        sum(case type when 'income' then amount_cents else -amount_cents end)::text as d,
        sum(case when status in ('cleared', 'reconciled') then case type when 'income' then amount_cents else -amount_cents end else 0 end)::text as c,
        count(*)::text as n
      from transactions where user_id = ${userId} group by 1, 2 order by 1, 2`),
  );
  return { stored, computed };
}

/** Net worth over `months` months, recomputed in plain code from every row of the user. */
async function expectedNetWorth(userId: string, currency: string, today: string, months: number) {
  const accounts = rowsOf<{ id: string; class: string; in_net_worth: boolean; currency: string }>(
    await t.db.db.execute(sql`select id, class, in_net_worth, currency from accounts where user_id = ${userId}`),
  );
  const counted = new Map(
    accounts.filter((a) => a.in_net_worth && a.currency === currency).map((a) => [a.id, a.class]),
  );
  const rows = rowsOf<Row>(
    await t.db.db.execute(
      sql`select account_id, type, amount_cents, status, date::text as date from transactions where user_id = ${userId}`,
    ),
  );
  const out: NetWorthPoint[] = [];
  const current = today.slice(0, 7);
  for (let i = months - 1; i >= 0; i -= 1) {
    const month = shiftMonth(current, -i);
    const [y, m] = month.split('-').map(Number) as [number, number];
    const monthEnd = `${month}-${String(daysInMonth(y, m)).padStart(2, '0')}`;
    const end = monthEnd < today ? monthEnd : today;
    let assets = 0;
    let liabilities = 0;
    for (const r of rows) {
      const cls = counted.get(r.account_id);
      if (!cls || r.date > end) continue;
      const v = r.type === 'income' ? Number(r.amount_cents) : -Number(r.amount_cents);
      if (cls === 'asset') assets += v;
      else liabilities -= v;
    }
    out.push({ month, assets: assets / 100, liabilities: liabilities / 100, netWorth: (assets - liabilities) / 100 });
  }
  return out;
}

describe('net worth from the monthly balances', () => {
  it('equals a recomputation from the rows through edits, moves, deletes, closing and leaving net worth', async () => {
    const { token, user } = await registerUser(t);
    const today = todayIn(user.timezone);
    const food = await createCategory(t, token, { name: 'Food', type: 'expense' });
    const salary = await createCategory(t, token, { name: 'Salary', type: 'income' });
    const [main] = (await t.request({ method: 'GET', url: '/api/accounts', token })).json<{ data: Account[] }>().data;
    const savings = await createAccount(t, token, {
      name: 'Savings',
      kind: 'savings',
      openingBalance: 2500,
      openingDate: addDays(today, -900),
    });
    const card = await createAccount(t, token, {
      name: 'Card',
      kind: 'credit_card',
      openingBalance: -320.5,
      openingDate: addDays(today, -400),
    });
    const house = await createAccount(t, token, { name: 'House', kind: 'property', openingBalance: 250000 });
    const old = await createAccount(t, token, { name: 'Old', kind: 'checking' });
    const euro = await seedAccount(t, user.id, {
      name: 'Euro',
      kind: 'savings',
      currency: user.currency === 'EUR' ? 'USD' : 'EUR',
      openingCents: 70_000,
      openingDate: addDays(today, -50),
    });
    const ids = [main!.id, savings.id, card.id, house.id, old.id, euro];
    const rand = prng(2026);
    const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!;
    // Dates from 12 years back (before a 10-year window) to two months ahead (after today, in
    // this month and in later ones), with a cluster around the start of this month.
    const someDate = () =>
      rand() < 0.2
        ? addDays(`${today.slice(0, 7)}-01`, Math.floor(rand() * 40) - 8)
        : addDays(today, 60 - Math.floor(rand() * 4400));
    const seedRows = Array.from({ length: 600 }, () => {
      const income = rand() < 0.35;
      return {
        userId: user.id,
        accountId: pick(ids),
        categoryId: income ? salary.id : food.id,
        type: income ? ('income' as const) : ('expense' as const),
        amountCents: 1 + Math.floor(rand() * 90_000),
        date: someDate(),
        status: pick(['uncleared', 'cleared', 'cleared', 'pending'] as const),
      };
    });
    await ledgerWriter.insertRows(t.db.db, seedRows.slice(0, 350));
    await ledgerWriter.insertRows(t.db.db, seedRows.slice(350));

    const check = async (label: string) => {
      const { stored, computed } = await monthlyTables(user.id);
      expect(stored, label).toEqual(computed);
      for (const months of [120, 13, 1]) {
        const res = await t.request({ method: 'GET', url: `/api/analytics/net-worth?months=${months}`, token });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json<{ data: NetWorthPoint[] }>().data, `${label}, ${months} months`).toEqual(
          await expectedNetWorth(user.id, user.currency, today, months),
        );
      }
    };
    await check('seeded');

    // Single edits through the writer: to another month, another account, another amount and
    // direction, the same month on another day; then deletes.
    const all = rowsOf<{ id: string }>(
      await t.db.db.execute(
        sql`select id from transactions where user_id = ${user.id} and kind = 'regular' order by id`,
      ),
    );
    for (const [i, { id }] of all.slice(0, 40).entries()) {
      const income = i % 3 === 0;
      await ledgerWriter.updateTransaction(t.db.db, user.id, id, {
        date: i % 4 === 0 ? addDays(today, -Math.floor(rand() * 400)) : someDate(),
        ...(i % 2 ? { accountId: pick(ids) } : {}),
        ...(i % 5 === 0
          ? { type: income ? 'income' : 'expense', categoryId: income ? salary.id : food.id, amountCents: 777 }
          : {}),
      });
    }
    for (const { id } of all.slice(40, 70)) await ledgerWriter.deleteTransaction(t.db.db, user.id, id);
    await check('after single edits and deletes');

    // Many rows at once (as a bulk edit or an import would): shifted by a month, moved between
    // accounts, flipped in direction; a whole month of one account deleted.
    await t.db.db.execute(sql`
      update transactions set date = date + interval '31 days' where user_id = ${user.id} and amount_cents % 7 = 0`);
    await t.db.db.execute(sql`
      update transactions set account_id = ${card.id} where user_id = ${user.id} and account_id = ${main!.id} and amount_cents % 5 = 0`);
    await t.db.db.execute(sql`
      update transactions set type = case type when 'income' then 'expense' else 'income' end,
        category_id = case type when 'income' then ${food.id}::uuid else ${salary.id}::uuid end
      where user_id = ${user.id} and kind = 'regular' and amount_cents % 11 = 0`);
    await t.db.db.execute(sql`
      delete from transactions where user_id = ${user.id} and account_id = ${savings.id}
        and date >= date_trunc('month', ${today}::date) - interval '1 month' and date < date_trunc('month', ${today}::date)`);
    await check('after many-row edits');

    // Opening balances moved and changed; an account closed (still counted), one taken out of net
    // worth, one moved whole into another and deleted.
    let res = await t.request({
      method: 'PUT',
      url: `/api/accounts/${card.id}`,
      token,
      payload: { openingBalance: -1000, openingDate: addDays(today, -3000) },
    });
    expect(res.statusCode, res.body).toBe(200);
    res = await t.request({ method: 'POST', url: `/api/accounts/${old.id}/close`, token });
    expect(res.statusCode, res.body).toBe(200);
    res = await t.request({ method: 'PUT', url: `/api/accounts/${savings.id}`, token, payload: { inNetWorth: false } });
    expect(res.statusCode, res.body).toBe(200);
    await check('after opening, closing and leaving net worth');
    res = await t.request({ method: 'PUT', url: `/api/accounts/${house.id}`, token, payload: { inNetWorth: true } });
    expect(res.statusCode, res.body).toBe(200);
    res = await t.request({ method: 'DELETE', url: `/api/accounts/${savings.id}?moveTo=${main!.id}`, token });
    expect(res.statusCode, res.body).toBe(200);
    await check('after an account moved into another');
    const left = rowsOf<{ n: number }>(
      await t.db.db.execute(
        sql`select count(*)::int as n from account_monthly_balances where account_id = ${savings.id}`,
      ),
    );
    expect(left[0]!.n).toBe(0);
  });

  it('answers the same as the daily balances summed, the query it replaces', async () => {
    const { token, user } = await registerUser(t);
    const today = todayIn(user.timezone);
    const food = await createCategory(t, token, { name: 'Food', type: 'expense' });
    const card = await createAccount(t, token, { name: 'Card', kind: 'credit_card' });
    const [main] = (await t.request({ method: 'GET', url: '/api/accounts', token })).json<{ data: Account[] }>().data;
    const rand = prng(11);
    await ledgerWriter.insertRows(
      t.db.db,
      Array.from({ length: 300 }, (_, i) => ({
        userId: user.id,
        accountId: i % 2 ? card.id : main!.id,
        categoryId: food.id,
        type: 'expense' as const,
        amountCents: 1 + Math.floor(rand() * 10_000),
        date: addDays(today, 40 - Math.floor(rand() * 500)),
      })),
    );
    const first = `${shiftMonth(today.slice(0, 7), -23)}-01`;
    // The query net worth ran before the monthly balances existed (migration 0015's daily rows).
    const before = rowsOf<{ month: string; total: number | string; class: string }>(
      await t.db.db.execute(sql`
        with acc as (select id, class from accounts where user_id = ${user.id} and in_net_worth and currency = ${user.currency}),
        months as (select m::date as m from generate_series(${first}::date, date_trunc('month', ${today}::date), interval '1 month') as m),
        per as (
          select acc.class, greatest(date_trunc('month', b.day)::date, ${first}::date) as m, sum(b.delta_cents) as s
          from account_daily_balances b join acc on acc.id = b.account_id where b.day <= ${today}::date group by 1, 2),
        grid as (
          select months.m, c.class, coalesce(per.s, 0) as s from months cross join (values ('asset'), ('liability')) as c(class)
          left join per on per.m = months.m and per.class = c.class)
        select to_char(m, 'YYYY-MM') as month, (sum(s) over (partition by class order by m))::bigint as total, class
        from grid order by m, class`),
    );
    const res = await t.request({ method: 'GET', url: '/api/analytics/net-worth?months=24', token });
    const points = res.json<{ data: NetWorthPoint[] }>().data;
    expect(points).toHaveLength(24);
    for (const p of points) {
      const assets = before.find((b) => b.month === p.month && b.class === 'asset')!;
      const liabilities = before.find((b) => b.month === p.month && b.class === 'liability')!;
      expect(p.assets * 100).toBeCloseTo(Number(assets.total), 6);
      expect(p.liabilities * 100).toBeCloseTo(-Number(liabilities.total), 6);
    }
    expect(points.some((p) => p.liabilities > 0)).toBe(true);
  });
});
