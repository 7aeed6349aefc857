import { describe, expect, it } from 'vitest';
import type { Transaction } from '@ledgerly/shared';
import { ACCOUNT_MSG } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createAccount, createCategory, createTransaction } from '../../../test/factories.js';

/* Linking rows of a closed account (code review of issue 21): a closed account's rows do not change. */

const t = useTestApp();

describe('POST /transfers/link with a row in a closed account', () => {
  it('is a 409 with the closed account’s sentence, and neither row changes', async () => {
    const { token } = await registerUser(t);
    const food = await createCategory(t, token, { name: 'Food', type: 'expense' });
    const gifts = await createCategory(t, token, { name: 'Gifts', type: 'income' });
    const checking = await createAccount(t, token, { name: 'Checking', kind: 'checking' });
    const old = await createAccount(t, token, { name: 'Old savings', kind: 'savings' });
    const out = await createTransaction(t, token, { categoryId: food.id, accountId: checking.id, amount: 75 });
    const into = await createTransaction(t, token, {
      categoryId: gifts.id,
      accountId: old.id,
      type: 'income',
      amount: 75,
    });
    expect((await t.request({ method: 'POST', url: `/api/accounts/${old.id}/close`, token })).statusCode).toBe(200);

    const res = await t.request({
      method: 'POST',
      url: '/api/transfers/link',
      token,
      payload: { outTransactionId: out.id, inTransactionId: into.id },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(ACCOUNT_MSG.closed);
    for (const row of [out, into]) {
      const now = (await t.request({ method: 'GET', url: `/api/transactions/${row.id}`, token })).json<{
        data: Transaction;
      }>().data;
      expect(now).toMatchObject({ kind: 'regular', categoryId: row.categoryId, transferId: null });
    }

    // Bulk "mark as transfer" leaves them alone too.
    const bulk = await t.request({
      method: 'POST',
      url: '/api/transactions/bulk/mark-transfer',
      token,
      payload: { ids: [out.id, into.id] },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json<{ data: { linked: number } }>().data.linked).toBe(0);
  });
});
