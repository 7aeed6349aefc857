import { describe, expect, it } from 'vitest';
import type { RecurringTransaction } from '@ledgerly/shared';
import { ACCOUNT_MSG, addDays, todayIn } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createCategory } from '../../../test/factories.js';
import { addAccount, defaultAccountId, getTransaction, rowsOf } from '../../../test/transfer-helpers.js';

const t = useTestApp();

async function setup() {
  const auth = await registerUser(t);
  const checking = await defaultAccountId(t, auth.user.id);
  const savings = await addAccount(t, auth.user.id, { name: 'Savings' });
  return { ...auth, userId: auth.user.id, checking, savings };
}

const post = (token: string, payload: Record<string, unknown>) =>
  t.request({
    method: 'POST',
    url: '/api/recurring',
    token,
    payload: { amount: 100, description: 'Save', frequency: 'daily', ...payload },
  });

describe('recurring transfers', () => {
  it('are created with toAccountId and no category, and generate one transfer (both legs) per occurrence', async () => {
    const { token, userId, checking, savings } = await setup();
    const startDate = addDays(todayIn('UTC'), -4);
    const res = await post(token, { accountId: checking, toAccountId: savings, startDate });
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json<{ data: RecurringTransaction }>().data;
    expect(item).toMatchObject({
      accountId: checking,
      toAccountId: savings,
      categoryId: null,
      category: null,
      type: 'expense',
    });
    const listed = await t.request({ method: 'GET', url: '/api/recurring', token });
    expect(listed.json<{ data: RecurringTransaction[] }>().data[0]).toMatchObject({
      id: item.id,
      toAccountId: savings,
    });

    const gen = await t.request({ method: 'POST', url: '/api/recurring/generate', token });
    expect(gen.statusCode, gen.body).toBe(200);
    expect(gen.json().data).toMatchObject({ generated: 5 });
    const rows = await rowsOf(t, userId);
    expect(rows).toHaveLength(10);
    const outs = rows.filter((r) => r.type === 'expense');
    expect(outs.every((r) => r.kind === 'transfer' && r.accountId === checking && r.recurringId === item.id)).toBe(
      true,
    );
    expect(rows.filter((r) => r.type === 'income').every((r) => r.accountId === savings && r.kind === 'transfer')).toBe(
      true,
    );
    const leg = await getTransaction(t, token, outs[0]!.id);
    expect(leg).toMatchObject({ transferAccountId: savings, transferId: expect.any(String), categoryId: null });
    // Again: nothing more.
    const again = await t.request({ method: 'POST', url: '/api/recurring/generate', token });
    expect(again.json().data.generated).toBe(0);
    expect(await rowsOf(t, userId)).toHaveLength(10);
  });

  it('generate-next books one transfer', async () => {
    const { token, userId, checking, savings } = await setup();
    const res = await post(token, {
      accountId: checking,
      toAccountId: savings,
      frequency: 'monthly',
      startDate: addDays(todayIn('UTC'), 3),
    });
    const item = res.json<{ data: RecurringTransaction }>().data;
    const one = await t.request({ method: 'POST', url: `/api/recurring/${item.id}/generate`, token });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data.transaction).toMatchObject({
      kind: 'transfer',
      type: 'expense',
      accountId: checking,
      transferId: expect.any(String),
      transferAccountId: savings,
    });
    expect(await rowsOf(t, userId)).toHaveLength(2);
  });

  it('generates exactly once when several generations run at the same time', async () => {
    const { token, userId, checking, savings } = await setup();
    await post(token, { accountId: checking, toAccountId: savings, startDate: addDays(todayIn('UTC'), -29) });
    const results = await Promise.all(
      Array.from({ length: 6 }, () => t.request({ method: 'POST', url: '/api/recurring/generate', token })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(results.reduce((s, r) => s + (r.json().data.generated as number), 0)).toBe(30);
    const rows = await rowsOf(t, userId);
    expect(rows).toHaveLength(60);
    const occurrences = rows.filter((r) => r.occurrenceDate).map((r) => r.occurrenceDate);
    expect(new Set(occurrences).size).toBe(30);
  });

  it('refuses the same account (400), another user’s account (404), a category (400); edits keep it a transfer', async () => {
    const { token, checking, savings } = await setup();
    const startDate = addDays(todayIn('UTC'), 5);
    const same = await post(token, { accountId: checking, toAccountId: checking, startDate });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(ACCOUNT_MSG.sameAccount);
    const other = await registerUser(t);
    const foreign = await post(token, { toAccountId: await defaultAccountId(t, other.user.id), startDate });
    expect(foreign.statusCode).toBe(404);
    const food = await createCategory(t, token, { type: 'expense' });
    const withCategory = await post(token, { toAccountId: savings, categoryId: food.id, startDate });
    expect(withCategory.statusCode).toBe(400);
    expect(withCategory.json().fields).toMatchObject({ categoryId: ACCOUNT_MSG.transferCategory });

    const created = (await post(token, { toAccountId: savings, startDate })).json<{ data: RecurringTransaction }>()
      .data;
    expect(created.accountId).toBe(checking);
    const put = await t.request({
      method: 'PUT',
      url: `/api/recurring/${created.id}`,
      token,
      payload: { toAccountId: savings, amount: 7, description: 'Save more', frequency: 'weekly', startDate },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ toAccountId: savings, amount: 7, categoryId: null });
    // Back to an ordinary item: a category and no toAccountId.
    const plain = await t.request({
      method: 'PUT',
      url: `/api/recurring/${created.id}`,
      token,
      payload: { categoryId: food.id, type: 'expense', amount: 7, description: 'Food', frequency: 'weekly', startDate },
    });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().data).toMatchObject({ toAccountId: null, categoryId: food.id });
  });
});
