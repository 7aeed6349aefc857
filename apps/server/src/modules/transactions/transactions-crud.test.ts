import { describe, expect, it } from 'vitest';
import { MSG, addDays, todayIn } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createCategory, createTransaction } from '../../../test/factories.js';

const t = useTestApp();

async function setup(timezone?: string) {
  const auth = await registerUser(t, timezone ? { timezone } : {});
  const food = await createCategory(t, auth.token, { name: 'Food', type: 'expense', icon: '🍔', color: '#ef4444' });
  const salary = await createCategory(t, auth.token, { name: 'Salary', type: 'income' });
  const today = todayIn(auth.user.timezone);
  return { ...auth, food, salary, today };
}

const valid = (categoryId: string, today: string) => ({
  categoryId,
  type: 'expense',
  amount: '10.00',
  description: 'ok',
  date: today,
});

describe('creating transactions', () => {
  it('accepts JSON and answers the transaction shape', async () => {
    const { token, food, today } = await setup();
    const created = await createTransaction(t, token, {
      categoryId: food.id,
      type: 'expense',
      amount: 12.5,
      description: '  Lunch ',
      date: today,
    });
    expect(created).toEqual({
      id: expect.any(String),
      categoryId: food.id,
      category: { id: food.id, name: 'Food', color: '#ef4444', icon: '🍔' },
      lines: [], // not split (DESIGN §11)
      // One account: the default one; a regular row, not yet cleared, in no transfer (DESIGN §10).
      accountId: expect.any(String),
      kind: 'regular',
      status: 'uncleared',
      transferId: null,
      transferAccountId: null,
      amount: 12.5,
      type: 'expense',
      description: 'Lunch',
      date: today,
      receiptUrl: null,
      receiptThumbUrl: null,
      recurringId: null,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      tags: [],
    });
  });

  it('accepts multipart fields; an empty description is null; the row can be read back', async () => {
    const { token, salary, today } = await setup();
    const created = await createTransaction(t, token, {
      categoryId: salary.id,
      type: 'income',
      amount: '1234.56',
      description: '',
      date: today,
      multipart: true,
    });
    expect(created).toMatchObject({ amount: 1234.56, type: 'income', description: null });
    const got = await t.request({ method: 'GET', url: `/api/transactions/${created.id}`, token });
    expect(got.json().data).toEqual(created);
  });

  it.each([
    ['no category', { categoryId: undefined }, MSG.selectCategory],
    ['an empty category', { categoryId: '' }, MSG.selectCategory],
    ['no amount', { amount: undefined }, MSG.validAmount],
    ['amount 0', { amount: '0' }, MSG.validAmount],
    ['a negative amount', { amount: '-5' }, MSG.validAmount],
    ['three decimals', { amount: '1.005' }, MSG.validAmount],
    ['a word as amount', { amount: 'ten' }, MSG.validAmount],
    ['an amount over the maximum', { amount: '10000000000' }, MSG.amountMax],
    ['no date', { date: undefined }, MSG.selectDate],
    ['an empty date', { date: '' }, MSG.selectDate],
    ['an impossible date', { date: '2025-02-30' }, MSG.selectDate],
    ['a description of 256 characters', { description: 'x'.repeat(256) }, MSG.descriptionMax],
    ['an unknown type', { type: 'transfer' }, 'Type must be expense or income'],
  ])('refuses %s with its message and stores nothing', async (_name, change, message) => {
    const { token, food, today } = await setup();
    const payload = Object.fromEntries(
      Object.entries({ ...valid(food.id, today), ...change }).filter(([, v]) => v !== undefined),
    );
    const res = await t.request({ method: 'POST', url: '/api/transactions', token, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, code: 'VALIDATION_FAILED' });
    const list = await t.request({ method: 'GET', url: '/api/transactions', token });
    expect(list.json().meta.total).toBe(0);
  });

  it('checks the first problem in the spec order: category, amount, date', async () => {
    const { token } = await setup();
    const res = await t.request({ method: 'POST', url: '/api/transactions', token, payload: { type: 'expense' } });
    expect(res.json().message).toBe(MSG.selectCategory);
    expect(res.json().fields).toMatchObject({
      categoryId: MSG.selectCategory,
      amount: MSG.validAmount,
      date: MSG.selectDate,
    });
  });

  it('accepts 255 characters of description and the minimum amount 0.01', async () => {
    const { token, food, today } = await setup();
    const created = await createTransaction(t, token, {
      categoryId: food.id,
      description: 'y'.repeat(255),
      amount: '0.01',
      date: today,
    });
    expect(created.amount).toBe(0.01);
  });

  it('refuses a category of the other type with the exact message', async () => {
    const { token, food, salary, today } = await setup();
    const a = await t.request({
      method: 'POST',
      url: '/api/transactions',
      token,
      payload: { ...valid(food.id, today), type: 'income' },
    });
    expect(a.statusCode).toBe(400);
    expect(a.json().message).toBe('Selected category is for expense, but transaction type is income');
    const b = await t.request({ method: 'POST', url: '/api/transactions', token, payload: valid(salary.id, today) });
    expect(b.json().message).toBe('Selected category is for income, but transaction type is expense');
  });

  it("refuses another user's category and an unknown one as 'Please select a category'", async () => {
    const { token, today } = await setup();
    const other = await setup();
    for (const categoryId of [other.food.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await t.request({
        method: 'POST',
        url: '/api/transactions',
        token,
        payload: valid(categoryId, today),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.selectCategory);
    }
  });

  it("uses the user's time zone for today: Kiritimati's today is fine, tomorrow is not", async () => {
    const kiri = await setup('Pacific/Kiritimati');
    expect(kiri.today).toBe(todayIn('Pacific/Kiritimati'));
    await createTransaction(t, kiri.token, { categoryId: kiri.food.id, date: kiri.today });
    const tomorrow = addDays(kiri.today, 1);
    const late = await t.request({
      method: 'POST',
      url: '/api/transactions',
      token: kiri.token,
      payload: valid(kiri.food.id, tomorrow),
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(MSG.dateInFuture);
    // UTC-12 is always 26 hours behind Kiritimati: that date is still in its future.
    const behind = await setup('Etc/GMT+12');
    const res = await t.request({
      method: 'POST',
      url: '/api/transactions',
      token: behind.token,
      payload: valid(behind.food.id, kiri.today),
    });
    expect(res.json().message).toBe(MSG.dateInFuture);
  });
});

describe('updating and deleting', () => {
  async function created() {
    const ctx = await setup();
    const tx = await createTransaction(t, ctx.token, {
      categoryId: ctx.food.id,
      amount: '10.00',
      description: 'ok',
      date: ctx.today,
    });
    return { ...ctx, tx };
  }

  it('replaces every field', async () => {
    const { token, salary, tx, today } = await created();
    const payload = {
      categoryId: salary.id,
      type: 'income',
      amount: '99.99',
      description: 'Bonus',
      date: addDays(today, -3),
    };
    const res = await t.request({ method: 'PUT', url: `/api/transactions/${tx.id}`, token, payload });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: tx.id, ...payload, amount: 99.99, createdAt: tx.createdAt });
  });

  it('validates updates like creates and leaves the row unchanged', async () => {
    const { token, salary, tx, today } = await created();
    const bad = await t.request({
      method: 'PUT',
      url: `/api/transactions/${tx.id}`,
      token,
      payload: valid(salary.id, today),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Selected category is for income, but transaction type is expense');
    const future = await t.request({
      method: 'PUT',
      url: `/api/transactions/${tx.id}`,
      token,
      payload: { ...valid(tx.categoryId!, today), date: addDays(today, 1) },
    });
    expect(future.json().message).toBe(MSG.dateInFuture);
    const got = await t.request({ method: 'GET', url: `/api/transactions/${tx.id}`, token });
    expect(got.json().data).toEqual(tx);
  });

  it('deletes with 204, then 404', async () => {
    const { token, tx } = await created();
    const del = await t.request({ method: 'DELETE', url: `/api/transactions/${tx.id}`, token });
    expect(del.statusCode).toBe(204);
    const again = await t.request({ method: 'DELETE', url: `/api/transactions/${tx.id}`, token });
    expect(again.statusCode).toBe(404);
  });

  it("answers 404 for another user's transaction on every route and changes nothing", async () => {
    const alice = await created();
    const bob = await setup();
    const url = `/api/transactions/${alice.tx.id}`;
    expect((await t.request({ method: 'GET', url, token: bob.token })).statusCode).toBe(404);
    const put = await t.request({ method: 'PUT', url, token: bob.token, payload: valid(bob.food.id, bob.today) });
    expect(put.statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url, token: bob.token })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/transactions/not-a-uuid', token: bob.token })).statusCode).toBe(
      404,
    );
    const list = await t.request({ method: 'GET', url: '/api/transactions', token: bob.token });
    expect(list.json()).toEqual({ data: [], meta: { total: 0, nextCursor: null, totalIsLowerBound: false } });
    const still = await t.request({ method: 'GET', url, token: alice.token });
    expect(still.json().data).toEqual(alice.tx);
  });

  it('requires a signed-in user', async () => {
    for (const [method, url] of [
      ['GET', '/api/transactions'],
      ['GET', '/api/transactions/summary'],
      ['POST', '/api/transactions'],
    ] as const) {
      expect((await t.request({ method, url })).statusCode).toBe(401);
    }
  });
});
