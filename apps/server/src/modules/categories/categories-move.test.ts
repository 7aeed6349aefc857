import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BudgetStatusItem, RecurringTransaction } from '@ledgerly/shared';
import { todayIn } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createCategory, seedTransactions } from '../../../test/factories.js';
import { createRecurring } from '../../../test/recurring-helpers.js';
import { importRules, monthlyTotals } from '../../db/schema.js';

const t = useTestApp();

async function budgetOn(token: string, categoryId: string, amount: number, period = 'monthly'): Promise<string> {
  const res = await t.request({ method: 'POST', url: '/api/budgets', token, payload: { categoryId, amount, period } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: BudgetStatusItem }>().data.id;
}

async function budgets(token: string, period: string): Promise<BudgetStatusItem[]> {
  const res = await t.request({ method: 'GET', url: `/api/budgets/status?period=${period}`, token });
  return res.json<{ data: BudgetStatusItem[] }>().data;
}

async function categoryIds(token: string): Promise<string[]> {
  const res = await t.request({ method: 'GET', url: '/api/categories', token });
  return res.json<{ data: { id: string }[] }>().data.map((c) => c.id);
}

/** Everything of the user's that a move could touch, to compare before and after a refusal. */
async function snapshot(token: string) {
  const tx = await t.request({ method: 'GET', url: '/api/transactions?limit=500', token });
  const rec = await t.request({ method: 'GET', url: '/api/recurring', token });
  return {
    categories: await categoryIds(token),
    transactions: tx.json<{ data: unknown[] }>().data,
    recurring: rec.json<{ data: unknown[] }>().data,
    monthly: await budgets(token, 'monthly'),
    yearly: await budgets(token, 'yearly'),
  };
}

describe('deleting a category in use with moveTo', () => {
  it('moves transactions, recurring items, budgets and rules to the target in one go; totals follow', async () => {
    const { token, user } = await registerUser(t);
    const today = todayIn(user.timezone);
    const food = await createCategory(t, token, { name: 'Food' });
    const groceries = await createCategory(t, token, { name: 'Groceries' });
    await seedTransactions(t, [
      { userId: user.id, categoryId: food.id, type: 'expense', amountCents: 1250, date: today },
      { userId: user.id, categoryId: food.id, type: 'expense', amountCents: 750, date: today },
      { userId: user.id, categoryId: groceries.id, type: 'expense', amountCents: 1000, date: today },
    ]);
    const item = await createRecurring(t, token, { categoryId: food.id, startDate: '2099-01-01' });
    // Food has a monthly and a yearly budget; Groceries already has a monthly one of its own.
    await budgetOn(token, food.id, 50, 'monthly');
    const yearly = await budgetOn(token, food.id, 600, 'yearly');
    const targetMonthly = await budgetOn(token, groceries.id, 80, 'monthly');
    await t.db.db.insert(importRules).values({ userId: user.id, contains: 'market', categoryId: food.id });

    const res = await t.request({ method: 'DELETE', url: `/api/categories/${food.id}?moveTo=${groceries.id}`, token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: { transactions: 2, recurring: 1, budgets: 1, budgetsDropped: 1 },
      message:
        'Category deleted successfully! Moved 2 transactions, 1 recurring transaction, 1 budget. 1 budget dropped: the target category already had one for that period.',
    });

    expect(await categoryIds(token)).toEqual([groceries.id]);
    const list = await t.request({ method: 'GET', url: '/api/transactions', token });
    const rows = list.json<{ data: { categoryId: string; category: { name: string } }[] }>().data;
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.categoryId === groceries.id && r.category.name === 'Groceries')).toBe(true);
    const rec = await t.request({ method: 'GET', url: '/api/recurring', token });
    const moved = rec.json<{ data: RecurringTransaction[] }>().data;
    expect(moved.map((r) => [r.id, r.categoryId])).toEqual([[item.id, groceries.id]]);
    // The target keeps its own monthly budget (80), now measuring all 30.00; Food's yearly moved.
    expect(await budgets(token, 'monthly')).toMatchObject([
      { id: targetMonthly, category: { id: groceries.id }, budgetAmount: 80, spentAmount: 30 },
    ]);
    expect(await budgets(token, 'yearly')).toMatchObject([
      { id: yearly, category: { id: groceries.id }, budgetAmount: 600, spentAmount: 30 },
    ]);
    const rules = await t.db.db.select().from(importRules).where(eq(importRules.userId, user.id));
    expect(rules.map((r) => r.categoryId)).toEqual([groceries.id]);
    // The rollups moved with the rows: no total is left on the deleted category.
    const totals = await t.db.db.select().from(monthlyTotals).where(eq(monthlyTotals.userId, user.id));
    expect(totals.map((r) => [r.categoryId, r.totalCents, r.count])).toEqual([[groceries.id, 3000, 3]]);
    const summary = await t.request({ method: 'GET', url: '/api/analytics/summary', token });
    expect(summary.json().data).toMatchObject({ totalExpense: 30, expenseCount: 3 });
  });

  it('moves an unused category too (nothing to move) and an income category to an income one', async () => {
    const { token, user } = await registerUser(t);
    const salary = await createCategory(t, token, { name: 'Salary', type: 'income' });
    const pay = await createCategory(t, token, { name: 'Pay', type: 'income' });
    await seedTransactions(t, [
      { userId: user.id, categoryId: salary.id, type: 'income', amountCents: 100000, date: '2025-01-31' },
    ]);
    const res = await t.request({ method: 'DELETE', url: `/api/categories/${salary.id}?moveTo=${pay.id}`, token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ transactions: 1, recurring: 0, budgets: 0, budgetsDropped: 0 });
    expect(res.json().message).toBe('Category deleted successfully! Moved 1 transaction.');
    const spare = await createCategory(t, token, { name: 'Spare', type: 'income' });
    const empty = await t.request({ method: 'DELETE', url: `/api/categories/${spare.id}?moveTo=${pay.id}`, token });
    expect(empty.json()).toEqual({
      data: { transactions: 0, recurring: 0, budgets: 0, budgetsDropped: 0 },
      message: 'Category deleted successfully!',
    });
  });

  it("GET /categories/{id}/usage counts what uses it up front; another user's or an unknown id is 404", async () => {
    const { token, user } = await registerUser(t);
    const other = await registerUser(t);
    const food = await createCategory(t, token, { name: 'Food' });
    const spare = await createCategory(t, token, { name: 'Spare' });
    await seedTransactions(t, [
      { userId: user.id, categoryId: food.id, type: 'expense', amountCents: 100, date: '2025-01-01' },
      { userId: user.id, categoryId: food.id, type: 'expense', amountCents: 250, date: '2025-01-02' },
    ]);
    await createRecurring(t, token, { categoryId: food.id, startDate: '2099-01-01' });
    await budgetOn(token, food.id, 100);
    const used = await t.request({ method: 'GET', url: `/api/categories/${food.id}/usage`, token });
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json()).toEqual({ data: { transactions: 2, recurring: 1, budgets: 1 } });
    const unused = await t.request({ method: 'GET', url: `/api/categories/${spare.id}/usage`, token });
    expect(unused.json()).toEqual({ data: { transactions: 0, recurring: 0, budgets: 0 } });
    for (const [url, who] of [
      [`/api/categories/${food.id}/usage`, other.token],
      ['/api/categories/not-an-id/usage', token],
      [`/api/categories/${crypto.randomUUID()}/usage`, token],
    ] as const) {
      const res = await t.request({ method: 'GET', url, token: who });
      expect(res.statusCode).toBe(404);
      expect(res.json<{ message: string }>().message).toBe('Category not found');
    }
  });

  it('without moveTo the refusal stays: 409 saying how many, nothing changed', async () => {
    const { token, user } = await registerUser(t);
    const food = await createCategory(t, token, { name: 'Food' });
    await seedTransactions(t, [
      { userId: user.id, categoryId: food.id, type: 'expense', amountCents: 100, date: '2025-01-01' },
    ]);
    await createRecurring(t, token, { categoryId: food.id, startDate: '2099-01-01' });
    for (const url of [`/api/categories/${food.id}`, `/api/categories/${food.id}?moveTo=`]) {
      const res = await t.request({ method: 'DELETE', url, token });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        message:
          'This category is used by 1 transaction and 1 recurring transaction, so it cannot be deleted. Move or delete them first.',
        code: 'CATEGORY_IN_USE',
      });
    }
  });

  it('refuses a bad target with the right status and a sentence; nothing changes', async () => {
    const alice = await registerUser(t);
    const bob = await registerUser(t);
    const food = await createCategory(t, alice.token, { name: 'Food' });
    const salary = await createCategory(t, alice.token, { name: 'Salary', type: 'income' });
    const bobs = await createCategory(t, bob.token, { name: 'Bob food' });
    await seedTransactions(t, [
      { userId: alice.user.id, categoryId: food.id, type: 'expense', amountCents: 100, date: '2025-01-01' },
    ]);
    await budgetOn(alice.token, food.id, 10);
    const init = await t.request({ method: 'POST', url: '/api/categories/initialize', token: alice.token });
    const defaultExpense = init
      .json<{ data: { id: string; isDefault: boolean; type: string }[] }>()
      .data.find((c) => c.isDefault && c.type === 'expense')!;
    const before = await snapshot(alice.token);

    const cases: [string, string, number, string][] = [
      [food.id, food.id, 400, 'Choose another category to move them to'],
      [food.id, salary.id, 400, 'Choose an expense category to move them to'],
      [salary.id, food.id, 400, 'Choose an income category to move them to'],
      [food.id, bobs.id, 404, 'Category to move to not found'],
      [food.id, '00000000-0000-4000-8000-000000000000', 404, 'Category to move to not found'],
      [food.id, 'not-a-uuid', 404, 'Category to move to not found'],
      [bobs.id, food.id, 404, 'Category not found'],
      [defaultExpense.id, food.id, 403, 'Default categories cannot be deleted'],
    ];
    for (const [id, moveTo, status, message] of cases) {
      const res = await t.request({
        method: 'DELETE',
        url: `/api/categories/${id}?moveTo=${moveTo}`,
        token: alice.token,
      });
      expect(res.statusCode, `${id} → ${moveTo}`).toBe(status);
      expect(res.json().message).toBe(message);
      if (status === 400) expect(res.json().fields).toEqual({ moveTo: expect.any(String) });
    }
    expect(await snapshot(alice.token)).toEqual(before);
    expect(await categoryIds(bob.token)).toEqual([bobs.id]);
  });

  it('moves into a default category (defaults are read-only themselves, but may receive)', async () => {
    const { token, user } = await registerUser(t);
    const init = await t.request({ method: 'POST', url: '/api/categories/initialize', token });
    const target = init
      .json<{ data: { id: string; isDefault: boolean; type: string }[] }>()
      .data.find((c) => c.isDefault && c.type === 'expense')!;
    const mine = await createCategory(t, token, { name: 'Mine' });
    await seedTransactions(t, [
      { userId: user.id, categoryId: mine.id, type: 'expense', amountCents: 500, date: '2025-03-01' },
    ]);
    const res = await t.request({ method: 'DELETE', url: `/api/categories/${mine.id}?moveTo=${target.id}`, token });
    expect(res.statusCode).toBe(200);
    const rules = await t.db.db
      .select()
      .from(monthlyTotals)
      .where(and(eq(monthlyTotals.userId, user.id), eq(monthlyTotals.categoryId, target.id)));
    expect(rules.map((r) => r.totalCents)).toEqual([500]);
  });
});
