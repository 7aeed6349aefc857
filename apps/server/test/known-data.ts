import type { Category } from '@ledgerly/shared';
import type { TestApp } from './build-test-app.js';
import { type TxSeed, createCategory, seedTransactions } from './factories.js';

export interface KnownData {
  food: Category;
  rent: Category;
  fun: Category;
  salary: Category;
  freelance: Category;
}

/**
 * The known data set of the analytics tests (amounts in cents):
 *   2024-06-10 Food      expense    700   (only with `withOld`)
 *   2025-01-05 Salary    income  300000
 *   2025-01-06 Food      expense   1250
 *   2025-01-06 Food      expense      1
 *   2025-01-10 Rent      expense 100000
 *   2025-02-15 Food      expense   3333
 *   2025-02-20 Freelance income   50005
 *   2025-03-01 Rent      expense 100000
 * 'Fun' (expense) has no transactions.
 */
export async function seedKnownData(
  t: TestApp,
  user: { token: string; id: string },
  options: { withOld?: boolean } = {},
): Promise<KnownData> {
  const food = await createCategory(t, user.token, { name: 'Food', type: 'expense', icon: '🍔', color: '#ef4444' });
  const rent = await createCategory(t, user.token, { name: 'Rent', type: 'expense', icon: '🏠', color: '#3b82f6' });
  const fun = await createCategory(t, user.token, { name: 'Fun', type: 'expense' });
  const salary = await createCategory(t, user.token, { name: 'Salary', type: 'income', icon: '💰', color: '#22c55e' });
  const freelance = await createCategory(t, user.token, { name: 'Freelance', type: 'income' });
  const row = (c: Category, amountCents: number, date: string, description: string): TxSeed => ({
    userId: user.id,
    categoryId: c.id,
    type: c.type,
    amountCents,
    date,
    description,
  });
  const rows = [
    row(salary, 300000, '2025-01-05', 'January salary'),
    row(food, 1250, '2025-01-06', 'Lunch'),
    row(food, 1, '2025-01-06', 'Gum'),
    row(rent, 100000, '2025-01-10', 'January rent'),
    row(food, 3333, '2025-02-15', 'Groceries'),
    row(freelance, 50005, '2025-02-20', 'Logo design'),
    row(rent, 100000, '2025-03-01', 'March rent'),
  ];
  if (options.withOld) rows.push(row(food, 700, '2024-06-10', 'Old snack'));
  await seedTransactions(t, rows);
  return { food, rent, fun, salary, freelance };
}

/** Another user's transactions on the same days with other amounts: must never be counted. */
export async function seedOtherUser(t: TestApp, user: { token: string; id: string }): Promise<void> {
  const food = await createCategory(t, user.token, { name: 'Food', type: 'expense' });
  const pay = await createCategory(t, user.token, { name: 'Salary', type: 'income' });
  const dates = ['2024-06-10', '2025-01-05', '2025-01-06', '2025-02-15', '2025-03-01', '2025-03-15', '2025-04-01'];
  await seedTransactions(
    t,
    dates.flatMap((date) => [
      { userId: user.id, categoryId: food.id, type: 'expense' as const, amountCents: 777_777, date },
      { userId: user.id, categoryId: pay.id, type: 'income' as const, amountCents: 999_999, date },
    ]),
  );
}
