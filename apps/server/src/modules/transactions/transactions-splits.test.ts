import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Transaction, todayIn } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createCategory, createTransaction } from '../../../test/factories.js';
import { commit, upload } from '../../../test/imports-helpers.js';
import { multipart } from '../../../test/multipart.js';

/** Split transactions over HTTP (DESIGN §11, docs/splits.md), on PGlite or PostgreSQL. */
const t = useTestApp();

const repoRoot = resolve(import.meta.dirname, '../../../../..');
const fixture = (name: string) => readFileSync(join(repoRoot, '..', 'shared', 'fixtures', 'import', name));

async function setup() {
  const auth = await registerUser(t);
  const food = await createCategory(t, auth.token, { name: 'Food' });
  const home = await createCategory(t, auth.token, { name: 'Household' });
  const refund = await createCategory(t, auth.token, { name: 'Refunds', type: 'income' });
  return { ...auth, food, home, refund, today: todayIn(auth.user.timezone) };
}

const get = async (token: string, url: string) => {
  const res = await t.request({ method: 'GET', url, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const list = async (token: string, query = '') => {
  const res = await t.request({ method: 'GET', url: `/api/transactions?${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Transaction[]; meta: { total: number } }>();
};
const send = (token: string, method: 'POST' | 'PUT', url: string, payload: object) =>
  t.request({ method, url, token, payload });

/** Rows and lines of a user as stored (nothing written on a refusal). */
async function stored(userId: string) {
  const rows = (await t.db.db.execute(sql`select count(*)::int as n from transactions where user_id = ${userId}`)) as {
    rows: { n: number }[];
  };
  const lines = (await t.db.db.execute(
    sql`select count(*)::int as n from transaction_lines where user_id = ${userId}`,
  )) as { rows: { n: number }[] };
  return { rows: rows.rows[0]!.n, lines: lines.rows[0]!.n };
}

describe('split transactions', () => {
  it('splits a receipt into three lines (one a refund): totals count the lines, the balance the row', async () => {
    const s = await setup();
    const res = await send(s.token, 'POST', '/api/transactions', {
      type: 'expense',
      amount: '100.00',
      date: s.today,
      description: 'Supermarket',
      lines: [
        { categoryId: s.food.id, amount: '70.00', type: 'expense', note: 'groceries' },
        { categoryId: s.home.id, amount: 40, type: 'expense' },
        { categoryId: s.refund.id, amount: '10', type: 'income', note: 'returned bottle' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<{ data: Transaction }>().data;
    expect(created).toMatchObject({ categoryId: null, category: null, amount: 100, type: 'expense' });
    expect(created.lines.map((l) => [l.categoryId, l.category?.name, l.amount, l.type, l.note])).toEqual([
      [s.food.id, 'Food', 70, 'expense', 'groceries'],
      [s.home.id, 'Household', 40, 'expense', null],
      [s.refund.id, 'Refunds', 10, 'income', 'returned bottle'],
    ]);
    expect((await get(s.token, `/api/transactions/${created.id}`)).lines).toEqual(created.lines);

    // The list shows the row once, with its lines; a category of a line finds it.
    const all = await list(s.token);
    expect(all.meta.total).toBe(1);
    expect(all.data[0]!.lines).toHaveLength(3);
    for (const query of [`categoryId=${s.food.id}`, `categoryId=${s.refund.id}`, 'type=expense', 'type=income']) {
      const found = await list(s.token, query);
      expect([query, found.meta.total, found.data.map((r) => r.id)]).toEqual([query, 1, [created.id]]);
    }
    expect((await list(s.token, `search=Supermarket&categoryId=${s.home.id}`)).meta.total).toBe(1);

    // The summary sums the lines, from the rollups and (with a search) from the rows.
    expect(await get(s.token, '/api/transactions/summary')).toEqual({
      totalIncome: 10,
      totalExpense: 110,
      balance: -100,
    });
    expect(await get(s.token, '/api/transactions/summary?search=super')).toEqual({
      totalIncome: 10,
      totalExpense: 110,
      balance: -100,
    });
    expect(await get(s.token, `/api/transactions/summary?categoryId=${s.food.id}`)).toMatchObject({ totalExpense: 70 });

    // Each line in its category's totals, the row once in the account's balance.
    const month = s.today.slice(0, 7);
    const totals = (await t.db.db.execute(sql`
      select category_id, type, total_cents::int as cents, tx_count::int as n from transaction_monthly_totals
      where user_id = ${s.user.id} order by total_cents`)) as {
      rows: { category_id: string; type: string; cents: number; n: number }[];
    };
    expect(totals.rows).toEqual([
      { category_id: s.refund.id, type: 'income', cents: 1000, n: 1 },
      { category_id: s.home.id, type: 'expense', cents: 4000, n: 1 },
      { category_id: s.food.id, type: 'expense', cents: 7000, n: 1 },
    ]);
    const accounts = await get(s.token, '/api/accounts');
    expect(accounts.map((a: { balance: number }) => a.balance)).toEqual([-100]);
    expect(month).toMatch(/^\d{4}-\d{2}$/);

    // Unsplit: the category takes the whole row again.
    const back = await send(s.token, 'PUT', `/api/transactions/${created.id}`, {
      categoryId: s.food.id,
      lines: [],
      type: 'expense',
      amount: 100,
      date: s.today,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data).toMatchObject({ categoryId: s.food.id, lines: [] });
    expect(await get(s.token, '/api/transactions/summary')).toEqual({
      totalIncome: 0,
      totalExpense: 100,
      balance: -100,
    });
    expect(await stored(s.user.id)).toEqual({ rows: 1, lines: 0 });
  });

  it('splits and unsplits an existing row over multipart, lines as JSON text; moves its lines with its date', async () => {
    const s = await setup();
    const row = await createTransaction(t, s.token, { categoryId: s.food.id, amount: '25.00', date: s.today });
    const form = multipart({
      type: 'expense',
      amount: '25.00',
      date: '2024-02-10',
      lines: JSON.stringify([
        { categoryId: s.food.id, amount: '20.00', type: 'expense' },
        { categoryId: s.home.id, amount: '5.00', type: 'expense', note: 'soap' },
      ]),
    });
    const res = await t.request({ method: 'PUT', url: `/api/transactions/${row.id}`, token: s.token, ...form });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.lines.map((l: { amount: number }) => l.amount)).toEqual([20, 5]);
    const days = (await t.db.db.execute(sql`
      select day::text, category_id, total_cents::int as cents from transaction_daily_totals
      where user_id = ${s.user.id} order by total_cents`)) as {
      rows: { day: string; category_id: string; cents: number }[];
    };
    expect(days.rows).toEqual([
      { day: '2024-02-10', category_id: s.home.id, cents: 500 },
      { day: '2024-02-10', category_id: s.food.id, cents: 2000 },
    ]);
    // A new date on the row (and no lines sent: they stay) carries the lines with it.
    const moved = await send(s.token, 'PUT', `/api/transactions/${row.id}`, {
      type: 'expense',
      amount: 25,
      date: '2024-03-01',
      lines: res.json().data.lines.map((l: Transaction['lines'][number]) => ({ ...l, id: undefined })),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = (await t.db.db.execute(sql`
      select distinct day::text from transaction_daily_totals where user_id = ${s.user.id}`)) as {
      rows: { day: string }[];
    };
    expect(after.rows).toEqual([{ day: '2024-03-01' }]);
    const unsplit = multipart({ categoryId: s.home.id, type: 'expense', amount: '25.00', date: '2024-03-01' });
    const res2 = await t.request({ method: 'PUT', url: `/api/transactions/${row.id}`, token: s.token, ...unsplit });
    expect(res2.statusCode, res2.body).toBe(200);
    expect(res2.json().data).toMatchObject({ categoryId: s.home.id, lines: [] });
  });

  it('refuses bad lines with a 400/404 naming the field, and writes nothing', async () => {
    const s = await setup();
    const other = await registerUser(t);
    const theirs = await createCategory(t, other.token, { name: 'Theirs' });
    const row = await createTransaction(t, s.token, { categoryId: s.food.id, amount: '30.00', date: s.today });
    const base = { type: 'expense', amount: '30.00', date: s.today };
    const cases: [object, number, string][] = [
      [
        {
          lines: [
            { categoryId: s.food.id, amount: 20, type: 'expense' },
            { categoryId: s.home.id, amount: 5, type: 'expense' },
          ],
        },
        400,
        "The lines must add up to the transaction's amount: 5.00 is left to assign",
      ],
      [{ lines: [{ categoryId: s.food.id, amount: 30, type: 'expense' }] }, 400, 'A split needs at least two lines'],
      [
        {
          categoryId: s.food.id,
          lines: [
            { categoryId: s.food.id, amount: 20, type: 'expense' },
            { categoryId: s.home.id, amount: 10, type: 'expense' },
          ],
        },
        400,
        'Send either a category or lines, not both',
      ],
      [
        {
          lines: [
            { categoryId: s.food.id, amount: 20, type: 'expense' },
            { categoryId: theirs.id, amount: 10, type: 'expense' },
          ],
        },
        404,
        'Line 2: Category not found',
      ],
      [
        {
          lines: [
            { categoryId: s.food.id, amount: 20, type: 'expense' },
            { categoryId: s.refund.id, amount: 10, type: 'expense' },
          ],
        },
        400,
        'Line 2: Selected category is for income, but transaction type is expense',
      ],
      [
        {
          lines: [
            { categoryId: s.food.id, amount: 'lots', type: 'expense' },
            { categoryId: s.home.id, amount: 10, type: 'expense' },
          ],
        },
        400,
        'Line 1: Please enter a valid amount',
      ],
      [{ lines: 'not json' }, 400, 'Lines must be a list of lines, each with a category, an amount and a type'],
      [{}, 400, 'Please select a category'],
    ];
    const before = await stored(s.user.id);
    for (const [body, status, message] of cases) {
      for (const [method, url] of [
        ['POST', '/api/transactions'],
        ['PUT', `/api/transactions/${row.id}`],
      ] as const) {
        const res = await send(s.token, method, url, { ...base, ...body });
        const answer = res.json();
        expect([method, res.statusCode, answer.message]).toEqual([method, status, message]);
        expect(Object.values(answer.fields ?? {})).toContain(message);
      }
    }
    expect(await stored(s.user.id)).toEqual(before);
    expect((await get(s.token, `/api/transactions/${row.id}`)).categoryId).toBe(s.food.id);
  });

  it('is enforced by the database: lines that do not add up, or a split row without lines, do not commit', async () => {
    const s = await setup();
    const row = await createTransaction(t, s.token, { categoryId: s.food.id, amount: '30.00', date: s.today });
    const db = t.db.db;
    // Two lines of 20 + 5 for a row of 30, written behind the app's back.
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`update transactions set category_id = null where id = ${row.id}`);
        await tx.execute(sql`insert into transaction_lines (user_id, transaction_id, account_id, date, position, category_id, type, amount_cents)
          select user_id, id, account_id, date, p, ${s.food.id}, 'expense', c from transactions, (values (0, 2000), (1, 500)) v(p, c)
          where id = ${row.id}`);
      }),
    ).rejects.toThrow();
    // A split row left without lines.
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`update transactions set category_id = null where id = ${row.id}`);
      }),
    ).rejects.toThrow();
    // Lines on a row that keeps its category.
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into transaction_lines (user_id, transaction_id, account_id, date, position, category_id, type, amount_cents)
          select user_id, id, account_id, date, p, ${s.food.id}, 'expense', c from transactions, (values (0, 2000), (1, 1000)) v(p, c)
          where id = ${row.id}`);
      }),
    ).rejects.toThrow();
    // The same lines adding up commit.
    await db.transaction(async (tx) => {
      await tx.execute(sql`update transactions set category_id = null where id = ${row.id}`);
      await tx.execute(sql`insert into transaction_lines (user_id, transaction_id, account_id, date, position, category_id, type, amount_cents)
        select user_id, id, account_id, date, p, ${s.food.id}, 'expense', c from transactions, (values (0, 2000), (1, 1000)) v(p, c)
        where id = ${row.id}`);
    });
    expect((await get(s.token, `/api/transactions/${row.id}`)).lines).toHaveLength(2);
    // A split row's amount cannot change without its lines.
    await expect(db.execute(sql`update transactions set amount_cents = 3100 where id = ${row.id}`)).rejects.toThrow();
  });

  it('splits an imported row: it keeps its import identity, so importing the file again adds nothing', async () => {
    const s = await setup();
    const file = fixture('ofxparse__checking.ofx');
    const first = await upload(t, s.token, file, undefined, 'checking.ofx');
    expect(first.statusCode, first.body).toBe(201);
    await commit(t, s.token, first.json().data.id);
    const imported = await list(s.token, 'limit=100');
    expect(imported.meta.total).toBe(3);
    const expense = imported.data.find((r) => r.type === 'expense')!;
    const cents = Math.round(expense.amount * 100);
    const res = await send(s.token, 'PUT', `/api/transactions/${expense.id}`, {
      type: 'expense',
      amount: expense.amount,
      date: expense.date,
      description: expense.description,
      lines: [
        { categoryId: s.food.id, amount: (cents - 100) / 100, type: 'expense' },
        { categoryId: s.home.id, amount: 1, type: 'expense' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const again = await upload(t, s.token, file, undefined, 'checking.ofx');
    expect(again.statusCode, again.body).toBe(201);
    await commit(t, s.token, again.json().data.id);
    const after = await list(s.token, 'limit=100');
    expect(after.meta.total).toBe(3);
    expect(after.data.find((r) => r.id === expense.id)!.lines).toHaveLength(2);
  });

  it('keeps a split row out of transfers: a transfer leg cannot be split', async () => {
    const s = await setup();
    const acc = await t.request({
      method: 'POST',
      url: '/api/accounts',
      token: s.token,
      payload: { name: 'Savings', kind: 'savings' },
    });
    expect(acc.statusCode, acc.body).toBe(201);
    const accounts = await get(s.token, '/api/accounts');
    const tr = await t.request({
      method: 'POST',
      url: '/api/transfers',
      token: s.token,
      payload: {
        fromAccountId: accounts[0].id,
        toAccountId: acc.json().data.id,
        amount: 10,
        date: s.today,
      },
    });
    expect(tr.statusCode, tr.body).toBe(201);
    const leg = tr.json().data.outTransaction as Transaction;
    const res = await send(s.token, 'PUT', `/api/transactions/${leg.id}`, {
      type: 'expense',
      amount: 10,
      date: s.today,
      lines: [
        { categoryId: s.food.id, amount: 5, type: 'expense' },
        { categoryId: s.home.id, amount: 5, type: 'expense' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ lines: 'A transfer cannot be split; unlink it first' });

    // A split row is not linked into a transfer.
    const out = await send(s.token, 'POST', '/api/transactions', {
      type: 'expense',
      amount: 20,
      date: s.today,
      accountId: accounts[0].id,
      lines: [
        { categoryId: s.food.id, amount: 15, type: 'expense' },
        { categoryId: s.home.id, amount: 5, type: 'expense' },
      ],
    });
    expect(out.statusCode, out.body).toBe(201);
    const inn = await send(s.token, 'POST', '/api/transactions', {
      categoryId: s.refund.id,
      type: 'income',
      amount: 20,
      date: s.today,
      accountId: acc.json().data.id,
    });
    expect(inn.statusCode, inn.body).toBe(201);
    const link = await send(s.token, 'POST', '/api/transfers/link', {
      outTransactionId: out.json().data.id,
      inTransactionId: inn.json().data.id,
    });
    expect(link.statusCode, link.body).toBe(400);
    expect(link.json().fields).toEqual({
      outTransactionId: 'A split transaction cannot be a transfer leg; unsplit it first',
    });
  });
});
