import { describe, expect, it } from 'vitest';
import { DEFAULT_CATEGORIES } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createCategory, seedTransactions } from '../../../test/factories.js';

const t = useTestApp();

describe('categories', () => {
  it('initializes the defaults once; a second call creates nothing', async () => {
    const { token } = await registerUser(t);
    const first = await t.request({ method: 'POST', url: '/api/categories/initialize', token });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toHaveLength(DEFAULT_CATEGORIES.length);
    expect(first.json().data.every((c: { isDefault: boolean }) => c.isDefault)).toBe(true);
    const second = await t.request({ method: 'POST', url: '/api/categories/initialize', token });
    expect(second.statusCode).toBe(200);
    expect(second.json().meta.created).toBe(0);
    const list = await t.request({ method: 'GET', url: '/api/categories', token });
    expect(list.json().data).toHaveLength(DEFAULT_CATEGORIES.length);
    const incomes = await t.request({ method: 'GET', url: '/api/categories?type=income', token });
    expect(incomes.json().data.every((c: { type: string }) => c.type === 'income')).toBe(true);
    expect(incomes.json().data.length).toBe(DEFAULT_CATEGORIES.filter((c) => c.type === 'income').length);
  });

  it('creates with the preset defaults and answers the category', async () => {
    const { token } = await registerUser(t);
    const res = await t.request({
      method: 'POST',
      url: '/api/categories',
      token,
      payload: { name: ' Pets ', type: 'expense' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({
      id: expect.any(String),
      name: 'Pets',
      type: 'expense',
      color: '#6366f1',
      icon: '📁',
      isDefault: false,
    });
  });

  it.each([
    [{ type: 'expense' }, 'Category name is required'],
    [{ name: '   ', type: 'expense' }, 'Category name is required'],
    [{ name: 'x'.repeat(51), type: 'expense' }, 'Category name must be less than 50 characters'],
    [{ name: 'Ok', type: 'savings' }, 'Type must be expense or income'],
    [{ name: 'Ok', type: 'expense', color: '#123456' }, 'Choose one of the preset colours'],
    [{ name: 'Ok', type: 'expense', icon: '🦄' }, 'Choose one of the preset icons'],
  ])('refuses %j', async (payload, message) => {
    const { token } = await registerUser(t);
    const res = await t.request({ method: 'POST', url: '/api/categories', token, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    const list = await t.request({ method: 'GET', url: '/api/categories', token });
    expect(list.json().data).toHaveLength(0);
  });

  it('accepts a name of exactly 50 characters', async () => {
    const { token } = await registerUser(t);
    const res = await t.request({
      method: 'POST',
      url: '/api/categories',
      token,
      payload: { name: 'x'.repeat(50), type: 'income' },
    });
    expect(res.statusCode).toBe(201);
  });

  it('refuses a duplicate name of the same type, any case; allows it for the other type', async () => {
    const { token } = await registerUser(t);
    await createCategory(t, token, { name: 'Travel', type: 'expense' });
    const dup = await t.request({
      method: 'POST',
      url: '/api/categories',
      token,
      payload: { name: 'TRAVEL', type: 'expense' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('A category named "TRAVEL" already exists');
    const other = await t.request({
      method: 'POST',
      url: '/api/categories',
      token,
      payload: { name: 'Travel', type: 'income' },
    });
    expect(other.statusCode).toBe(201);
  });

  it('updates its own categories; defaults are read-only', async () => {
    const { token } = await registerUser(t);
    const cat = await createCategory(t, token, { name: 'Old' });
    const res = await t.request({
      method: 'PUT',
      url: `/api/categories/${cat.id}`,
      token,
      payload: { name: 'New', type: 'expense', color: '#ef4444', icon: '🍔' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'New', color: '#ef4444', icon: '🍔' });

    const init = await t.request({ method: 'POST', url: '/api/categories/initialize', token });
    const def = init.json().data.find((c: { isDefault: boolean }) => c.isDefault);
    const put = await t.request({
      method: 'PUT',
      url: `/api/categories/${def.id}`,
      token,
      payload: { name: 'Hack', type: def.type },
    });
    expect(put.statusCode).toBe(403);
    expect(put.json()).toEqual({ message: 'Default categories cannot be changed', code: 'READ_ONLY' });
    const del = await t.request({ method: 'DELETE', url: `/api/categories/${def.id}`, token });
    expect(del.statusCode).toBe(403);
  });

  it('refuses to delete a category in use, saying how many; deletes it once free', async () => {
    const { token, user } = await registerUser(t);
    const cat = await createCategory(t, token, { name: 'Food' });
    await seedTransactions(t, [
      { userId: user.id, categoryId: cat.id, type: 'expense', amountCents: 100, date: '2025-01-01' },
      { userId: user.id, categoryId: cat.id, type: 'expense', amountCents: 200, date: '2025-01-02' },
    ]);
    const res = await t.request({ method: 'DELETE', url: `/api/categories/${cat.id}`, token });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CATEGORY_IN_USE');
    expect(res.json().message).toContain('2 transactions');
    const retype = await t.request({
      method: 'PUT',
      url: `/api/categories/${cat.id}`,
      token,
      payload: { name: 'Food', type: 'income' },
    });
    expect(retype.statusCode).toBe(409);

    const free = await createCategory(t, token, { name: 'Free' });
    const ok = await t.request({ method: 'DELETE', url: `/api/categories/${free.id}`, token });
    expect(ok.statusCode).toBe(204);
    const again = await t.request({ method: 'DELETE', url: `/api/categories/${free.id}`, token });
    expect(again.statusCode).toBe(404);
  });

  it("hides another user's categories: 404 on every route", async () => {
    const alice = await registerUser(t);
    const bob = await registerUser(t);
    const cat = await createCategory(t, alice.token, { name: 'Secret' });
    const list = await t.request({ method: 'GET', url: '/api/categories', token: bob.token });
    expect(list.json().data).toEqual([]);
    const put = await t.request({
      method: 'PUT',
      url: `/api/categories/${cat.id}`,
      token: bob.token,
      payload: { name: 'Mine', type: 'expense' },
    });
    expect(put.statusCode).toBe(404);
    const del = await t.request({ method: 'DELETE', url: `/api/categories/${cat.id}`, token: bob.token });
    expect(del.statusCode).toBe(404);
    const bad = await t.request({ method: 'DELETE', url: '/api/categories/not-a-uuid', token: bob.token });
    expect(bad.statusCode).toBe(404);
    const mine = await t.request({ method: 'GET', url: '/api/categories', token: alice.token });
    expect(mine.json().data[0].name).toBe('Secret');
  });

  it('requires a signed-in user', async () => {
    const res = await t.request({ method: 'GET', url: '/api/categories' });
    expect(res.statusCode).toBe(401);
  });
});
