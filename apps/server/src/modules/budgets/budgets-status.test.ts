import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BudgetStatusItem } from '@ledgerly/shared';
import { addDays, todayIn } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createCategory, seedTransactions, type TxSeed } from '../../../test/factories.js';
import { spendingWindow } from './budgets.service.js';

const t = useTestApp();

afterEach(() => {
  vi.useRealTimers();
});

async function statusList(token: string, period = 'monthly'): Promise<BudgetStatusItem[]> {
  const res = await t.request({ method: 'GET', url: `/api/budgets/status?period=${period}`, token });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: BudgetStatusItem[] }>().data;
}

async function budgetOn(token: string, categoryId: string, amount: number, period = 'monthly'): Promise<string> {
  const res = await t.request({ method: 'POST', url: '/api/budgets', token, payload: { categoryId, amount, period } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: BudgetStatusItem }>().data.id;
}

const byName = (items: BudgetStatusItem[]) => Object.fromEntries(items.map((b) => [b.category.name, b]));

describe('budget status: the numbers', () => {
  it('meets the thresholds exactly: 69.99 % safe, 70 % warning, 100 % exceeded', async () => {
    const { token, user } = await registerUser(t);
    const today = todayIn(user.timezone);
    const cases: [string, number[], Pick<BudgetStatusItem, 'spentAmount' | 'percentage' | 'remaining' | 'status'>][] = [
      ['A zero', [], { spentAmount: 0, percentage: 0, remaining: 100, status: 'safe' }],
      ['B just under', [6999], { spentAmount: 69.99, percentage: 69.99, remaining: 30.01, status: 'safe' }],
      ['C at warning', [2333, 2333, 2334], { spentAmount: 70, percentage: 70, remaining: 30, status: 'warning' }],
      ['D almost full', [9999], { spentAmount: 99.99, percentage: 99.99, remaining: 0.01, status: 'warning' }],
      ['E full', [10, 20, 9970], { spentAmount: 100, percentage: 100, remaining: 0, status: 'exceeded' }],
      ['F over', [15050], { spentAmount: 150.5, percentage: 150.5, remaining: -50.5, status: 'exceeded' }],
    ];
    const seeds: TxSeed[] = [];
    for (const [name, spends] of cases) {
      const cat = await createCategory(t, token, { name });
      await budgetOn(token, cat.id, 100);
      for (const amountCents of spends)
        seeds.push({ userId: user.id, categoryId: cat.id, type: 'expense', amountCents, date: today });
    }
    await seedTransactions(t, seeds);
    const got = byName(await statusList(token));
    for (const [name, , expected] of cases) {
      expect(got[name], name).toMatchObject({ ...expected, budgetAmount: 100, period: 'monthly' });
    }
  });

  it('sums large amounts exactly, in cents', async () => {
    const { token, user } = await registerUser(t);
    const today = todayIn(user.timezone);
    const cat = await createCategory(t, token, { name: 'Big' });
    await budgetOn(token, cat.id, 9_999_999_999.99);
    // 5,000 × 0.10 + 5,000 × 0.20: float addition would drift; integer cents do not.
    const seeds: TxSeed[] = Array.from({ length: 10_000 }, (_, i) => ({
      userId: user.id,
      categoryId: cat.id,
      type: 'expense' as const,
      amountCents: i % 2 ? 10 : 20,
      date: today,
    }));
    seeds.push({ userId: user.id, categoryId: cat.id, type: 'expense', amountCents: 999_999_999_999, date: today });
    await seedTransactions(t, seeds);
    const [item] = await statusList(token);
    // 100.000015 % rounds to 100.00 and is over budget.
    expect(item).toMatchObject({
      spentAmount: 10_000_001_499.99,
      remaining: -1500,
      status: 'exceeded',
      percentage: 100,
    });
  });
});

/** First day of the month after the one `date` falls in. */
function nextMonthStart(date: string): string {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

describe('budget status: what counts', () => {
  it('counts only expenses of the category inside the current month or year', async () => {
    const { token, user } = await registerUser(t);
    const today = todayIn(user.timezone);
    const year = Number(today.slice(0, 4));
    const monthStart = `${today.slice(0, 7)}-01`;
    const monthEnd = addDays(nextMonthStart(today), -1);
    const food = await createCategory(t, token, { name: 'Food' });
    const fun = await createCategory(t, token, { name: 'Fun' });
    const salary = await createCategory(t, token, { name: 'Salary', type: 'income' });
    await budgetOn(token, food.id, 100);
    await budgetOn(token, food.id, 1000, 'yearly');
    const tx = (
      categoryId: string,
      amountCents: number,
      date: string,
      type: 'expense' | 'income' = 'expense',
    ): TxSeed => ({
      userId: user.id,
      categoryId,
      type,
      amountCents,
      date,
    });
    await seedTransactions(t, [
      tx(food.id, 100, monthStart), // counted in both
      tx(food.id, 200, monthEnd), // counted in both
      tx(food.id, 400, addDays(monthStart, -1)), // last month: yearly only, unless it is last year
      tx(food.id, 800, nextMonthStart(today)), // next month: yearly only, unless it is next year
      tx(food.id, 1600, `${year}-01-01`), // this year
      tx(food.id, 3200, `${year}-12-31`), // this year
      tx(food.id, 6400, `${year - 1}-12-31`), // last year: never
      tx(food.id, 12800, `${year + 1}-01-01`), // next year: never
      tx(fun.id, 25600, today), // another category
      tx(salary.id, 51200, today, 'income'), // income
    ]);
    const inWindow = (date: string, from: string, to: string) => date >= from && date <= to;
    const all: [number, string][] = [
      [100, monthStart],
      [200, monthEnd],
      [400, addDays(monthStart, -1)],
      [800, nextMonthStart(today)],
      [1600, `${year}-01-01`],
      [3200, `${year}-12-31`],
      [6400, `${year - 1}-12-31`],
      [12800, `${year + 1}-01-01`],
    ];
    // The expected sums, from the dates alone (in January the month's first day is also the year's).
    const sum = (from: string, to: string) =>
      all.filter(([, d]) => inWindow(d, from, to)).reduce((acc, [c]) => acc + c, 0) / 100;
    const [monthly] = await statusList(token);
    expect(monthly).toMatchObject({ category: { name: 'Food' }, spentAmount: sum(monthStart, monthEnd) });
    expect(monthly!.spentAmount).toBeGreaterThanOrEqual(3);
    const [yearly] = await statusList(token, 'yearly');
    expect(yearly).toMatchObject({ category: { name: 'Food' }, spentAmount: sum(`${year}-01-01`, `${year}-12-31`) });
    expect(yearly!.spentAmount).toBeGreaterThanOrEqual(51);
  });

  it("never counts another user's spending", async () => {
    const alice = await registerUser(t);
    const bob = await registerUser(t);
    const today = todayIn(alice.user.timezone);
    const aliceFood = await createCategory(t, alice.token, { name: 'Food' });
    const bobFood = await createCategory(t, bob.token, { name: 'Food' });
    await budgetOn(alice.token, aliceFood.id, 10);
    await budgetOn(bob.token, bobFood.id, 10);
    await seedTransactions(t, [
      { userId: bob.user.id, categoryId: bobFood.id, type: 'expense', amountCents: 900, date: today },
      { userId: alice.user.id, categoryId: aliceFood.id, type: 'expense', amountCents: 100, date: today },
    ]);
    expect((await statusList(alice.token))[0]).toMatchObject({ spentAmount: 1, status: 'safe' });
    expect((await statusList(bob.token))[0]).toMatchObject({ spentAmount: 9, status: 'warning', percentage: 90 });
  });
});

describe('budget status: time zones', () => {
  it('measures the month and year of the user, not of UTC (Pacific/Kiritimati is UTC+14)', async () => {
    // 2026-12-31 12:00 UTC is already 2027-01-01 02:00 in Kiritimati.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-31T12:00:00Z') });
    const kiri = await registerUser(t, { timezone: 'Pacific/Kiritimati' });
    const utc = await registerUser(t, { timezone: 'UTC' });
    const kiriToday = todayIn('Pacific/Kiritimati');
    const utcToday = todayIn('UTC');
    expect([kiriToday, utcToday]).toEqual(['2027-01-01', '2026-12-31']);

    for (const { token, user } of [kiri, utc]) {
      const cat = await createCategory(t, token, { name: 'Food' });
      await budgetOn(token, cat.id, 10);
      await budgetOn(token, cat.id, 100, 'yearly');
      await seedTransactions(t, [
        { userId: user.id, categoryId: cat.id, type: 'expense', amountCents: 100, date: utcToday },
        { userId: user.id, categoryId: cat.id, type: 'expense', amountCents: 800, date: kiriToday },
      ]);
    }
    // In Kiritimati it is a new month and a new year: only the 1 January spending counts.
    expect((await statusList(kiri.token))[0]).toMatchObject({ spentAmount: 8, status: 'warning', percentage: 80 });
    expect((await statusList(kiri.token, 'yearly'))[0]).toMatchObject({ spentAmount: 8, status: 'safe' });
    // In UTC it is still 31 December.
    expect((await statusList(utc.token))[0]).toMatchObject({ spentAmount: 1, status: 'safe' });
    expect((await statusList(utc.token, 'yearly'))[0]).toMatchObject({ spentAmount: 1, status: 'safe' });
  });

  it('spendingWindow covers whole calendar months and years in the given zone', () => {
    const at = new Date('2028-02-29T11:00:00Z');
    expect(spendingWindow('monthly', 'UTC', at)).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(spendingWindow('monthly', 'Pacific/Kiritimati', at)).toEqual({ from: '2028-03-01', to: '2028-03-31' });
    expect(spendingWindow('monthly', 'Pacific/Pago_Pago', new Date('2027-01-01T05:00:00Z'))).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
    });
    expect(spendingWindow('yearly', 'Pacific/Pago_Pago', new Date('2027-01-01T05:00:00Z'))).toEqual({
      from: '2026-01-01',
      to: '2026-12-31',
    });
    expect(spendingWindow('monthly', 'UTC', new Date('2027-02-10T00:00:00Z')).to).toBe('2027-02-28');
  });
});
