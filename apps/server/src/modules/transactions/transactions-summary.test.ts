import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createCategory, seedTransactions } from '../../../test/factories.js';

const t = useTestApp();

async function summary(token: string, query = '') {
  const res = await t.request({ method: 'GET', url: `/api/transactions/summary${query ? `?${query}` : ''}`, token });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

describe('transaction summary', () => {
  it('answers zeros for no transactions', async () => {
    const { token } = await registerUser(t);
    expect(await summary(token)).toEqual({ totalIncome: 0, totalExpense: 0, balance: 0 });
  });

  it('sums exact cents with the same filters as the list', async () => {
    const auth = await registerUser(t);
    const food = await createCategory(t, auth.token, { name: 'Food' });
    const pay = await createCategory(t, auth.token, { name: 'Pay', type: 'income' });
    const today = todayIn(auth.user.timezone);
    const old = addDays(today, -40);
    const row = (
      categoryId: string,
      type: 'income' | 'expense',
      amountCents: number,
      date: string,
      description: string,
    ) => ({
      userId: auth.user.id,
      categoryId,
      type,
      amountCents,
      date,
      description,
    });
    await seedTransactions(t, [
      row(food.id, 'expense', 10, today, 'ten cents'),
      row(food.id, 'expense', 20, today, 'twenty cents'),
      row(pay.id, 'income', 300_000_00, today, 'Salary'),
      row(food.id, 'expense', 999_999_999_999, old, 'huge'),
      row(pay.id, 'income', 5, old, 'old income'),
    ]);
    const other = await registerUser(t);
    const otherCat = await createCategory(t, other.token);
    await seedTransactions(
      t,
      [row(otherCat.id, 'expense', 777, today, 'not mine')].map((r) => ({ ...r, userId: other.user.id })),
    );

    expect(await summary(auth.token, `startDate=${today}&endDate=${today}`)).toEqual({
      totalIncome: 300000,
      totalExpense: 0.3,
      balance: 299999.7,
    });
    expect(await summary(auth.token)).toEqual({
      totalIncome: 300000.05,
      totalExpense: 10000000000.29,
      balance: -9999700000.24,
    });
    expect(await summary(auth.token, 'type=income')).toEqual({
      totalIncome: 300000.05,
      totalExpense: 0,
      balance: 300000.05,
    });
    expect(await summary(auth.token, `categoryId=${food.id}&endDate=${addDays(today, -1)}`)).toEqual({
      totalIncome: 0,
      totalExpense: 9999999999.99,
      balance: -9999999999.99,
    });
    expect(await summary(auth.token, 'search=CENTS')).toEqual({ totalIncome: 0, totalExpense: 0.3, balance: -0.3 });
    // Paging parameters are not filters: the summary ignores them.
    expect(await summary(auth.token, 'type=expense&limit=1')).toMatchObject({ totalExpense: 10000000000.29 });
  });
});
