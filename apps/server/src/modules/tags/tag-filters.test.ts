import { describe, expect, it } from 'vitest';
import { type Tag, type Transaction, addDays, todayIn } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createCategory, createTransaction } from '../../../test/factories.js';
import { readPdf } from '../../../test/pdf.js';

/*
 * The tag filter (`tagIds=a,b&tagMode=any|all|none`) on the list's summary, the analytics reads
 * (summary, category breakdown, top categories, dashboard) and the PDF, over HTTP (docs/tags.md):
 * a split row matches by its own tags, and its lines count in the category totals.
 */

const t = useTestApp();
const day = addDays(todayIn('UTC'), -1);

async function setup() {
  const auth = await registerUser(t);
  const food = await createCategory(t, auth.token, { name: 'Food', type: 'expense' });
  const home = await createCategory(t, auth.token, { name: 'Home', type: 'expense' });
  const refunds = await createCategory(t, auth.token, { name: 'Refunds', type: 'income' });
  const tag = async (name: string) => {
    const res = await t.request({ method: 'POST', url: '/api/tags', token: auth.token, payload: { name } });
    return res.json<{ data: Tag }>().data;
  };
  const [a, b] = [await tag('Wedding'), await tag('Work')];
  const add = (fields: Record<string, unknown>) => createTransaction(t, auth.token, { date: day, ...fields } as never);
  const rows = {
    r1: await add({ amount: 10, categoryId: food.id, tagIds: [a.id] }),
    r2: await add({ amount: 20, categoryId: food.id, tagIds: [a.id, b.id] }),
    // 100 spent: 120 of food, 20 refunded (an income line inside the expense).
    r3: await add({
      amount: 100,
      lines: [
        { categoryId: food.id, type: 'expense', amount: 90 },
        { categoryId: home.id, type: 'expense', amount: 30 },
        { categoryId: refunds.id, type: 'income', amount: 20 },
      ],
      tagIds: [b.id],
    }),
    r4: await add({ amount: 50, type: 'income', categoryId: refunds.id }),
    r5: await add({ amount: 7, categoryId: home.id }),
  };
  const get = async <T>(url: string) => {
    const res = await t.request({ method: 'GET', url: `/api/${url}`, token: auth.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: T }>().data;
  };
  return { ...auth, food, home, refunds, a, b, rows, get };
}

describe('tag filters beyond the list', () => {
  it('filter the analytics summary and the list summary with any, all and none; lines count by their type', async () => {
    const s = await setup();
    const q = `startDate=${day}&endDate=${day}`;
    const summary = (tags: string) => s.get<Record<string, number>>(`analytics/summary?${q}&${tags}`);
    expect(await summary(`tagIds=${s.a.id}`)).toMatchObject({
      totalIncome: 0,
      totalExpense: 30,
      expenseCount: 2,
      transactionCount: 2,
      avgExpense: 15,
    });
    // r2 and r3's lines: 20 + 90 + 30 expense, the 20 refund as income.
    expect(await summary(`tagIds=${s.b.id}`)).toMatchObject({
      totalIncome: 20,
      totalExpense: 140,
      balance: -120,
      incomeCount: 1,
      expenseCount: 3,
      transactionCount: 4,
    });
    expect(await summary(`tagIds=${s.a.id},${s.b.id}&tagMode=all`)).toMatchObject({
      totalExpense: 20,
      totalIncome: 0,
      transactionCount: 1,
    });
    expect(await summary(`tagIds=${s.a.id},${s.b.id}&tagMode=none`)).toMatchObject({
      totalExpense: 7,
      totalIncome: 50,
      transactionCount: 2,
    });
    // Without a filter the rollups answer the same figures for everything.
    expect(await summary('')).toMatchObject({ totalExpense: 157, totalIncome: 70 });
    // The list's summary sums the same way.
    expect(await s.get(`transactions/summary?tagIds=${s.b.id}`)).toMatchObject({ totalIncome: 20, totalExpense: 140 });
    // Another user's tag matches nothing.
    const other = await registerUser(t);
    const theirs = await t.request({ method: 'POST', url: '/api/tags', token: other.token, payload: { name: 'X' } });
    expect(await summary(`tagIds=${theirs.json<{ data: Tag }>().data.id}`)).toMatchObject({
      totalExpense: 0,
      transactionCount: 0,
    });
  });

  it('filters the category breakdown, top categories and the dashboard', async () => {
    const s = await setup();
    // Breakdown totals are decimal strings.
    const byCategory = (items: { categoryName: string; total: number | string; count: number }[]) =>
      items.map((i) => [i.categoryName, Number(i.total), i.count]);
    const breakdown = await s.get<{
      breakdown: { categoryName: string; total: number; count: number }[];
      total: number;
    }>(`analytics/category-breakdown?type=expense&tagIds=${s.b.id}`);
    expect(byCategory(breakdown.breakdown)).toEqual([
      ['Food', 110, 2],
      ['Home', 30, 1],
    ]);
    expect(breakdown.total).toBe(140);
    const income = await s.get<{ breakdown: { categoryName: string; total: number; count: number }[] }>(
      `analytics/category-breakdown?type=income&tagIds=${s.b.id}`,
    );
    expect(byCategory(income.breakdown)).toEqual([['Refunds', 20, 1]]);
    const none = await s.get<{ breakdown: { categoryName: string; total: number; count: number }[] }>(
      `analytics/category-breakdown?type=expense&tagIds=${s.a.id},${s.b.id}&tagMode=none`,
    );
    expect(byCategory(none.breakdown)).toEqual([['Home', 7, 1]]);
    const top = await s.get<{ categoryName: string; total: number; count: number }[]>(
      `analytics/top-categories?type=expense&limit=1&tagIds=${s.b.id}`,
    );
    expect(byCategory(top)).toEqual([['Food', 110, 2]]);

    const dash = await s.get<{
      summary: Record<string, number>;
      breakdown: { breakdown: { categoryName: string; total: number; count: number }[] };
      trend: { points: { expense: number; income: number }[] };
      recentTransactions: Transaction[];
    }>(`analytics/dashboard?period=all&tagIds=${s.b.id}`);
    expect(dash.summary).toMatchObject({ totalExpense: 140, totalIncome: 20 });
    expect(byCategory(dash.breakdown.breakdown)).toEqual([
      ['Food', 110, 2],
      ['Home', 30, 1],
    ]);
    expect(dash.trend.points.reduce((sum, p) => sum + p.expense, 0)).toBe(140);
    expect(dash.recentTransactions.map((r) => r.id).sort()).toEqual([s.rows.r2.id, s.rows.r3.id].sort());
    const month = await s.get<{ summary: Record<string, number> }>(`analytics/dashboard?period=year&tagIds=${s.a.id}`);
    // Yesterday may be last year on 1 January: then nothing is in this year's range.
    const thisYear = day.slice(0, 4) === todayIn('UTC').slice(0, 4);
    expect(month.summary.totalExpense).toBe(thisYear ? 30 : 0);
  });

  it('refuses a bad tagMode or a malformed id with a 400 naming the field', async () => {
    const s = await setup();
    for (const url of ['analytics/summary', 'analytics/category-breakdown', 'analytics/dashboard']) {
      const mode = await t.request({ method: 'GET', url: `/api/${url}?tagIds=${s.a.id}&tagMode=some`, token: s.token });
      expect(mode.statusCode, url).toBe(400);
      expect(mode.json<{ fields: Record<string, string> }>().fields).toHaveProperty('tagMode');
      const id = await t.request({ method: 'GET', url: `/api/${url}?tagIds=nope`, token: s.token });
      expect(id.statusCode, url).toBe(400);
      expect(Object.keys(id.json<{ fields: Record<string, string> }>().fields)[0]).toMatch(/^tagIds/);
    }
  });

  it('spending by tag counts a split row once, net of its refund line', async () => {
    const s = await setup();
    const totals = await s.get<{ name: string; total: number; count: number }[]>(
      `analytics/tags?type=expense&startDate=${day}&endDate=${day}`,
    );
    expect(totals.map((g) => [g.name, g.total, g.count])).toEqual([
      ['Work', 120, 2],
      ['Wedding', 30, 2],
    ]);
    // Unsplit again: the row counts with its category, the same 100.
    const put = await t.request({
      method: 'PUT',
      url: `/api/transactions/${s.rows.r3.id}`,
      token: s.token,
      payload: { type: 'expense', amount: 80, date: day, categoryId: s.food.id, lines: [] },
    });
    expect(put.statusCode, put.body).toBe(200);
    const after = await s.get<{ name: string; total: number }[]>(`analytics/tags?type=expense`);
    expect(after.map((g) => [g.name, g.total])).toEqual([
      ['Work', 100],
      ['Wedding', 30],
    ]);
  });

  it('filters the PDF report, whose category totals count the lines', async () => {
    const s = await setup();
    const res = await t.request({ method: 'GET', url: `/api/export/pdf?tagIds=${s.b.id}`, token: s.token });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const { text } = await readPdf(res.rawPayload);
    expect(text).toContain('Home');
    expect(text).toContain('Refunds');
    expect(text).toMatch(/Food[\s\S]*110\.00/);
  });
});
