import { describe, expect, it } from 'vitest';
import type { BudgetStatusItem } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createBudget, createCategory } from '../../../test/factories.js';

const t = useTestApp();
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

async function statusList(token: string, period = 'monthly'): Promise<BudgetStatusItem[]> {
  const res = await t.request({ method: 'GET', url: `/api/budgets/status?period=${period}`, token });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: BudgetStatusItem[] }>().data;
}

describe('budgets: create', () => {
  it('creates a monthly budget by default and answers its status', async () => {
    const { token } = await registerUser(t);
    const food = await createCategory(t, token, { name: 'Food', icon: '🍔', color: '#ef4444' });
    const res = await t.request({
      method: 'POST',
      url: '/api/budgets',
      token,
      payload: { categoryId: food.id, amount: 250.5 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({
      id: expect.any(String),
      category: { id: food.id, name: 'Food', icon: '🍔', color: '#ef4444' },
      period: 'monthly',
      budgetAmount: 250.5,
      rollover: false,
      carriedOver: 0,
      availableAmount: 250.5,
      spentAmount: 0,
      percentage: 0,
      remaining: 250.5,
      status: 'safe',
    });
    expect(await statusList(token)).toEqual([res.json().data]);
    expect(await statusList(token, 'yearly')).toEqual([]);
  });

  it('accepts a yearly budget and an amount written as a decimal string', async () => {
    const { token } = await registerUser(t);
    const cat = await createCategory(t, token);
    const budget = await createBudget(t, token, { categoryId: cat.id, amount: '1200.00', period: 'yearly' });
    expect(budget).toMatchObject({ period: 'yearly', budgetAmount: 1200 });
    expect(await statusList(token, 'yearly')).toHaveLength(1);
    expect(await statusList(token)).toHaveLength(0);
  });

  it.each([
    ['no category', { amount: 10 }, 'Please select a category', 'categoryId'],
    ['an empty category', { categoryId: '', amount: 10 }, 'Please select a category', 'categoryId'],
    ['a category that is not a uuid', { categoryId: 'food', amount: 10 }, 'Please select a category', 'categoryId'],
    ['an unknown category', { categoryId: MISSING_ID, amount: 10 }, 'Please select a category', 'categoryId'],
    ['no amount', { categoryId: 'OWN', period: 'monthly' }, 'Please enter a valid amount', 'amount'],
    ['a zero amount', { categoryId: 'OWN', amount: 0 }, 'Please enter a valid amount', 'amount'],
    ['a negative amount', { categoryId: 'OWN', amount: -5 }, 'Please enter a valid amount', 'amount'],
    ['three decimals', { categoryId: 'OWN', amount: 1.234 }, 'Please enter a valid amount', 'amount'],
    ['a word for an amount', { categoryId: 'OWN', amount: 'ten' }, 'Please enter a valid amount', 'amount'],
    ['an empty amount', { categoryId: 'OWN', amount: '' }, 'Please enter a valid amount', 'amount'],
    [
      'a weekly period',
      { categoryId: 'OWN', amount: 10, period: 'weekly' },
      'Period must be monthly or yearly',
      'period',
    ],
  ] as [string, Record<string, unknown>, string, string][])(
    'refuses %s with 400 and changes nothing',
    async (_name, payload, message, field) => {
      const { token } = await registerUser(t);
      const own = await createCategory(t, token);
      const body = { ...payload, ...(payload.categoryId === 'OWN' ? { categoryId: own.id } : {}) };
      const res = await t.request({ method: 'POST', url: '/api/budgets', token, payload: body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message, code: 'VALIDATION_FAILED', fields: { [field]: message } });
      expect(await statusList(token)).toEqual([]);
      expect(await statusList(token, 'yearly')).toEqual([]);
    },
  );

  it('checks the category before the amount', async () => {
    const { token } = await registerUser(t);
    const res = await t.request({ method: 'POST', url: '/api/budgets', token, payload: { amount: 0 } });
    expect(res.json().message).toBe('Please select a category');
  });

  it("refuses another user's category as if it did not exist", async () => {
    const alice = await registerUser(t);
    const bob = await registerUser(t);
    const bobs = await createCategory(t, bob.token);
    const res = await t.request({
      method: 'POST',
      url: '/api/budgets',
      token: alice.token,
      payload: { categoryId: bobs.id, amount: 10 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please select a category');
    expect(await statusList(alice.token)).toEqual([]);
    expect(await statusList(bob.token)).toEqual([]);
  });

  it('refuses an income category', async () => {
    const { token } = await registerUser(t);
    const salary = await createCategory(t, token, { name: 'Salary', type: 'income' });
    const res = await t.request({
      method: 'POST',
      url: '/api/budgets',
      token,
      payload: { categoryId: salary.id, amount: 10 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Budgets can only be set for expense categories');
    expect(await statusList(token)).toEqual([]);
  });

  it('refuses a second budget of the same category and period; the other period is fine', async () => {
    const { token } = await registerUser(t);
    const cat = await createCategory(t, token);
    const first = await createBudget(t, token, { categoryId: cat.id, amount: 100 });
    const dup = await t.request({
      method: 'POST',
      url: '/api/budgets',
      token,
      payload: { categoryId: cat.id, amount: 5 },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ message: 'A monthly budget for this category already exists', code: 'DUPLICATE' });
    expect(await statusList(token)).toEqual([first]);

    await createBudget(t, token, { categoryId: cat.id, amount: 1000, period: 'yearly' });
    const dupYear = await t.request({
      method: 'POST',
      url: '/api/budgets',
      token,
      payload: { categoryId: cat.id, amount: 5, period: 'yearly' },
    });
    expect(dupYear.statusCode).toBe(409);
    expect(dupYear.json().message).toBe('A yearly budget for this category already exists');
    expect((await statusList(token, 'yearly')).map((b) => b.budgetAmount)).toEqual([1000]);
  });
});

describe('budgets: update and delete', () => {
  it('changes amount and period; the category may be repeated or left out', async () => {
    const { token } = await registerUser(t);
    const cat = await createCategory(t, token);
    const budget = await createBudget(t, token, { categoryId: cat.id, amount: 100 });
    const put = await t.request({
      method: 'PUT',
      url: `/api/budgets/${budget.id}`,
      token,
      payload: { categoryId: cat.id, amount: 99.99, period: 'yearly' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({ id: budget.id, period: 'yearly', budgetAmount: 99.99, remaining: 99.99 });
    expect(await statusList(token)).toEqual([]);

    const again = await t.request({ method: 'PUT', url: `/api/budgets/${budget.id}`, token, payload: { amount: 7 } });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ period: 'yearly', budgetAmount: 7 });
    expect(await statusList(token, 'yearly')).toEqual([again.json().data]);
  });

  it('refuses a different category, a bad amount, a bad period; nothing changes', async () => {
    const { token } = await registerUser(t);
    const cat = await createCategory(t, token);
    const other = await createCategory(t, token);
    const budget = await createBudget(t, token, { categoryId: cat.id, amount: 100 });
    const cases: [Record<string, unknown>, string][] = [
      [{ categoryId: other.id, amount: 50 }, 'Category cannot be changed'],
      [{ categoryId: other.id, amount: 0 }, 'Category cannot be changed'],
      [{ categoryId: '', amount: 50 }, 'Category cannot be changed'],
      [{ categoryId: { toString: 0 }, amount: 50 }, 'Category cannot be changed'],
      [{ categoryId: [cat.id], amount: 50 }, 'Category cannot be changed'],
      [{ categoryId: 7, amount: 50 }, 'Category cannot be changed'],
      [{ categoryId: cat.id, amount: 0 }, 'Please enter a valid amount'],
      [{ categoryId: cat.id }, 'Please enter a valid amount'],
      [{ categoryId: cat.id, amount: 50, period: 'daily' }, 'Period must be monthly or yearly'],
    ];
    for (const [payload, message] of cases) {
      const res = await t.request({ method: 'PUT', url: `/api/budgets/${budget.id}`, token, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await statusList(token)).toEqual([budget]);
  });

  it('refuses moving onto a period the category already has', async () => {
    const { token } = await registerUser(t);
    const cat = await createCategory(t, token);
    const monthly = await createBudget(t, token, { categoryId: cat.id, amount: 100 });
    const yearly = await createBudget(t, token, { categoryId: cat.id, amount: 900, period: 'yearly' });
    const res = await t.request({
      method: 'PUT',
      url: `/api/budgets/${monthly.id}`,
      token,
      payload: { categoryId: cat.id, amount: 1, period: 'yearly' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A yearly budget for this category already exists');
    expect(await statusList(token)).toEqual([monthly]);
    expect(await statusList(token, 'yearly')).toEqual([yearly]);
  });

  it('deletes; a second delete and unknown ids are 404', async () => {
    const { token } = await registerUser(t);
    const cat = await createCategory(t, token);
    const budget = await createBudget(t, token, { categoryId: cat.id, amount: 100 });
    const del = await t.request({ method: 'DELETE', url: `/api/budgets/${budget.id}`, token });
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    expect(await statusList(token)).toEqual([]);
    for (const id of [budget.id, MISSING_ID, 'not-a-uuid']) {
      const res = await t.request({ method: 'DELETE', url: `/api/budgets/${id}`, token });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Budget not found', code: 'NOT_FOUND' });
      const put = await t.request({ method: 'PUT', url: `/api/budgets/${id}`, token, payload: { amount: 5 } });
      expect(put.statusCode).toBe(404);
    }
  });

  it('goes with its category when the category is deleted', async () => {
    const { token } = await registerUser(t);
    const cat = await createCategory(t, token);
    await createBudget(t, token, { categoryId: cat.id, amount: 100 });
    const del = await t.request({ method: 'DELETE', url: `/api/categories/${cat.id}`, token });
    expect(del.statusCode).toBe(204);
    expect(await statusList(token)).toEqual([]);
  });
});

describe('budgets: listing and access', () => {
  it('lists by category name, case-insensitively', async () => {
    const { token } = await registerUser(t);
    for (const name of ['travel', 'Bills', 'Zoo', 'apples']) {
      const cat = await createCategory(t, token, { name });
      await createBudget(t, token, { categoryId: cat.id, amount: 10 });
    }
    expect((await statusList(token)).map((b) => b.category.name)).toEqual(['apples', 'Bills', 'travel', 'Zoo']);
  });

  it('defaults to monthly and refuses any other period', async () => {
    const { token } = await registerUser(t);
    const cat = await createCategory(t, token);
    await createBudget(t, token, { categoryId: cat.id, amount: 10 });
    const plain = await t.request({ method: 'GET', url: '/api/budgets/status', token });
    expect(plain.json().data).toHaveLength(1);
    for (const q of ['weekly', 'MONTHLY', 'monthly&period=yearly']) {
      const res = await t.request({ method: 'GET', url: `/api/budgets/status?period=${q}`, token });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Period must be monthly or yearly');
    }
  });

  it("hides another user's budgets: 404 on update and delete, nothing changes", async () => {
    const alice = await registerUser(t);
    const bob = await registerUser(t);
    const cat = await createCategory(t, alice.token);
    const budget = await createBudget(t, alice.token, { categoryId: cat.id, amount: 100 });
    expect(await statusList(bob.token)).toEqual([]);
    const put = await t.request({
      method: 'PUT',
      url: `/api/budgets/${budget.id}`,
      token: bob.token,
      payload: { categoryId: cat.id, amount: 1 },
    });
    expect(put.statusCode).toBe(404);
    const del = await t.request({ method: 'DELETE', url: `/api/budgets/${budget.id}`, token: bob.token });
    expect(del.statusCode).toBe(404);
    expect(await statusList(alice.token)).toEqual([budget]);
  });

  it('requires a signed-in user on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/budgets/status'],
      ['POST', '/api/budgets'],
      ['PUT', `/api/budgets/${MISSING_ID}`],
      ['DELETE', `/api/budgets/${MISSING_ID}`],
    ] as const) {
      const res = await t.request({ method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
      expect(res.statusCode).toBe(401);
    }
  });
});
