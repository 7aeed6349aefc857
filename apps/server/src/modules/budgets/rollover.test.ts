import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BudgetAlertList, BudgetStatusItem } from '@ledgerly/shared';
import { shiftMonth, todayIn } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createBudget, createCategory, seedTransactions, type TxSeed } from '../../../test/factories.js';
import { budgets } from '../../db/schema.js';

const t = useTestApp();

async function status(token: string, period = 'monthly'): Promise<BudgetStatusItem[]> {
  const res = await t.request({ method: 'GET', url: `/api/budgets/status?period=${period}`, token });
  return res.json<{ data: BudgetStatusItem[] }>().data;
}

/** As if the budget had been created on `date` (noon UTC). */
async function createdOn(id: string, date: string) {
  await t.db.db
    .update(budgets)
    .set({ createdAt: new Date(`${date}T12:00:00Z`) })
    .where(eq(budgets.id, id));
}

describe('rollover: carry over unspent amount', () => {
  it('carries what every past period since the creation period left, overspending included', async () => {
    const { token, user } = await registerUser(t);
    const today = todayIn(user.timezone);
    const month = today.slice(0, 7);
    const m = (n: number) => `${shiftMonth(month, n)}-15`;
    const food = await createCategory(t, token, { name: 'Food' });
    const b = await createBudget(t, token, { categoryId: food.id, amount: 100, rollover: true });
    expect(b).toMatchObject({ rollover: true, carriedOver: 0, availableAmount: 100 });
    await createdOn(b.id, m(-3));
    const tx = (date: string, amountCents: number): TxSeed => ({
      userId: user.id,
      categoryId: food.id,
      type: 'expense',
      amountCents,
      date,
    });
    await seedTransactions(t, [
      tx(m(-4), 50000), // before the budget's first period: never counts
      tx(m(-3), 6000), // 40.00 left
      tx(m(-2), 13000), // 30.00 over
      tx(`${shiftMonth(month, -1)}-01`, 4000),
      tx(`${shiftMonth(month, -1)}-28`, 6000), // exactly used up
      tx(today, 2500),
    ]);
    // 3 × 100 − (60 + 130 + 100) = 10 carried; 110 available; 25 spent.
    expect(await status(token)).toEqual([
      {
        ...b,
        carriedOver: 10,
        availableAmount: 110,
        spentAmount: 25,
        percentage: 22.73,
        remaining: 85,
        status: 'safe',
      },
    ]);

    // A PUT without `rollover` keeps it; turning it off measures against the amount alone.
    const kept = await t.request({ method: 'PUT', url: `/api/budgets/${b.id}`, token, payload: { amount: 100 } });
    expect(kept.json().data).toMatchObject({ rollover: true, carriedOver: 10 });
    const off = await t.request({
      method: 'PUT',
      url: `/api/budgets/${b.id}`,
      token,
      payload: { amount: 100, rollover: false },
    });
    expect(off.json().data).toMatchObject({
      rollover: false,
      carriedOver: 0,
      availableAmount: 100,
      remaining: 75,
      percentage: 25,
    });
  });

  it('overspending larger than the amount leaves nothing available: exceeded at once', async () => {
    const { token, user } = await registerUser(t);
    const month = todayIn(user.timezone).slice(0, 7);
    const cat = await createCategory(t, token);
    const b = await createBudget(t, token, { categoryId: cat.id, amount: 50, rollover: true });
    await createdOn(b.id, `${shiftMonth(month, -1)}-10`);
    await seedTransactions(t, [
      { userId: user.id, categoryId: cat.id, type: 'expense', amountCents: 12000, date: `${shiftMonth(month, -1)}-11` },
    ]);
    expect((await status(token))[0]).toMatchObject({
      carriedOver: -70,
      availableAmount: -20,
      spentAmount: 0,
      remaining: -20,
      percentage: 100,
      status: 'exceeded',
    });
  });

  it('yearly budgets carry whole years; income and other categories never count', async () => {
    const { token, user } = await registerUser(t);
    const year = Number(todayIn(user.timezone).slice(0, 4));
    const cat = await createCategory(t, token);
    const other = await createCategory(t, token);
    const salary = await createCategory(t, token, { type: 'income' });
    const b = await createBudget(t, token, { categoryId: cat.id, amount: 1200, period: 'yearly', rollover: true });
    await createdOn(b.id, `${year - 2}-06-30`);
    await seedTransactions(t, [
      { userId: user.id, categoryId: cat.id, type: 'expense', amountCents: 100000, date: `${year - 2}-01-05` },
      { userId: user.id, categoryId: cat.id, type: 'expense', amountCents: 150000, date: `${year - 1}-12-31` },
      { userId: user.id, categoryId: other.id, type: 'expense', amountCents: 99900, date: `${year - 1}-03-01` },
      { userId: user.id, categoryId: salary.id, type: 'income', amountCents: 99900, date: `${year - 1}-03-01` },
    ]);
    // 2 × 1200 − (1000 + 1500) = −100.
    expect((await status(token, 'yearly'))[0]).toMatchObject({ carriedOver: -100, availableAmount: 1100 });
  });

  it('refuses a rollover that is not true or false; without it a budget does not carry', async () => {
    const { token } = await registerUser(t);
    const cat = await createCategory(t, token);
    const bad = await t.request({
      method: 'POST',
      url: '/api/budgets',
      token,
      payload: { categoryId: cat.id, amount: 10, rollover: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: 'Carry over must be true or false',
      code: 'VALIDATION_FAILED',
      fields: { rollover: 'Carry over must be true or false' },
    });
    expect(await status(token)).toEqual([]);
    const plain = await createBudget(t, token, { categoryId: cat.id, amount: 10 });
    expect(plain).toMatchObject({ rollover: false, carriedOver: 0, availableAmount: 10 });
  });

  it('alerts measure against what is available', async () => {
    const { token, user } = await registerUser(t);
    const today = todayIn(user.timezone);
    const cat = await createCategory(t, token);
    const b = await createBudget(t, token, { categoryId: cat.id, amount: 100, rollover: true });
    await createdOn(b.id, `${shiftMonth(today.slice(0, 7), -1)}-01`);
    // Nothing spent last month: 200 available; 150 spent is 75 %, not over.
    await seedTransactions(t, [
      { userId: user.id, categoryId: cat.id, type: 'expense', amountCents: 15000, date: today },
    ]);
    const res = await t.request({ method: 'GET', url: '/api/alerts', token });
    const list = res.json<BudgetAlertList>();
    expect(list.data.map((a) => [a.threshold, a.spentAmount, a.budgetAmount])).toEqual([[70, 150, 200]]);
  });
});
