import { describe, expect, it } from 'vitest';
import type { Reconciliation, Transaction } from '@ledgerly/shared';
import { ACCOUNT_MSG } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createAccount, createCategory, createTransaction } from '../../../test/factories.js';
import { multipart } from '../../../test/multipart.js';
import { bigJpeg } from '../../../test/receipt-fixtures.js';
import { toErrorReply } from '../../plugins/error-handler.js';

/*
 * PUT /transactions/{id} on rows that are not ordinary income or expense (code review of issue
 * 21): an account's opening row, a reconciliation's adjustment row, and a row linked as a
 * transfer while the edit was on its way.
 */

const t = useTestApp();

async function setup() {
  const { token, user } = await registerUser(t);
  const food = await createCategory(t, token, { name: 'Food', type: 'expense' });
  const checking = await createAccount(t, token, {
    name: 'Checking',
    kind: 'checking',
    openingBalance: 500,
    openingDate: '2026-09-01',
  });
  return { token, userId: user.id, food, checking: checking.id };
}

async function rowsOf(token: string, accountId: string): Promise<Transaction[]> {
  const res = await t.request({ method: 'GET', url: `/api/transactions?limit=500&accountId=${accountId}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Transaction[] }>().data;
}

const put = (token: string, id: string, payload: Record<string, unknown>) =>
  t.request({ method: 'PUT', url: `/api/transactions/${id}`, token, payload });

const balanceOf = async (token: string, id: string) =>
  (await t.request({ method: 'GET', url: `/api/accounts/${id}`, token })).json<{ data: { balance: number } }>().data
    .balance;

describe('editing an opening or adjustment row through PUT /transactions/{id}', () => {
  it('refuses the opening row with a 409 pointing to the account’s opening balance; nothing changes', async () => {
    const { token, food, checking } = await setup();
    const [opening] = await rowsOf(token, checking);
    expect(opening).toMatchObject({ kind: 'opening', amount: 500 });
    for (const body of [
      { categoryId: food.id, type: 'expense', amount: 20, date: opening!.date, description: 'x' },
      { categoryId: food.id, type: 'income', amount: 500, date: opening!.date },
    ]) {
      const res = await put(token, opening!.id, body);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json<{ message: string }>().message).toBe(ACCOUNT_MSG.editOpening);
    }
    expect(await rowsOf(token, checking)).toEqual([opening]);
    expect(await balanceOf(token, checking)).toBe(500);
  });

  it('refuses an adjustment row, reconciled or reopened, with a 409 sentence; nothing changes', async () => {
    const { token, checking } = await setup();
    const fees = await createCategory(t, token, { name: 'Fees back', type: 'income' });
    const started = await t.request({
      method: 'POST',
      url: `/api/accounts/${checking}/reconciliations`,
      token,
      payload: { statementDate: '2026-09-30', statementBalance: 520 },
    });
    expect(started.statusCode, started.body).toBe(201);
    const rec = started.json<{ data: Reconciliation }>().data;
    const finished = await t.request({
      method: 'POST',
      url: `/api/reconciliations/${rec.id}/finish`,
      token,
      payload: { adjust: true },
    });
    expect(finished.statusCode, finished.body).toBe(200);
    const adjustment = (await rowsOf(token, checking)).find((r) => r.kind === 'adjustment')!;
    expect(adjustment).toMatchObject({ amount: 20, status: 'reconciled' });
    const body = { categoryId: fees.id, type: 'income', amount: 20, date: adjustment.date, description: 'Bank fee' };
    const locked = await put(token, adjustment.id, body);
    expect(locked.statusCode, locked.body).toBe(409);
    expect(locked.json<{ message: string }>().message).toBe(ACCOUNT_MSG.editAdjustment);

    expect((await t.request({ method: 'POST', url: `/api/reconciliations/${rec.id}/reopen`, token })).statusCode).toBe(
      200,
    );
    const before = await rowsOf(token, checking);
    const reopened = await put(token, adjustment.id, { ...body, amount: 25 });
    expect(reopened.statusCode, reopened.body).toBe(409);
    expect(reopened.json<{ message: string }>().message).toBe(ACCOUNT_MSG.editAdjustment);
    expect(await rowsOf(token, checking)).toEqual(before);
    expect(await balanceOf(token, checking)).toBe(520);
  });

  it('answers a check violation that reaches the error handler as a 400 sentence, not a 500', () => {
    const error = Object.assign(new Error('Failed query: update …'), {
      cause: Object.assign(new Error('new row violates check constraint'), { code: '23514' }),
    });
    const [status, body] = toErrorReply(error);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringMatching(/^[A-Z].+/) });
  });
});

describe('a row linked as a transfer while it is being edited', () => {
  it('never leaves a transfer leg with an ordinary edit applied (409 or the transfer path)', async () => {
    const { token, food, checking } = await setup();
    const savings = await createAccount(t, token, { name: 'Savings', kind: 'savings' });
    const photo = await bigJpeg();
    const rounds = 4;
    for (let i = 0; i < rounds; i++) {
      const out = await createTransaction(t, token, { categoryId: food.id, accountId: checking, amount: 40 });
      const salary = await createCategory(t, token, { name: `Moved ${i}`, type: 'income' });
      const into = await createTransaction(t, token, {
        categoryId: salary.id,
        accountId: savings.id,
        type: 'income',
        amount: 40,
      });
      // The edit carries a large photo: re-encoding it leaves the link time to land in between.
      const edit = t.request({
        method: 'PUT',
        url: `/api/transactions/${out.id}`,
        token,
        ...multipart({ categoryId: food.id, type: 'expense', amount: '40', date: out.date, description: 'Lunch' }, [
          { field: 'receipt', filename: 'r.jpg', data: photo },
        ]),
      });
      const link = t.request({
        method: 'POST',
        url: '/api/transfers/link',
        token,
        payload: { outTransactionId: out.id, inTransactionId: into.id },
      });
      const [edited, linked] = await Promise.all([edit, link]);
      expect(linked.statusCode, linked.body).toBe(201);
      expect([200, 400, 409], edited.body).toContain(edited.statusCode);
      const row = (await t.request({ method: 'GET', url: `/api/transactions/${out.id}`, token })).json<{
        data: Transaction;
      }>().data;
      // A transfer between two on-budget accounts carries no category: it is no spending.
      expect(row).toMatchObject({ kind: 'transfer', type: 'expense', categoryId: null, amount: 40 });
    }
  });
});
