import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ledgerWriter } from '../ledger/index.js';
import { createCategory } from '../../../test/factories.js';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { type KnownData, seedKnownData, seedOtherUser } from '../../../test/known-data.js';

const t = useTestApp();
let token = '';
let known: KnownData;

const get = async (url: string, as = token) => {
  const res = await t.request({ method: 'GET', url: `/api/analytics/${url}`, token: as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

beforeAll(async () => {
  const alice = await registerUser(t);
  token = alice.token;
  known = await seedKnownData(t, { token, id: alice.user.id });
  const bob = await registerUser(t);
  await seedOtherUser(t, { token: bob.token, id: bob.user.id });
});

describe('analytics summary', () => {
  it('sums every transaction of the user when no dates are given', async () => {
    expect(await get('summary')).toEqual({
      totalIncome: 3500.05,
      totalExpense: 2045.84,
      balance: 1454.21,
      incomeCount: 2,
      expenseCount: 5,
      transactionCount: 7,
      avgExpense: 409.17, // 204584 / 5 = 40916.8 cents, rounded
    });
  });

  it('honours an inclusive date range and rounds the average to cents', async () => {
    expect(await get('summary?startDate=2025-01-01&endDate=2025-01-31')).toEqual({
      totalIncome: 3000,
      totalExpense: 1012.51,
      balance: 1987.49,
      incomeCount: 1,
      expenseCount: 3,
      transactionCount: 4,
      avgExpense: 337.5, // 101251 / 3 = 33750.33 cents
    });
    const oneDay = await get('summary?startDate=2025-01-06&endDate=2025-01-06');
    expect(oneDay).toMatchObject({ totalExpense: 12.51, expenseCount: 2, avgExpense: 6.26 });
    const fromMarch = await get('summary?startDate=2025-03-01');
    expect(fromMarch).toMatchObject({ totalExpense: 1000, totalIncome: 0, balance: -1000, transactionCount: 1 });
    const untilJan5 = await get('summary?endDate=2025-01-05');
    expect(untilJan5).toMatchObject({ totalIncome: 3000, totalExpense: 0, transactionCount: 1 });
  });

  it('answers zeros for a range without transactions', async () => {
    expect(await get('summary?startDate=2020-01-01&endDate=2020-12-31')).toEqual({
      totalIncome: 0,
      totalExpense: 0,
      balance: 0,
      incomeCount: 0,
      expenseCount: 0,
      transactionCount: 0,
      avgExpense: 0,
    });
  });
});

describe('category breakdown and top categories', () => {
  it('lists expense categories by total, with numeric-string totals and percentages', async () => {
    expect(await get('category-breakdown')).toEqual({
      breakdown: [
        {
          categoryId: known.rent.id,
          categoryName: 'Rent',
          categoryIcon: '🏠',
          categoryColor: '#3b82f6',
          total: '2000.00',
          count: 2,
          percentage: 97.8,
        },
        {
          categoryId: known.food.id,
          categoryName: 'Food',
          categoryIcon: '🍔',
          categoryColor: '#ef4444',
          total: '45.84',
          count: 3,
          percentage: 2.2,
        },
      ],
      total: 2045.84,
    });
  });

  it('breaks down income on request and honours the dates', async () => {
    const income = await get('category-breakdown?type=income');
    expect(income.total).toBe(3500.05);
    expect(
      income.breakdown.map((b: { categoryName: string; total: string; percentage: number }) => [
        b.categoryName,
        b.total,
        b.percentage,
      ]),
    ).toEqual([
      ['Salary', '3000.00', 85.7],
      ['Freelance', '500.05', 14.3],
    ]);
    const jan = await get('category-breakdown?startDate=2025-01-06&endDate=2025-01-06&type=expense');
    expect(jan).toEqual({
      breakdown: [expect.objectContaining({ categoryName: 'Food', total: '12.51', count: 2, percentage: 100 })],
      total: 12.51,
    });
    expect(await get('category-breakdown?startDate=2020-01-01&endDate=2020-01-31')).toEqual({
      breakdown: [],
      total: 0,
    });
  });

  it('top categories are the head of the breakdown, percentages of the whole', async () => {
    const top1 = await get('top-categories?limit=1');
    expect(top1).toEqual([expect.objectContaining({ categoryName: 'Rent', total: '2000.00', percentage: 97.8 })]);
    const top = await get('top-categories');
    expect(top.map((b: { categoryName: string }) => b.categoryName)).toEqual(['Rent', 'Food']);
    const income = await get('top-categories?type=income&startDate=2025-02-01&endDate=2025-02-28');
    expect(income).toEqual([
      expect.objectContaining({ categoryId: known.freelance.id, total: '500.05', count: 1, percentage: 100 }),
    ]);
  });
});

describe('daily trends and weekday pattern', () => {
  it('has every day of the range, zeros filled, balance per day', async () => {
    expect(await get('daily-trends?startDate=2025-01-04&endDate=2025-01-07')).toEqual([
      { date: '2025-01-04', income: 0, expense: 0, balance: 0 },
      { date: '2025-01-05', income: 3000, expense: 0, balance: 3000 },
      { date: '2025-01-06', income: 0, expense: 12.51, balance: -12.51 },
      { date: '2025-01-07', income: 0, expense: 0, balance: 0 },
    ]);
    const feb = await get('daily-trends?startDate=2025-02-01&endDate=2025-02-28');
    expect(feb).toHaveLength(28);
    expect(feb[14]).toEqual({ date: '2025-02-15', income: 0, expense: 33.33, balance: -33.33 });
    expect(feb[19]).toEqual({ date: '2025-02-20', income: 500.05, expense: 0, balance: 500.05 });
  });

  it('sums expenses per weekday, Sunday first, with the average per transaction', async () => {
    expect(await get('daily-pattern')).toEqual([
      { weekday: 0, label: 'Sun', total: 0, count: 0, average: 0 },
      { weekday: 1, label: 'Mon', total: 12.51, count: 2, average: 6.26 },
      { weekday: 2, label: 'Tue', total: 0, count: 0, average: 0 },
      { weekday: 3, label: 'Wed', total: 0, count: 0, average: 0 },
      { weekday: 4, label: 'Thu', total: 0, count: 0, average: 0 },
      { weekday: 5, label: 'Fri', total: 1000, count: 1, average: 1000 },
      { weekday: 6, label: 'Sat', total: 1033.33, count: 2, average: 516.67 },
    ]);
    const income = await get('daily-pattern?type=income&startDate=2025-01-01&endDate=2025-03-31');
    expect(income.map((d: { total: number }) => d.total)).toEqual([3000, 0, 0, 0, 500.05, 0, 0]);
  });
});

describe('recent transactions', () => {
  it('lists the newest first in the transactions API shape', async () => {
    const recent = await get('recent-transactions');
    expect(recent).toHaveLength(5);
    expect(recent[0]).toEqual({
      id: expect.any(String),
      categoryId: known.rent.id,
      category: { id: known.rent.id, name: 'Rent', color: '#3b82f6', icon: '🏠' },
      lines: [],
      tags: [],
      accountId: expect.any(String),
      kind: 'regular',
      status: 'uncleared',
      transferId: null,
      transferAccountId: null,
      amount: 1000,
      type: 'expense',
      description: 'March rent',
      date: '2025-03-01',
      receiptUrl: null,
      receiptThumbUrl: null,
      recurringId: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(recent.map((r: { description: string }) => r.description).slice(0, 4)).toEqual([
      'March rent',
      'Logo design',
      'Groceries',
      'January rent',
    ]);
    const all = await get('recent-transactions?limit=50');
    expect(all).toHaveLength(7);
    expect(all.map((r: { date: string }) => r.date)).toEqual(
      [...all.map((r: { date: string }) => r.date)].sort().reverse(),
    );
    expect(await get('recent-transactions?limit=1')).toHaveLength(1);
  });
});

describe('recent transactions with a receipt', () => {
  it('carries signed receipt URLs, as the transactions API does', async () => {
    const user = await registerUser(t);
    const cat = await createCategory(t, user.token, { name: 'Office' });
    // A stored receipt key without a file behind it: written through the ledger's writer directly.
    const row = await ledgerWriter.insertTransaction(t.db.db, user.user.id, {
      categoryId: cat.id,
      type: 'expense',
      amountCents: 990,
      description: null,
      date: '2025-01-02',
      receiptKey: randomUUID(),
      receiptMime: 'image/jpeg',
    });
    const [recent] = await get('recent-transactions', user.token);
    expect(recent.id).toBe(row.id);
    expect(recent.receiptUrl).toMatch(new RegExp(`^/api/receipts/${row.id}/full\\?exp=\\d+&sig=`));
    expect(recent.receiptThumbUrl).toMatch(new RegExp(`^/api/receipts/${row.id}/thumb\\?exp=\\d+&sig=`));
    const single = await t.request({ method: 'GET', url: `/api/transactions/${row.id}`, token: user.token });
    expect(recent).toEqual(single.json().data);
  });
});

describe('isolation', () => {
  it("never counts another user's transactions", async () => {
    const bob = await registerUser(t);
    const figures = await get('summary', bob.token);
    expect(figures.transactionCount).toBe(0);
    expect(await get('recent-transactions', bob.token)).toEqual([]);
    expect(await get('category-breakdown', bob.token)).toEqual({ breakdown: [], total: 0 });
    // Alice's figures above hold exact sums although the other user has rows on the same days.
    const alice = await get('summary?startDate=2025-03-01&endDate=2025-03-31');
    expect(alice.totalIncome).toBe(0);
  });
});
