import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BudgetAlertList, BudgetStatusItem } from '@ledgerly/shared';
import { addDays, firstOfMonth, todayIn } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createCategory, createTransaction, seedTransactions } from '../../../test/factories.js';
import { createRecurring } from '../../../test/recurring-helpers.js';
import { budgetAlerts } from '../../db/schema.js';

const t = useTestApp();

async function budgetOn(token: string, categoryId: string, amount: number, period = 'monthly'): Promise<string> {
  const res = await t.request({ method: 'POST', url: '/api/budgets', token, payload: { categoryId, amount, period } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: BudgetStatusItem }>().data.id;
}

async function alerts(token: string): Promise<BudgetAlertList> {
  const res = await t.request({ method: 'GET', url: '/api/alerts', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BudgetAlertList>();
}

async function spend(token: string, categoryId: string, amount: number, date: string) {
  return (await createTransaction(t, token, { categoryId, type: 'expense', amount, date })).id;
}

/** A day of this month no later than today, so transactions may be dated on it. */
const dayOfMonth = (today: string, n: number) => {
  const d = addDays(firstOfMonth(today), n - 1);
  return d <= today ? d : today;
};

describe('budget alerts', () => {
  it('raises 70 % and 100 % once each, naming the budget, the figure and the day it crossed', async () => {
    const { token, user } = await registerUser(t);
    const today = todayIn(user.timezone);
    const food = await createCategory(t, token, { name: 'Food', icon: '🍔', color: '#ef4444' });
    const budgetId = await budgetOn(token, food.id, 200);
    expect(await alerts(token)).toEqual({ data: [], meta: { unread: 0 } });

    // 139.99 of 200 (69.995 %) is not yet 70 %.
    await spend(token, food.id, 100, dayOfMonth(today, 1));
    await spend(token, food.id, 39.99, dayOfMonth(today, 2));
    expect((await alerts(token)).data).toEqual([]);
    // One cent more: exactly 70 %.
    await spend(token, food.id, 0.01, dayOfMonth(today, 3));
    const first = await alerts(token);
    expect(first).toEqual({
      data: [
        {
          id: expect.any(String),
          budgetId,
          category: { id: food.id, name: 'Food', icon: '🍔', color: '#ef4444' },
          period: 'monthly',
          periodStart: firstOfMonth(today),
          threshold: 70,
          spentAmount: 140,
          budgetAmount: 200,
          date: dayOfMonth(today, 3),
          read: false,
        },
      ],
      meta: { unread: 1 },
    });
    // Reading again raises nothing new.
    expect(await alerts(token)).toEqual(first);

    // Over 100 %: a second alert; the first stays as it was.
    await spend(token, food.id, 75, today);
    const second = await alerts(token);
    expect(second.meta.unread).toBe(2);
    expect(second.data.map((a) => [a.threshold, a.spentAmount, a.date])).toEqual([
      [100, 215, today],
      [70, 140, dayOfMonth(today, 3)],
    ]);

    // Spending falling back under and crossing again raises nothing more this period.
    const refundable = await spend(token, food.id, 1, today);
    await t.request({ method: 'DELETE', url: `/api/transactions/${refundable}`, token });
    expect((await alerts(token)).data).toHaveLength(2);
    const rows = await t.db.db.select().from(budgetAlerts).where(eq(budgetAlerts.userId, user.id));
    expect(rows).toHaveLength(2);
  });

  it('covers every write path: a recurring generation and a yearly budget', async () => {
    const { token, user } = await registerUser(t);
    const today = todayIn(user.timezone);
    const rent = await createCategory(t, token, { name: 'Rent' });
    await budgetOn(token, rent.id, 1000, 'yearly');
    await createRecurring(t, token, { categoryId: rent.id, amount: 1000, description: 'Rent', startDate: today });
    await t.request({ method: 'POST', url: '/api/recurring/generate', token });
    const list = await alerts(token);
    // 100 % in one step: both thresholds were crossed that day, the user is told once.
    expect(list.data.map((a) => [a.period, a.threshold, a.spentAmount, a.date])).toEqual([
      ['yearly', 100, 1000, today],
    ]);
    expect(list.meta.unread).toBe(1);
    expect(list.data[0]!.periodStart).toBe(`${today.slice(0, 4)}-01-01`);
  });

  it('a budget created already past 100 % raises one alert, not two, and never the 70 % later', async () => {
    const { token, user } = await registerUser(t);
    const today = todayIn(user.timezone);
    const food = await createCategory(t, token, { name: 'Food' });
    // Spending crossed 70 % of the future budget on the 1st and 100 % later in the month.
    await spend(token, food.id, 80, dayOfMonth(today, 1));
    await spend(token, food.id, 40, today);
    await budgetOn(token, food.id, 100);
    const list = await alerts(token);
    expect(list.data.map((a) => [a.threshold, a.spentAmount, a.date])).toEqual([[100, 120, today]]);
    expect(list.meta.unread).toBe(1);
    // Reading again (and spending more) never brings the 70 % back.
    await spend(token, food.id, 5, today);
    expect((await alerts(token)).data.map((a) => a.threshold)).toEqual([100]);
    const rows = await t.db.db.select().from(budgetAlerts).where(eq(budgetAlerts.userId, user.id));
    expect(rows.map((r) => [r.threshold, r.dismissedAt !== null]).sort()).toEqual([
      [100, false],
      [70, true],
    ]);

    // Created at 70-99 %: the 70 % alone, and the 100 % when it comes.
    const rent = await createCategory(t, token, { name: 'Rent' });
    await spend(token, rent.id, 80, today);
    await budgetOn(token, rent.id, 100);
    expect((await alerts(token)).data.filter((a) => a.category.id === rent.id).map((a) => a.threshold)).toEqual([70]);
    await spend(token, rent.id, 30, today);
    expect((await alerts(token)).data.filter((a) => a.category.id === rent.id).map((a) => a.threshold)).toEqual([
      100, 70,
    ]);
  });

  it('marks read (one or all) and dismisses; another user sees nothing and gets 404', async () => {
    const alice = await registerUser(t);
    const bob = await registerUser(t);
    const today = todayIn(alice.user.timezone);
    const a = await createCategory(t, alice.token, { name: 'A' });
    const b = await createCategory(t, alice.token, { name: 'B' });
    await budgetOn(alice.token, a.id, 10);
    await budgetOn(alice.token, b.id, 10);
    await seedTransactions(t, [
      { userId: alice.user.id, categoryId: a.id, type: 'expense', amountCents: 800, date: today },
      { userId: alice.user.id, categoryId: b.id, type: 'expense', amountCents: 900, date: today },
    ]);
    const list = await alerts(alice.token);
    expect(list.meta.unread).toBe(2);
    const [one, two] = list.data;

    for (const [method, url] of [
      ['POST', `/api/alerts/${one!.id}/read`],
      ['DELETE', `/api/alerts/${one!.id}`],
      ['POST', '/api/alerts/00000000-0000-4000-8000-000000000000/read'],
      ['DELETE', '/api/alerts/not-a-uuid'],
    ] as const) {
      const res = await t.request({ method, url, token: bob.token });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Alert not found', code: 'NOT_FOUND' });
    }
    expect(await alerts(bob.token)).toEqual({ data: [], meta: { unread: 0 } });
    expect((await alerts(alice.token)).meta.unread).toBe(2);

    expect(
      (await t.request({ method: 'POST', url: `/api/alerts/${one!.id}/read`, token: alice.token })).statusCode,
    ).toBe(204);
    let now = await alerts(alice.token);
    expect(now.meta.unread).toBe(1);
    expect(now.data.find((x) => x.id === one!.id)!.read).toBe(true);

    expect((await t.request({ method: 'POST', url: '/api/alerts/read', token: alice.token })).statusCode).toBe(204);
    expect((await alerts(alice.token)).meta.unread).toBe(0);

    // Dismissed: gone from the list for good (not raised again), idempotent.
    for (let i = 0; i < 2; i += 1) {
      const res = await t.request({ method: 'DELETE', url: `/api/alerts/${two!.id}`, token: alice.token });
      expect(res.statusCode).toBe(204);
    }
    now = await alerts(alice.token);
    expect(now.data.map((x) => x.id)).toEqual([one!.id]);
    const gone = await t.request({ method: 'POST', url: `/api/alerts/${two!.id}/read`, token: alice.token });
    expect(gone.statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/alerts' })).statusCode).toBe(401);
  });

  it('a deleted budget takes its alerts with it', async () => {
    const { token, user } = await registerUser(t);
    const today = todayIn(user.timezone);
    const cat = await createCategory(t, token);
    const id = await budgetOn(token, cat.id, 1);
    await seedTransactions(t, [
      { userId: user.id, categoryId: cat.id, type: 'expense', amountCents: 100, date: today },
    ]);
    expect((await alerts(token)).data).toHaveLength(1);
    await t.request({ method: 'DELETE', url: `/api/budgets/${id}`, token });
    expect(await alerts(token)).toEqual({ data: [], meta: { unread: 0 } });
  });
});
