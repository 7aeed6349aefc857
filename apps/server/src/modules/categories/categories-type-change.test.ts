import { describe, expect, it } from 'vitest';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createCategory } from '../../../test/factories.js';

const t = useTestApp();

describe('changing the type of a category with a budget', () => {
  it('is refused with a message that names the budget, and nothing changes', async () => {
    const { token } = await registerUser(t);
    const category = await createCategory(t, token, { name: 'Groceries' });
    const budget = await t.request({
      method: 'POST',
      url: '/api/budgets',
      token,
      payload: { categoryId: category.id, amount: 100 },
    });
    expect(budget.statusCode).toBe(201);

    const res = await t.request({
      method: 'PUT',
      url: `/api/categories/${category.id}`,
      token,
      payload: { name: 'Groceries', type: 'income' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'This category is used by 1 budget, so it cannot be changed to another type. Move or delete them first.',
      code: 'CATEGORY_IN_USE',
    });
    const list = await t.request({ method: 'GET', url: '/api/categories', token });
    expect(list.json().data).toMatchObject([{ id: category.id, type: 'expense' }]);
  });

  it('still deletes the category together with its budgets', async () => {
    const { token } = await registerUser(t);
    const category = await createCategory(t, token);
    await t.request({ method: 'POST', url: '/api/budgets', token, payload: { categoryId: category.id, amount: 5 } });
    const res = await t.request({ method: 'DELETE', url: `/api/categories/${category.id}`, token });
    expect(res.statusCode).toBe(204);
    const status = await t.request({ method: 'GET', url: '/api/budgets/status', token });
    expect(status.json().data).toEqual([]);
  });
});
