import { describe, expect, it } from 'vitest';
import type { Account } from '@ledgerly/shared';
import { addDays, shiftMonth, todayIn } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createAccount, createBudget, createCategory, createTransaction } from '../../../test/factories.js';
import { ledgerWriter } from '../ledger/index.js';
import { transfers } from '../../db/schema.js';
import { prng } from '../../../test/random-ledger.js';

const t = useTestApp();

interface RegisterRow {
  id: string;
  amount: number;
  type: 'income' | 'expense';
  date: string;
  runningBalance: number;
}

async function setup() {
  const auth = await registerUser(t);
  const food = await createCategory(t, auth.token, { name: 'Food', type: 'expense' });
  const salary = await createCategory(t, auth.token, { name: 'Salary', type: 'income' });
  return { ...auth, food, salary, today: todayIn(auth.user.timezone) };
}

describe('GET /accounts/{id}/register', () => {
  it('running balances are right on every page (same-day rows included) and equal a recomputation', async () => {
    const { token, user, food, salary } = await setup();
    const acc = await createAccount(t, token, { name: 'Busy', openingBalance: 500, openingDate: '2023-12-31' });
    const other = await createAccount(t, token, { name: 'Elsewhere' });
    const rand = prng(7);
    // 130 rows on few dates, so many rows share a day (and a created_at within one insert).
    const rows = Array.from({ length: 130 }, (_, i) => {
      const income = rand() < 0.3;
      return {
        userId: user.id,
        accountId: i % 10 === 0 ? other.id : acc.id,
        categoryId: income ? salary.id : food.id,
        type: income ? ('income' as const) : ('expense' as const),
        amountCents: 1 + Math.floor(rand() * 50_000),
        date: addDays('2024-01-01', Math.floor(rand() * 12)),
        description: `row ${i}`,
      };
    });
    await ledgerWriter.insertRows(t.db.db, rows.slice(0, 60));
    await ledgerWriter.insertRows(t.db.db, rows.slice(60));
    await createTransaction(t, token, { categoryId: food.id, accountId: acc.id, amount: 12.34, date: '2024-01-05' });

    const pages: RegisterRow[][] = [];
    let cursor: string | null = null;
    let total: number;
    do {
      const res = await t.request({
        method: 'GET',
        url: `/api/accounts/${acc.id}/register?limit=25${cursor ? `&cursor=${cursor}` : ''}`,
        token,
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{ data: RegisterRow[]; meta: { total: number; nextCursor: string | null } }>();
      pages.push(body.data);
      cursor = body.meta.nextCursor;
      total = body.meta.total;
    } while (cursor);
    expect(pages.length).toBeGreaterThanOrEqual(4);
    const listed = pages.flat();
    // The opening row, the 117 seeded rows of this account and the one made over HTTP.
    expect(listed).toHaveLength(119);
    expect(total).toBe(119);

    // Recomputed from the rows themselves, oldest first in (date, created_at, id) order.
    const all = await t.db.db.execute(
      `select id, case when type = 'income' then amount_cents else -amount_cents end as signed
       from transactions where account_id = '${acc.id}' order by date, created_at, id`,
    );
    let running = 0;
    const expected = new Map<string, number>();
    for (const r of (all as { rows: { id: string; signed: string | number }[] }).rows) {
      running += Number(r.signed);
      expected.set(r.id, running / 100);
    }
    expect(listed.map((r) => [r.id, r.runningBalance])).toEqual(
      [...expected.entries()].reverse().map(([id, balance]) => [id, balance]),
    );
    const accountsRes = await t.request({ method: 'GET', url: '/api/accounts', token });
    const busy = accountsRes.json<{ data: Account[] }>().data.find((a) => a.id === acc.id)!;
    expect(busy.balance).toBe(listed[0]!.runningBalance);
  });

  it('refuses a bad cursor or limit with a 400', async () => {
    const { token } = await setup();
    const acc = await createAccount(t, token, { name: 'A' });
    for (const q of ['cursor=nope', 'limit=0', 'limit=500', 'limit=abc']) {
      const res = await t.request({ method: 'GET', url: `/api/accounts/${acc.id}/register?${q}`, token });
      expect(res.statusCode, q).toBe(400);
    }
  });
});

describe('GET /analytics/net-worth', () => {
  it('answers exactly N months by class, with liabilities, leaving out accounts not in net worth', async () => {
    const { token, food, today } = await setup();
    const month = today.slice(0, 7);
    const threeAgo = `${shiftMonth(month, -3)}-15`;
    const twoAgo = `${shiftMonth(month, -2)}-10`;
    const lastMonth = `${shiftMonth(month, -1)}-20`;
    const accounts = (await t.request({ method: 'GET', url: '/api/accounts', token })).json<{ data: Account[] }>().data;
    await t.request({
      method: 'PUT',
      url: `/api/accounts/${accounts[0]!.id}`,
      token,
      payload: { openingBalance: 1000, openingDate: threeAgo },
    });
    const card = await createAccount(t, token, {
      name: 'Card',
      kind: 'credit_card',
      openingBalance: -200,
      openingDate: twoAgo,
    });
    await createTransaction(t, token, { categoryId: food.id, accountId: card.id, amount: 50, date: lastMonth });
    await createAccount(t, token, {
      name: 'House',
      kind: 'property',
      inNetWorth: false,
      openingBalance: 300000,
      openingDate: threeAgo,
    });
    // An overdrawn asset lowers assets (by class, never by sign).
    await createAccount(t, token, { name: 'Overdrawn', kind: 'checking', openingBalance: -30, openingDate: lastMonth });

    const res = await t.request({ method: 'GET', url: '/api/analytics/net-worth?months=5', token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: [
        { month: shiftMonth(month, -4), assets: 0, liabilities: 0, netWorth: 0 },
        { month: shiftMonth(month, -3), assets: 1000, liabilities: 0, netWorth: 1000 },
        { month: shiftMonth(month, -2), assets: 1000, liabilities: 200, netWorth: 800 },
        { month: shiftMonth(month, -1), assets: 970, liabilities: 250, netWorth: 720 },
        { month, assets: 970, liabilities: 250, netWorth: 720 },
      ],
      meta: { unconverted: [] },
    });
    const def = await t.request({ method: 'GET', url: '/api/analytics/net-worth', token });
    expect(def.json<{ data: unknown[] }>().data).toHaveLength(12);
    for (const q of ['months=0', 'months=121', 'months=x']) {
      const bad = await t.request({ method: 'GET', url: `/api/analytics/net-worth?${q}`, token });
      expect(bad.statusCode, q).toBe(400);
    }
  });
});

describe('budgets count on-budget accounts only', () => {
  it('an expense in an off-budget account does not count; a categorised transfer leg leaving the budget does', async () => {
    const { token, user, food, today } = await setup();
    const broker = await createAccount(t, token, { name: 'Broker', kind: 'investment' });
    expect(broker.onBudget).toBe(false);
    await createTransaction(t, token, { categoryId: food.id, amount: 30, date: today });
    await createTransaction(t, token, { categoryId: food.id, accountId: broker.id, amount: 40, date: today });
    const budget = await createBudget(t, token, { categoryId: food.id, amount: 100 });
    expect(budget.spentAmount).toBe(30);
    // A transfer leg with a category leaving the budget (main → broker) counts as spending.
    await ledgerWriter.insertTransaction(t.db.db, user.id, {
      kind: 'transfer',
      categoryId: food.id,
      type: 'expense',
      amountCents: 2000,
      description: 'To broker',
      date: today,
      receiptKey: null,
      receiptMime: null,
    });
    const res = await t.request({ method: 'GET', url: '/api/budgets/status', token });
    expect(res.json<{ data: { spentAmount: number }[] }>().data[0]!.spentAmount).toBe(50);
  });
});

describe('moving rows onto the other end of a transfer', () => {
  it('is refused with a sentence; rows stay put', async () => {
    const { token, user, today } = await setup();
    const a = await createAccount(t, token, { name: 'A' });
    const b = await createAccount(t, token, { name: 'B' });
    const base = {
      description: 'Move',
      date: today,
      receiptKey: null,
      receiptMime: null,
      amountCents: 500,
      categoryId: null,
    };
    const out = await ledgerWriter.insertTransaction(t.db.db, user.id, {
      ...base,
      kind: 'transfer',
      type: 'expense',
      accountId: a.id,
    });
    const into = await ledgerWriter.insertTransaction(t.db.db, user.id, {
      ...base,
      kind: 'transfer',
      type: 'income',
      accountId: b.id,
    });
    await t.db.db.insert(transfers).values({ userId: user.id, outTransactionId: out.id, inTransactionId: into.id });
    const res = await t.request({ method: 'DELETE', url: `/api/accounts/${a.id}?moveTo=${b.id}`, token });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toMatch(
      /1 transfer or recurring transfer links these two accounts/,
    );
    const list = (await t.request({ method: 'GET', url: '/api/accounts', token })).json<{ data: Account[] }>().data;
    expect(list.find((x) => x.id === a.id)!.balance).toBe(-5);
    // A third account takes them.
    const c = await createAccount(t, token, { name: 'C' });
    const ok = await t.request({ method: 'DELETE', url: `/api/accounts/${a.id}?moveTo=${c.id}`, token });
    expect(ok.statusCode, ok.body).toBe(200);
    const after = (await t.request({ method: 'GET', url: '/api/accounts', token })).json<{ data: Account[] }>().data;
    expect(after.find((x) => x.id === c.id)!.balance).toBe(-5);
  });
});
