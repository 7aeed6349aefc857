import { describe, expect, it } from 'vitest';
import type { Account, Transaction } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createAccount, createCategory, createTransaction } from '../../../test/factories.js';

/*
 * Deleting an account into another one when both have an opening balance (code review of issue
 * 21): the target must keep one opening row, and every balance stays exactly what it was.
 */

const t = useTestApp();

async function rowsOf(token: string, accountId: string): Promise<Transaction[]> {
  const res = await t.request({ method: 'GET', url: `/api/transactions?limit=500&accountId=${accountId}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Transaction[] }>().data;
}

async function account(token: string, id: string): Promise<Account> {
  const res = await t.request({ method: 'GET', url: `/api/accounts/${id}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Account }>().data;
}

describe('deleting an account with an opening balance into another one', () => {
  it('keeps one opening row in the target (the moved one becomes an adjustment); balances stay equal', async () => {
    const { token } = await registerUser(t);
    const food = await createCategory(t, token, { name: 'Food', type: 'expense' });
    const old = await createAccount(t, token, {
      name: 'Old bank',
      kind: 'checking',
      openingBalance: 100.25,
      openingDate: '2026-01-10',
    });
    const target = await createAccount(t, token, {
      name: 'New bank',
      kind: 'checking',
      openingBalance: 50,
      openingDate: '2026-03-01',
    });
    await createTransaction(t, token, { categoryId: food.id, accountId: old.id, amount: 20, date: '2026-02-01' });
    const total = (await account(token, old.id)).balance + (await account(token, target.id)).balance;
    const asOf = async (date: string) =>
      (await t.request({ method: 'GET', url: `/api/accounts/${target.id}/balance?date=${date}`, token })).json<{
        data: { balance: number; clearedBalance: number };
      }>().data;

    const res = await t.request({ method: 'DELETE', url: `/api/accounts/${old.id}?moveTo=${target.id}`, token });
    expect(res.statusCode, res.body).toBe(200);

    expect((await account(token, target.id)).balance).toBeCloseTo(total, 2);
    expect(await asOf('2026-01-31')).toEqual({ balance: 100.25, clearedBalance: 100.25, date: '2026-01-31' });
    const rows = await rowsOf(token, target.id);
    expect(rows.filter((r) => r.kind === 'opening')).toEqual([
      expect.objectContaining({ amount: 50, date: '2026-03-01' }),
    ]);
    expect(rows.filter((r) => r.kind === 'adjustment')).toEqual([
      expect.objectContaining({
        amount: 100.25,
        type: 'income',
        date: '2026-01-10',
        description: 'Opening balance of Old bank',
      }),
    ]);

    // The target's own opening balance is the one its settings edit.
    const edited = await t.request({
      method: 'PUT',
      url: `/api/accounts/${target.id}`,
      token,
      payload: { openingBalance: 70 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ data: Account }>().data.balance).toBeCloseTo(total + 20, 2);
    const after = await rowsOf(token, target.id);
    expect(after.filter((r) => r.kind === 'opening').map((r) => r.amount)).toEqual([70]);
    expect(after.filter((r) => r.kind === 'adjustment').map((r) => r.amount)).toEqual([100.25]);
  });

  it('moves the opening row as the target’s opening row when the target has none', async () => {
    const { token } = await registerUser(t);
    const old = await createAccount(t, token, { name: 'Wallet', kind: 'cash', openingBalance: 30 });
    const target = await createAccount(t, token, { name: 'Purse', kind: 'cash' });
    const res = await t.request({ method: 'DELETE', url: `/api/accounts/${old.id}?moveTo=${target.id}`, token });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await rowsOf(token, target.id);
    expect(rows).toEqual([expect.objectContaining({ kind: 'opening', amount: 30 })]);
    expect((await account(token, target.id)).balance).toBe(30);
  });
});
