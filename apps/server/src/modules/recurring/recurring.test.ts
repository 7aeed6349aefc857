import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createCategory } from '../../../test/factories.js';
import { createRecurring, generatedRows } from '../../../test/recurring-helpers.js';

const t = useTestApp();

describe('recurring CRUD', () => {
  it('creates an item whose next date is its start date, and lists it with its category', async () => {
    const { token } = await registerUser(t);
    const cat = await createCategory(t, token, { name: 'Housing', icon: '🏠', color: '#ef4444' });
    const res = await t.request({
      method: 'POST',
      url: '/api/recurring',
      token,
      payload: {
        categoryId: cat.id,
        type: 'expense',
        amount: 1200.5,
        description: ' Rent ',
        frequency: 'monthly',
        startDate: '2030-01-31',
      },
    });
    expect(res.statusCode).toBe(201);
    const item = res.json().data;
    expect(item).toEqual({
      tags: [],
      lines: [],
      id: expect.any(String),
      categoryId: cat.id,
      category: { id: cat.id, name: 'Housing', icon: '🏠', color: '#ef4444' },
      accountId: expect.any(String),
      toAccountId: null,
      type: 'expense',
      amount: 1200.5,
      description: 'Rent',
      frequency: 'monthly',
      startDate: '2030-01-31',
      endDate: null,
      nextDate: '2030-01-31',
      lastGenerated: null,
      isActive: true,
      skippedDates: [],
      accountClosed: false,
    });
    const list = await t.request({ method: 'GET', url: '/api/recurring', token });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([item]);
  });

  it('lists by next date, ended items last', async () => {
    const { token } = await registerUser(t);
    const cat = await createCategory(t, token);
    const later = await createRecurring(t, token, {
      categoryId: cat.id,
      startDate: '2031-05-01',
      description: 'Later',
    });
    const sooner = await createRecurring(t, token, {
      categoryId: cat.id,
      startDate: '2030-05-01',
      description: 'Sooner',
    });
    const list = await t.request({ method: 'GET', url: '/api/recurring', token });
    expect(list.json().data.map((r: { id: string }) => r.id)).toEqual([sooner.id, later.id]);
  });

  it('deletes an item and keeps its generated transactions', async () => {
    const { token, user } = await registerUser(t);
    const cat = await createCategory(t, token);
    const today = todayIn('UTC');
    const item = await createRecurring(t, token, {
      categoryId: cat.id,
      frequency: 'daily',
      startDate: addDays(today, -2),
    });
    const gen = await t.request({ method: 'POST', url: '/api/recurring/generate', token });
    expect(gen.json()).toEqual({ data: { generated: 3, more: false }, message: 'Generated 3 transactions' });
    const listed = await t.request({ method: 'GET', url: '/api/transactions', token });
    expect(listed.json().data.map((tx: { recurringId: string }) => tx.recurringId)).toEqual([
      item.id,
      item.id,
      item.id,
    ]);
    const del = await t.request({ method: 'DELETE', url: `/api/recurring/${item.id}`, token });
    expect(del.statusCode).toBe(204);
    const rows = await generatedRows(t, user.id);
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.recurringId === null)).toBe(true);
    const after = await t.request({ method: 'GET', url: '/api/transactions', token });
    expect(after.json().data.map((tx: { recurringId: string | null }) => tx.recurringId)).toEqual([null, null, null]);
    const again = await t.request({ method: 'DELETE', url: `/api/recurring/${item.id}`, token });
    expect(again.statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/recurring', token })).json().data).toEqual([]);
  });

  it('requires a signed-in user on every route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['GET', '/api/recurring'],
      ['GET', '/api/recurring/upcoming'],
      ['POST', '/api/recurring'],
      ['PUT', `/api/recurring/${id}`],
      ['DELETE', `/api/recurring/${id}`],
      ['POST', '/api/recurring/generate'],
      ['POST', `/api/recurring/${id}/generate`],
    ] as const) {
      const res = await t.request({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
