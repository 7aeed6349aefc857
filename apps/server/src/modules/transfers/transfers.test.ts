import { describe, expect, it } from 'vitest';
import type { Transaction, Transfer } from '@ledgerly/shared';
import { ACCOUNT_MSG, MSG, TRANSFER_MSG, addDays, todayIn } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createCategory, createTransaction } from '../../../test/factories.js';
import {
  addAccount,
  closeAccount,
  createTransfer,
  defaultAccountId,
  getTransaction,
  rowsOf,
  yesterday,
} from '../../../test/transfer-helpers.js';

const t = useTestApp();

async function setup() {
  const auth = await registerUser(t);
  const checking = await defaultAccountId(t, auth.user.id);
  const savings = await addAccount(t, auth.user.id, { name: 'Savings', kind: 'savings' });
  const loan = await addAccount(t, auth.user.id, { name: 'Car loan', kind: 'loan' });
  const food = await createCategory(t, auth.token, { name: 'Food', type: 'expense' });
  const salary = await createCategory(t, auth.token, { name: 'Salary', type: 'income' });
  return { ...auth, userId: auth.user.id, checking, savings, loan, food, salary };
}

const put = (token: string, url: string, payload: Record<string, unknown>) =>
  t.request({ method: 'PUT', url, token, payload });

describe('POST /transfers', () => {
  it('writes two legs in one go: expense out of one account, income into the other, no category', async () => {
    const { token, checking, savings } = await setup();
    const date = yesterday();
    const tr = await createTransfer(t, token, {
      fromAccountId: checking,
      toAccountId: savings,
      amount: '125.50',
      date,
      description: ' Rainy day ',
    });
    expect(tr).toMatchObject({
      fromAccountId: checking,
      toAccountId: savings,
      amount: 125.5,
      toAmount: 125.5,
      date,
      description: 'Rainy day',
    });
    expect(tr.outTransaction).toMatchObject({
      accountId: checking,
      type: 'expense',
      kind: 'transfer',
      categoryId: null,
      category: null,
      amount: 125.5,
      transferId: tr.id,
      transferAccountId: savings,
      status: 'uncleared',
    });
    expect(tr.inTransaction).toMatchObject({
      accountId: savings,
      type: 'income',
      kind: 'transfer',
      categoryId: null,
      amount: 125.5,
      transferId: tr.id,
      transferAccountId: checking,
    });
    const res = await t.request({ method: 'GET', url: `/api/transfers/${tr.id}`, token });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: Transfer }>().data).toEqual(tr);
    // The list shows each leg with its transfer.
    const leg = await getTransaction(t, token, tr.inTransaction.id);
    expect(leg).toMatchObject({ transferId: tr.id, transferAccountId: checking });
  });

  it('refuses a transfer to the same account (400), a closed account (409), another user’s account (404)', async () => {
    const { token, userId, checking, savings } = await setup();
    const other = await registerUser(t);
    const theirs = await defaultAccountId(t, other.user.id);
    const post = (payload: Record<string, unknown>) =>
      t.request({
        method: 'POST',
        url: '/api/transfers',
        token,
        payload: { amount: 5, date: yesterday(), ...payload },
      });

    const same = await post({ fromAccountId: checking, toAccountId: checking });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({
      message: ACCOUNT_MSG.sameAccount,
      fields: { toAccountId: ACCOUNT_MSG.sameAccount },
    });

    const foreign = await post({ fromAccountId: checking, toAccountId: theirs });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Account not found');

    const closed = await addAccount(t, userId, { name: 'Old', closed: true });
    const toClosed = await post({ fromAccountId: checking, toAccountId: closed });
    expect(toClosed.statusCode).toBe(409);
    expect(toClosed.json().message).toBe(ACCOUNT_MSG.closed);
    expect(await rowsOf(t, userId)).toHaveLength(0);

    const future = await post({ fromAccountId: checking, toAccountId: savings, date: addDays(todayIn('UTC'), 2) });
    expect(future.statusCode).toBe(400);
    expect(future.json().fields).toMatchObject({ date: MSG.dateInFuture });

    const bad = await post({ fromAccountId: 'x', toAccountId: savings, amount: -3 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ fromAccountId: TRANSFER_MSG.fromAccount, amount: MSG.validAmount });
  });

  it('takes a category only on a transfer leaving the budget, where it counts as spending', async () => {
    const { token, checking, savings, loan, food, salary } = await setup();
    const refused = await t.request({
      method: 'POST',
      url: '/api/transfers',
      token,
      payload: { fromAccountId: checking, toAccountId: savings, amount: 5, date: yesterday(), categoryId: food.id },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(ACCOUNT_MSG.transferCategory);

    const incomeCat = await t.request({
      method: 'POST',
      url: '/api/transfers',
      token,
      payload: { fromAccountId: checking, toAccountId: loan, amount: 5, date: yesterday(), categoryId: salary.id },
    });
    expect(incomeCat.statusCode).toBe(400);

    const tr = await createTransfer(t, token, { fromAccountId: checking, toAccountId: loan, categoryId: food.id });
    expect(tr.outTransaction).toMatchObject({ categoryId: food.id, category: { name: 'Food' } });
    expect(tr.inTransaction.categoryId).toBeNull();
  });

  it('needs the arriving amount when the currencies differ, and refuses a different one when they agree', async () => {
    const { token, userId, checking, savings } = await setup();
    const euros = await addAccount(t, userId, { name: 'Euro', currency: 'EUR' });
    const missing = await t.request({
      method: 'POST',
      url: '/api/transfers',
      token,
      payload: { fromAccountId: checking, toAccountId: euros, amount: 100, date: yesterday() },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ toAmount: TRANSFER_MSG.toAmountNeeded });
    const tr = await createTransfer(t, token, {
      fromAccountId: checking,
      toAccountId: euros,
      amount: 100,
      toAmount: 92.5,
    });
    expect([tr.amount, tr.toAmount]).toEqual([100, 92.5]);

    const mismatch = await t.request({
      method: 'POST',
      url: '/api/transfers',
      token,
      payload: { fromAccountId: checking, toAccountId: savings, amount: 100, toAmount: 90, date: yesterday() },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(TRANSFER_MSG.toAmountSame);
  });
});

describe('PUT /transfers/{id}', () => {
  it('rewrites both legs, accounts included', async () => {
    const { token, userId, checking, savings } = await setup();
    const cash = await addAccount(t, userId, { name: 'Cash', kind: 'cash' });
    const tr = await createTransfer(t, token, { fromAccountId: checking, toAccountId: savings });
    const date = addDays(todayIn('UTC'), -3);
    const res = await put(token, `/api/transfers/${tr.id}`, {
      fromAccountId: cash,
      toAccountId: savings,
      amount: 70,
      date,
      description: 'moved',
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json<{ data: Transfer }>().data;
    expect(updated).toMatchObject({
      id: tr.id,
      fromAccountId: cash,
      toAccountId: savings,
      amount: 70,
      toAmount: 70,
      date,
    });
    expect(updated.outTransaction).toMatchObject({ id: tr.outTransaction.id, accountId: cash, description: 'moved' });
    expect(updated.inTransaction).toMatchObject({ id: tr.inTransaction.id, date, amount: 70 });
  });

  it('answers 404 for another user’s transfer and 409 when a leg is reconciled or an account closed', async () => {
    const { token, userId, checking, savings } = await setup();
    const tr = await createTransfer(t, token, { fromAccountId: checking, toAccountId: savings });
    const body = { fromAccountId: checking, toAccountId: savings, amount: 60, date: yesterday() };
    const other = await registerUser(t);
    expect((await put(other.token, `/api/transfers/${tr.id}`, body)).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/transfers/${tr.id}`, token: other.token })).statusCode).toBe(
      404,
    );
    expect((await t.request({ method: 'DELETE', url: `/api/transfers/${tr.id}`, token: other.token })).statusCode).toBe(
      404,
    );

    // Reconcile the savings side: its amount is locked, its description is not.
    await put(token, `/api/transactions/${tr.inTransaction.id}/status`, { status: 'cleared' });
    const rec = await t.request({
      method: 'POST',
      url: `/api/accounts/${savings}/reconciliations`,
      token,
      payload: { statementDate: yesterday(), statementBalance: 50 },
    });
    expect(rec.statusCode, rec.body).toBe(201);
    const fin = await t.request({ method: 'POST', url: `/api/reconciliations/${rec.json().data.id}/finish`, token });
    expect(fin.statusCode, fin.body).toBe(200);
    const locked = await put(token, `/api/transfers/${tr.id}`, body);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(ACCOUNT_MSG.reconciledLocked);
    const described = await put(token, `/api/transfers/${tr.id}`, { ...body, amount: 50, description: 'ok' });
    expect(described.statusCode, described.body).toBe(200);
    // Deleting it would delete a reconciled row.
    expect((await t.request({ method: 'DELETE', url: `/api/transfers/${tr.id}`, token })).statusCode).toBe(409);

    const tr2 = await createTransfer(t, token, { fromAccountId: checking, toAccountId: savings });
    await closeAccount(t, savings);
    const closed = await put(token, `/api/transfers/${tr2.id}`, { ...body, amount: 1 });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(ACCOUNT_MSG.closed);
    expect(await rowsOf(t, userId)).toHaveLength(4);
  });
});

describe('DELETE /transfers/{id}', () => {
  it('deletes both legs', async () => {
    const { token, userId, checking, savings } = await setup();
    const tr = await createTransfer(t, token, { fromAccountId: checking, toAccountId: savings });
    const res = await t.request({ method: 'DELETE', url: `/api/transfers/${tr.id}`, token });
    expect(res.statusCode).toBe(204);
    expect(await rowsOf(t, userId)).toHaveLength(0);
    expect((await t.request({ method: 'GET', url: `/api/transfers/${tr.id}`, token })).statusCode).toBe(404);
  });

  it('unlinks with keep: the kept leg becomes a regular row of that category, the other goes', async () => {
    const { token, userId, checking, savings, food, salary } = await setup();
    const tr = await createTransfer(t, token, { fromAccountId: checking, toAccountId: savings });
    const url = `/api/transfers/${tr.id}`;
    const wrongType = await t.request({ method: 'DELETE', url: `${url}?keep=in&categoryId=${food.id}`, token });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toBe(MSG.categoryTypeMismatch('expense', 'income'));
    const noCategory = await t.request({ method: 'DELETE', url: `${url}?keep=in`, token });
    expect(noCategory.statusCode).toBe(400);
    expect(noCategory.json().message).toBe(MSG.selectCategory);
    const badKeep = await t.request({ method: 'DELETE', url: `${url}?keep=both`, token });
    expect(badKeep.statusCode).toBe(400);
    expect(badKeep.json().fields).toEqual({ keep: TRANSFER_MSG.keep });

    const res = await t.request({ method: 'DELETE', url: `${url}?keep=in&categoryId=${salary.id}`, token });
    expect(res.statusCode, res.body).toBe(204);
    const rows = await rowsOf(t, userId);
    expect(rows).toHaveLength(1);
    const kept = await getTransaction(t, token, tr.inTransaction.id);
    expect(kept).toMatchObject({
      kind: 'regular',
      categoryId: salary.id,
      type: 'income',
      transferId: null,
      accountId: savings,
    });

    const tr2 = await createTransfer(t, token, { fromAccountId: checking, toAccountId: savings });
    const out = await t.request({
      method: 'DELETE',
      url: `/api/transfers/${tr2.id}?keep=out&categoryId=${food.id}`,
      token,
    });
    expect(out.statusCode).toBe(204);
    expect(await getTransaction(t, token, tr2.outTransaction.id)).toMatchObject({
      kind: 'regular',
      categoryId: food.id,
    });
  });

  it('DELETE /transactions/{id} of one leg deletes both', async () => {
    const { token, userId, checking, savings } = await setup();
    const tr = await createTransfer(t, token, { fromAccountId: checking, toAccountId: savings });
    const res = await t.request({ method: 'DELETE', url: `/api/transactions/${tr.inTransaction.id}`, token });
    expect(res.statusCode).toBe(204);
    expect(await rowsOf(t, userId)).toHaveLength(0);
  });
});

describe('PUT /transactions/{id} on a transfer leg', () => {
  const leg = (token: string, id: string, payload: Record<string, unknown>) =>
    put(token, `/api/transactions/${id}`, payload);

  it('changes date, description and amount on both legs and answers the transfer', async () => {
    const { token, checking, savings } = await setup();
    const tr = await createTransfer(t, token, { fromAccountId: checking, toAccountId: savings });
    const date = addDays(todayIn('UTC'), -4);
    const res = await leg(token, tr.inTransaction.id, { type: 'income', amount: '80', date, description: 'Top up' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: Transaction }>().data).toMatchObject({
      id: tr.inTransaction.id,
      amount: 80,
      date,
      description: 'Top up',
      transferId: tr.id,
      transferAccountId: checking,
      categoryId: null,
    });
    const other = await getTransaction(t, token, tr.outTransaction.id);
    expect(other).toMatchObject({ amount: 80, date, description: 'Top up', type: 'expense', kind: 'transfer' });
  });

  it('changes only its own amount when the currencies differ', async () => {
    const { token, userId, checking } = await setup();
    const euros = await addAccount(t, userId, { name: 'Euro', currency: 'EUR' });
    const tr = await createTransfer(t, token, {
      fromAccountId: checking,
      toAccountId: euros,
      amount: 100,
      toAmount: 90,
    });
    const res = await leg(token, tr.inTransaction.id, { amount: 91, date: tr.date });
    expect(res.statusCode, res.body).toBe(200);
    expect((await getTransaction(t, token, tr.outTransaction.id)).amount).toBe(100);
    expect((await getTransaction(t, token, tr.inTransaction.id)).amount).toBe(91);
  });

  it('refuses a category unless the leg leaves the budget, and a change of type', async () => {
    const { token, checking, savings, loan, food, salary } = await setup();
    const tr = await createTransfer(t, token, { fromAccountId: checking, toAccountId: savings });
    const cat = await leg(token, tr.outTransaction.id, { amount: 50, date: tr.date, categoryId: food.id });
    expect(cat.statusCode).toBe(400);
    expect(cat.json()).toMatchObject({
      message: ACCOUNT_MSG.transferCategory,
      fields: { categoryId: ACCOUNT_MSG.transferCategory },
    });
    const type = await leg(token, tr.outTransaction.id, { type: 'income', amount: 50, date: tr.date });
    expect(type.statusCode).toBe(400);
    expect(type.json().message).toBe(TRANSFER_MSG.legType);

    const toLoan = await createTransfer(t, token, { fromAccountId: checking, toAccountId: loan });
    const ok = await leg(token, toLoan.outTransaction.id, { amount: 50, date: toLoan.date, categoryId: food.id });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ categoryId: food.id, category: { name: 'Food' }, transferId: toLoan.id });
    const inLeg = await leg(token, toLoan.inTransaction.id, { amount: 50, date: toLoan.date, categoryId: salary.id });
    expect(inLeg.statusCode).toBe(400);
    expect(inLeg.json().message).toBe(ACCOUNT_MSG.transferCategory);
  });

  it('keeps regular rows as the spec has them: a category is still required there', async () => {
    const { token, food } = await setup();
    const row = await createTransaction(t, token, { categoryId: food.id });
    const res = await leg(token, row.id, { type: 'expense', amount: 3, date: row.date });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ categoryId: MSG.selectCategory });
  });
});

describe('PUT /transactions/{id}/status', () => {
  it('clears and unclears one row; on a transfer only that leg', async () => {
    const { token, checking, savings } = await setup();
    const tr = await createTransfer(t, token, { fromAccountId: checking, toAccountId: savings });
    const res = await put(token, `/api/transactions/${tr.outTransaction.id}/status`, { status: 'cleared' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cleared', transferId: tr.id });
    expect((await getTransaction(t, token, tr.inTransaction.id)).status).toBe('uncleared');
    const back = await put(token, `/api/transactions/${tr.outTransaction.id}/status`, { status: 'uncleared' });
    expect(back.json().data.status).toBe('uncleared');
    const bad = await put(token, `/api/transactions/${tr.outTransaction.id}/status`, { status: 'reconciled' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ status: 'Status must be uncleared or cleared' });
    const other = await registerUser(t);
    expect(
      (await put(other.token, `/api/transactions/${tr.outTransaction.id}/status`, { status: 'cleared' })).statusCode,
    ).toBe(404);
  });
});
