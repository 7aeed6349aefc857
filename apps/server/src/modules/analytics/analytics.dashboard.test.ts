import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DashboardData, MonthlyTrend } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { seedTransactions } from '../../../test/factories.js';
import { type KnownData, seedKnownData, seedOtherUser } from '../../../test/known-data.js';

const t = useTestApp();
let token = '';
let known: KnownData;

const get = async (url: string, as = token) => {
  const res = await t.request({ method: 'GET', url: `/api/analytics/${url}`, token: as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

/** Freezes the clock (Date only; timers keep running) at an instant. */
const freezeAt = (iso: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
};

beforeAll(async () => {
  // Users register on the real clock: their sessions stay valid whatever instant a test freezes.
  const alice = await registerUser(t);
  token = alice.token;
  known = await seedKnownData(t, { token, id: alice.user.id }, { withOld: true });
  const bob = await registerUser(t);
  await seedOtherUser(t, { token: bob.token, id: bob.user.id });
});

afterEach(() => {
  vi.useRealTimers();
});

const months = (points: MonthlyTrend[]) => points.map((p) => p.month);

describe('monthly trends', () => {
  it('covers the last N months ending with the current one, oldest first, zeros filled', async () => {
    freezeAt('2025-03-15T12:00:00Z');
    expect(await get('monthly-trends?months=4')).toEqual([
      { month: '2024-12', income: 0, expense: 0, balance: 0 },
      { month: '2025-01', income: 3000, expense: 1012.51, balance: 1987.49 },
      { month: '2025-02', income: 500.05, expense: 33.33, balance: 466.72 },
      { month: '2025-03', income: 0, expense: 1000, balance: -1000 },
    ]);
    const year = await get('monthly-trends');
    expect(months(year)).toEqual([
      '2024-04',
      '2024-05',
      '2024-06',
      '2024-07',
      '2024-08',
      '2024-09',
      '2024-10',
      '2024-11',
      '2024-12',
      '2025-01',
      '2025-02',
      '2025-03',
    ]);
    expect(year[2]).toEqual({ month: '2024-06', income: 0, expense: 7, balance: -7 });
    expect(await get('monthly-trends?months=1')).toEqual([
      { month: '2025-03', income: 0, expense: 1000, balance: -1000 },
    ]);
    const five = await get('monthly-trends?months=60');
    expect(five).toHaveLength(60);
    expect(five[0].month).toBe('2020-04');
  });

  it('crosses year boundaries', async () => {
    freezeAt('2025-01-31T23:00:00Z');
    expect(months(await get('monthly-trends?months=3'))).toEqual(['2024-11', '2024-12', '2025-01']);
  });
});

describe('dashboard', () => {
  it("'month': first of the month to today, daily trend, breakdown, top and recent", async () => {
    freezeAt('2025-03-15T12:00:00Z');
    const d: DashboardData = await get('dashboard?period=month');
    expect(d.period).toBe('month');
    expect(d.startDate).toBe('2025-03-01');
    expect(d.endDate).toBe('2025-03-15');
    expect(d.summary).toEqual({
      totalIncome: 0,
      totalExpense: 1000,
      balance: -1000,
      incomeCount: 0,
      expenseCount: 1,
      transactionCount: 1,
      avgExpense: 1000,
    });
    expect(d.trend.granularity).toBe('daily');
    expect(d.trend.points).toHaveLength(15);
    expect(d.trend.points[0]).toEqual({ date: '2025-03-01', income: 0, expense: 1000, balance: -1000 });
    expect(d.trend.points[14]).toEqual({ date: '2025-03-15', income: 0, expense: 0, balance: 0 });
    expect(d.breakdown).toEqual({
      breakdown: [expect.objectContaining({ categoryId: known.rent.id, total: '1000.00', count: 1, percentage: 100 })],
      total: 1000,
    });
    expect(d.topCategories).toEqual(d.breakdown.breakdown);
    expect(d.recentTransactions).toHaveLength(5);
    expect(d.recentTransactions[0]).toMatchObject({ description: 'March rent', date: '2025-03-01' });
  });

  it('defaults to the month period', async () => {
    freezeAt('2025-03-15T12:00:00Z');
    const d: DashboardData = await get('dashboard');
    expect(d.period).toBe('month');
    expect(d.startDate).toBe('2025-03-01');
  });

  it("'year': 1 January to today, monthly trend keeping only this year's months", async () => {
    freezeAt('2025-03-15T12:00:00Z');
    const d: DashboardData = await get('dashboard?period=year');
    expect(d.startDate).toBe('2025-01-01');
    expect(d.endDate).toBe('2025-03-15');
    expect(d.summary).toMatchObject({ totalIncome: 3500.05, totalExpense: 2045.84, transactionCount: 7 });
    expect(d.trend.granularity).toBe('monthly');
    expect(d.trend.points).toEqual([
      { month: '2025-01', income: 3000, expense: 1012.51, balance: 1987.49 },
      { month: '2025-02', income: 500.05, expense: 33.33, balance: 466.72 },
      { month: '2025-03', income: 0, expense: 1000, balance: -1000 },
    ]);
    expect(d.topCategories.map((c) => c.categoryName)).toEqual(['Rent', 'Food']);
    expect(d.breakdown.total).toBe(2045.84);
  });

  it("'all': every transaction, the last 12 months as the trend", async () => {
    freezeAt('2025-03-15T12:00:00Z');
    const d: DashboardData = await get('dashboard?period=all');
    expect(d.startDate).toBeNull();
    expect(d.summary).toMatchObject({
      totalExpense: 2052.84,
      expenseCount: 6,
      transactionCount: 8,
      avgExpense: 342.14,
    });
    expect(d.trend.granularity).toBe('monthly');
    expect(d.trend.points).toHaveLength(12);
    expect(d.trend.points[0]).toMatchObject({ month: '2024-04' });
    expect(d.trend.points[11]).toMatchObject({ month: '2025-03' });
    expect(d.breakdown.breakdown.map((b) => [b.categoryName, b.total, b.count])).toEqual([
      ['Rent', '2000.00', 2],
      ['Food', '52.84', 4],
    ]);
  });
});

describe("a user whose 'today' differs from UTC", () => {
  it("uses the user's time zone for today, the month and the series", async () => {
    const kiri = await registerUser(t, { timezone: 'Pacific/Kiritimati' });
    const utc = await registerUser(t, { timezone: 'UTC' });
    const kiriData = await seedKnownData(t, { token: kiri.token, id: kiri.user.id });
    await seedTransactions(t, [
      { userId: kiri.user.id, categoryId: kiriData.food.id, type: 'expense', amountCents: 4200, date: '2025-04-01' },
    ]);
    // 12:00 UTC on 31 March is 02:00 on 1 April in Kiritimati (UTC+14).
    freezeAt('2025-03-31T12:00:00Z');
    const d: DashboardData = await get('dashboard?period=month', kiri.token);
    expect(d.startDate).toBe('2025-04-01');
    expect(d.endDate).toBe('2025-04-01');
    expect(d.summary).toMatchObject({ totalExpense: 42, expenseCount: 1 });
    expect(d.trend.points).toEqual([{ date: '2025-04-01', income: 0, expense: 42, balance: -42 }]);
    expect(months(await get('monthly-trends?months=2', kiri.token))).toEqual(['2025-03', '2025-04']);
    expect(await get('daily-trends', kiri.token)).toEqual([
      { date: '2025-04-01', income: 0, expense: 42, balance: -42 },
    ]);

    const u: DashboardData = await get('dashboard?period=month', utc.token);
    expect(u.startDate).toBe('2025-03-01');
    expect(u.endDate).toBe('2025-03-31');
    expect(u.trend.points).toHaveLength(31);
  });
});

describe('an empty account', () => {
  it('answers zeros and complete zero-filled series, never an error', async () => {
    freezeAt('2025-02-10T08:00:00Z');
    const empty = await registerUser(t);
    const as = empty.token;
    const zeros = {
      totalIncome: 0,
      totalExpense: 0,
      balance: 0,
      incomeCount: 0,
      expenseCount: 0,
      transactionCount: 0,
      avgExpense: 0,
    };
    expect(await get('summary', as)).toEqual(zeros);
    expect(await get('category-breakdown', as)).toEqual({ breakdown: [], total: 0 });
    expect(await get('top-categories', as)).toEqual([]);
    expect(await get('recent-transactions', as)).toEqual([]);
    const monthly = await get('monthly-trends', as);
    expect(monthly).toHaveLength(12);
    expect(monthly.every((m: MonthlyTrend) => m.income === 0 && m.expense === 0 && m.balance === 0)).toBe(true);
    const daily = await get('daily-trends', as);
    expect(daily).toHaveLength(10);
    expect(daily[0]).toEqual({ date: '2025-02-01', income: 0, expense: 0, balance: 0 });
    const pattern = await get('daily-pattern', as);
    expect(pattern.map((p: { label: string }) => p.label)).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(pattern.every((p: { total: number; count: number }) => p.total === 0 && p.count === 0)).toBe(true);
    for (const period of ['month', 'year', 'all'] as const) {
      const d: DashboardData = await get(`dashboard?period=${period}`, as);
      expect(d.summary).toEqual(zeros);
      expect(d.breakdown).toEqual({ breakdown: [], total: 0 });
      expect(d.topCategories).toEqual([]);
      expect(d.recentTransactions).toEqual([]);
      expect(d.trend.points).toHaveLength(period === 'month' ? 10 : period === 'year' ? 2 : 12);
    }
  });
});
