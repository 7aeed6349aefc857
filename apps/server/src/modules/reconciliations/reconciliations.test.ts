import { describe, expect, it } from 'vitest';
import type { Reconciliation, Transaction } from '@ledgerly/shared';
import { ACCOUNT_MSG, RECONCILIATION_MSG, addDays, todayIn } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createCategory, createTransaction, seedTransactions } from '../../../test/factories.js';
import {
  addAccount,
  closeAccount,
  createTransfer,
  defaultAccountId,
  getTransaction,
  setStatus,
} from '../../../test/transfer-helpers.js';

const t = useTestApp();
const today = () => todayIn('UTC');
const daysAgo = (n: number) => addDays(today(), -n);

async function setup() {
  const auth = await registerUser(t);
  const account = await defaultAccountId(t, auth.user.id);
  const food = await createCategory(t, auth.token, { name: 'Food', type: 'expense' });
  const salary = await createCategory(t, auth.token, { name: 'Salary', type: 'income' });
  return { ...auth, userId: auth.user.id, account, food, salary };
}

async function cleared(token: string, fields: Parameters<typeof createTransaction>[2]): Promise<Transaction> {
  const row = await createTransaction(t, token, fields);
  expect((await setStatus(t, token, row.id, 'cleared')).statusCode).toBe(200);
  return row;
}

async function start(token: string, account: string, statementDate: string, statementBalance: number | string) {
  const res = await t.request({
    method: 'POST',
    url: `/api/accounts/${account}/reconciliations`,
    token,
    payload: { statementDate, statementBalance },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Reconciliation }>().data;
}

const finish = (token: string, id: string, payload?: Record<string, unknown>) =>
  t.request({ method: 'POST', url: `/api/reconciliations/${id}/finish`, token, ...(payload ? { payload } : {}) });
const reopen = (token: string, id: string) =>
  t.request({ method: 'POST', url: `/api/reconciliations/${id}/reopen`, token });
const getRec = async (token: string, id: string) =>
  (await t.request({ method: 'GET', url: `/api/reconciliations/${id}`, token })).json<{ data: Reconciliation }>().data;

describe('starting a reconciliation', () => {
  it('answers the cleared balance as of the statement date and the difference; one open per account', async () => {
    const { token, account, food, salary } = await setup();
    await cleared(token, { categoryId: salary.id, type: 'income', amount: 1000, date: daysAgo(10) });
    await cleared(token, { categoryId: food.id, amount: 150.25, date: daysAgo(5) });
    // Not cleared, or after the statement date: not in the cleared balance.
    await createTransaction(t, token, { categoryId: food.id, amount: 40, date: daysAgo(6) });
    await cleared(token, { categoryId: food.id, amount: 7, date: daysAgo(1) });

    const rec = await start(token, account, daysAgo(3), '900.00');
    expect(rec).toMatchObject({
      accountId: account,
      statementDate: daysAgo(3),
      statementBalance: 900,
      state: 'open',
      cleared: 849.75,
      difference: 50.25,
      finishedAt: null,
    });

    // Starting again restates the open one rather than opening a second.
    const again = await start(token, account, daysAgo(3), 849.75);
    expect(again).toMatchObject({ id: rec.id, difference: 0 });
    const list = await t.request({ method: 'GET', url: `/api/accounts/${account}/reconciliations`, token });
    expect(list.json<{ data: Reconciliation[] }>().data.map((r) => r.id)).toEqual([rec.id]);
  });

  it('refuses a statement dated after today (400), another user’s account (404), a closed account (409)', async () => {
    const { token, userId, account } = await setup();
    const future = await t.request({
      method: 'POST',
      url: `/api/accounts/${account}/reconciliations`,
      token,
      payload: { statementDate: addDays(today(), 2), statementBalance: 1 },
    });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({
      message: ACCOUNT_MSG.futureStatement,
      fields: { statementDate: ACCOUNT_MSG.futureStatement },
    });
    const bad = await t.request({
      method: 'POST',
      url: `/api/accounts/${account}/reconciliations`,
      token,
      payload: { statementDate: 'soon', statementBalance: 'lots' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      statementDate: RECONCILIATION_MSG.statementDate,
      statementBalance: RECONCILIATION_MSG.statementBalance,
    });
    const other = await registerUser(t);
    const foreign = await t.request({
      method: 'POST',
      url: `/api/accounts/${account}/reconciliations`,
      token: other.token,
      payload: { statementDate: today(), statementBalance: 1 },
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await t.request({ method: 'GET', url: `/api/accounts/${account}/reconciliations`, token: other.token }))
        .statusCode,
    ).toBe(404);
    const rec = await start(token, account, today(), 0);
    expect((await finish(other.token, rec.id)).statusCode).toBe(404);
    expect((await reopen(other.token, rec.id)).statusCode).toBe(404);

    const closed = await addAccount(t, userId, { name: 'Closed' });
    await closeAccount(t, closed);
    const res = await t.request({
      method: 'POST',
      url: `/api/accounts/${closed}/reconciliations`,
      token,
      payload: { statementDate: today(), statementBalance: 1 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ACCOUNT_MSG.closed);
  });
});

describe('finishing', () => {
  it('marks the cleared rows up to the statement date reconciled, which locks amount and date', async () => {
    const { token, account, food, salary } = await setup();
    const pay = await cleared(token, { categoryId: salary.id, type: 'income', amount: 500, date: daysAgo(8) });
    const lunch = await cleared(token, { categoryId: food.id, amount: 20, date: daysAgo(4) });
    const open = await createTransaction(t, token, { categoryId: food.id, amount: 9, date: daysAgo(4) });
    const later = await cleared(token, { categoryId: food.id, amount: 5, date: daysAgo(1) });
    const rec = await start(token, account, daysAgo(2), 480);
    const res = await finish(token, rec.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: Reconciliation }>().data).toMatchObject({
      state: 'done',
      difference: 0,
      adjustmentTransactionId: null,
    });
    expect(res.json().data.finishedAt).toEqual(expect.any(String));
    expect((await getTransaction(t, token, pay.id)).status).toBe('reconciled');
    expect((await getTransaction(t, token, lunch.id)).status).toBe('reconciled');
    expect((await getTransaction(t, token, open.id)).status).toBe('uncleared');
    expect((await getTransaction(t, token, later.id)).status).toBe('cleared');

    const edit = (payload: Record<string, unknown>) =>
      t.request({ method: 'PUT', url: `/api/transactions/${lunch.id}`, token, payload });
    const amount = await edit({ categoryId: food.id, type: 'expense', amount: 21, date: lunch.date });
    expect(amount.statusCode).toBe(409);
    expect(amount.json().message).toBe(ACCOUNT_MSG.reconciledLocked);
    const described = await edit({
      categoryId: food.id,
      type: 'expense',
      amount: 20,
      date: lunch.date,
      description: 'fine',
    });
    expect(described.statusCode, described.body).toBe(200);
    const status = await setStatus(t, token, lunch.id, 'uncleared');
    expect(status.statusCode).toBe(409);
    expect(status.json().message).toBe(ACCOUNT_MSG.reconciledLocked);
    expect((await t.request({ method: 'DELETE', url: `/api/transactions/${lunch.id}`, token })).statusCode).toBe(409);
    // Finished once.
    const twice = await finish(token, rec.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(RECONCILIATION_MSG.finished);
  });

  it('refuses a difference without adjust (409 stating it), books an adjustment row with it', async () => {
    const { token, account, food } = await setup();
    await cleared(token, { categoryId: food.id, amount: 30, date: daysAgo(3) });
    const rec = await start(token, account, daysAgo(2), -42.5);
    expect(rec.difference).toBe(-12.5);
    const refused = await finish(token, rec.id, { adjust: false });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ACCOUNT_MSG.notDone('$12.50'));
    const badAdjust = await finish(token, rec.id, { adjust: 'yes' });
    expect(badAdjust.statusCode).toBe(400);

    const res = await finish(token, rec.id, { adjust: true });
    expect(res.statusCode, res.body).toBe(200);
    const done = res.json<{ data: Reconciliation }>().data;
    expect(done).toMatchObject({ state: 'done', difference: 0, cleared: -42.5 });
    const adjustment = await getTransaction(t, token, done.adjustmentTransactionId!);
    expect(adjustment).toMatchObject({
      kind: 'adjustment',
      status: 'reconciled',
      categoryId: null,
      type: 'expense',
      amount: 12.5,
      date: daysAgo(2),
      accountId: account,
    });

    // An income adjustment when the statement is higher.
    const rec2 = await start(token, account, daysAgo(1), 0);
    const res2 = await finish(token, rec2.id, { adjust: true });
    const adj2 = await getTransaction(t, token, res2.json().data.adjustmentTransactionId);
    expect(adj2).toMatchObject({ type: 'income', amount: 42.5 });
  });

  it('breaks when a later write moves the cleared balance as of its date, and heals when it returns', async () => {
    const { token, userId, account, food } = await setup();
    await cleared(token, { categoryId: food.id, amount: 100, date: daysAgo(10) });
    // Dated before the statement but not cleared: left unlocked by the finish.
    const late = await createTransaction(t, token, { categoryId: food.id, amount: 15, date: daysAgo(9) });
    const rec = await start(token, account, daysAgo(5), -100);
    expect((await finish(token, rec.id)).statusCode).toBe(200);

    // Ticking the older unlocked row moves the cleared balance: broken, with the difference.
    await setStatus(t, token, late.id, 'cleared');
    expect(await getRec(token, rec.id)).toMatchObject({ state: 'broken', difference: 15 });
    // Editing it moves the difference with it.
    const edit = await t.request({
      method: 'PUT',
      url: `/api/transactions/${late.id}`,
      token,
      payload: { categoryId: food.id, type: 'expense', amount: 20, date: late.date },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await getRec(token, rec.id)).toMatchObject({ state: 'broken', difference: 20 });
    await setStatus(t, token, late.id, 'uncleared');
    expect(await getRec(token, rec.id)).toMatchObject({ state: 'done', difference: 0 });

    // A transfer leg cleared before the statement date breaks it too; deleting it heals it.
    const savings = await addAccount(t, userId, { name: 'Savings' });
    const tr = await createTransfer(t, token, {
      fromAccountId: account,
      toAccountId: savings,
      amount: 5,
      date: daysAgo(7),
    });
    await setStatus(t, token, tr.outTransaction.id, 'cleared');
    expect(await getRec(token, rec.id)).toMatchObject({ state: 'broken', difference: 5 });
    await t.request({ method: 'DELETE', url: `/api/transfers/${tr.id}`, token });
    expect(await getRec(token, rec.id)).toMatchObject({ state: 'done', difference: 0 });

    // A row after the statement date changes nothing.
    await cleared(token, { categoryId: food.id, amount: 3, date: daysAgo(1) });
    expect((await getRec(token, rec.id)).state).toBe('done');
  });
});

describe('reopening', () => {
  it('opens it again and gives its rows back as cleared; earlier reconciliations keep theirs; the adjustment stays', async () => {
    const { token, account, food } = await setup();
    const first = await cleared(token, { categoryId: food.id, amount: 10, date: daysAgo(20) });
    const r1 = await start(token, account, daysAgo(15), -10);
    expect((await finish(token, r1.id)).statusCode).toBe(200);
    const second = await cleared(token, { categoryId: food.id, amount: 25, date: daysAgo(10) });
    const r2 = await start(token, account, daysAgo(5), -40);
    const fin = await finish(token, r2.id, { adjust: true });
    const adjustmentId = fin.json().data.adjustmentTransactionId as string;
    expect(
      (await t.request({ method: 'GET', url: `/api/accounts/${account}/reconciliations`, token }))
        .json()
        .data.map((r: Reconciliation) => r.id),
    ).toEqual([r2.id, r1.id]);

    const res = await reopen(token, r2.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: r2.id, state: 'open', finishedAt: null, difference: 0 });
    expect((await getTransaction(t, token, second.id)).status).toBe('cleared');
    expect((await getTransaction(t, token, first.id)).status).toBe('reconciled');
    const adjustment = await getTransaction(t, token, adjustmentId);
    expect(adjustment).toMatchObject({ kind: 'adjustment', status: 'cleared' });
    // Open: editable again, and the difference follows live.
    await t.request({
      method: 'PUT',
      url: `/api/transactions/${second.id}`,
      token,
      payload: { categoryId: food.id, type: 'expense', amount: 26, date: second.date },
    });
    expect(await getRec(token, r2.id)).toMatchObject({ state: 'open', difference: 1 });
    expect((await reopen(token, r2.id)).json().message).toBe(RECONCILIATION_MSG.notFinished);
  });
});

describe('performance', () => {
  it('finishes over 10,000 cleared rows in one statement (time logged)', async () => {
    const { token, userId, account, food } = await setup();
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      userId,
      accountId: account,
      categoryId: food.id,
      type: 'expense' as const,
      amountCents: 100 + (i % 50),
      date: daysAgo(1 + (i % 365)),
      status: 'cleared' as const,
    }));
    await seedTransactions(t, rows);
    const total = rows.reduce((s, r) => s + r.amountCents, 0);
    const rec = await start(token, account, daysAgo(1), -total / 100);
    expect(rec.difference).toBe(0);
    const started = performance.now();
    const res = await finish(token, rec.id);
    const ms = performance.now() - started;
    expect(res.statusCode, res.body).toBe(200);
    console.log(`finishing a reconciliation over 10,000 rows took ${ms.toFixed(0)} ms`);
    const list = await t.request({ method: 'GET', url: `/api/transactions?limit=1&accountId=${account}`, token });
    expect(list.json().data[0].status).toBe('reconciled');
  });
});
