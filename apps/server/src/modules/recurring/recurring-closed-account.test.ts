import { describe, expect, it } from 'vitest';
import type { RecurringTransaction, UpcomingOccurrence } from '@ledgerly/shared';
import { ACCOUNT_MSG, addDays, todayIn } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createAccount, createCategory } from '../../../test/factories.js';
import { rowsOf } from '../../../test/transfer-helpers.js';
import { runRecurringSweep } from '../../jobs/recurring-sweep.js';

/*
 * Recurring items whose account (or, for a transfer, either account) is closed (code review of
 * issue 21): generation passes them over — POST /recurring/generate and the hourly sweep — so a
 * closed account takes no rows and the user's other items are still generated; the list marks
 * them `accountClosed`; reopening the account catches them up.
 */

const t = useTestApp();
const today = () => todayIn('UTC');

async function recurring(token: string, payload: Record<string, unknown>): Promise<RecurringTransaction> {
  const res = await t.request({
    method: 'POST',
    url: '/api/recurring',
    token,
    payload: { amount: 10, description: 'Item', frequency: 'daily', ...payload },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: RecurringTransaction }>().data;
}

async function setup() {
  const { token, user } = await registerUser(t);
  const food = await createCategory(t, token, { name: 'Food', type: 'expense' });
  const checking = (await createAccount(t, token, { name: 'Checking', kind: 'checking', isDefault: true })).id;
  const savings = (await createAccount(t, token, { name: 'Savings', kind: 'savings' })).id;
  const cash = (await createAccount(t, token, { name: 'Cash', kind: 'cash' })).id;
  // Due first: a transfer into savings and an expense paid from cash; due later: one in checking.
  const transfer = await recurring(token, {
    accountId: checking,
    toAccountId: savings,
    startDate: addDays(today(), -3),
    description: 'Save',
  });
  const fromCash = await recurring(token, {
    accountId: cash,
    categoryId: food.id,
    type: 'expense',
    startDate: addDays(today(), -3),
    description: 'Lunch',
  });
  const open = await recurring(token, {
    accountId: checking,
    categoryId: food.id,
    type: 'expense',
    startDate: addDays(today(), -1),
    description: 'Coffee',
  });
  for (const id of [savings, cash]) {
    const res = await t.request({ method: 'POST', url: `/api/accounts/${id}/close`, token });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { token, userId: user.id, checking, savings, cash, transfer, fromCash, open };
}

describe('recurring items of a closed account', () => {
  it('POST /recurring/generate passes them over and still generates the others; the list marks them', async () => {
    const { token, userId, checking, savings, cash, transfer, fromCash, open } = await setup();
    const res = await t.request({ method: 'POST', url: '/api/recurring/generate', token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: { generated: number } }>().data.generated).toBe(2);
    const rows = await rowsOf(t, userId);
    expect(rows.filter((r) => r.accountId === cash || r.accountId === savings)).toEqual([]);
    expect(rows.filter((r) => r.recurringId === open.id && r.accountId === checking)).toHaveLength(2);
    expect(rows.filter((r) => r.recurringId === transfer.id || r.recurringId === fromCash.id)).toEqual([]);

    const listed = (await t.request({ method: 'GET', url: '/api/recurring', token })).json<{
      data: RecurringTransaction[];
    }>().data;
    const closedOf = (id: string) => listed.find((i) => i.id === id)?.accountClosed;
    expect([closedOf(transfer.id), closedOf(fromCash.id), closedOf(open.id)]).toEqual([true, true, false]);
    // Their schedule stays where it was: nothing fell due "generated".
    expect(listed.find((i) => i.id === fromCash.id)?.nextDate).toBe(addDays(today(), -3));

    const upcoming = (await t.request({ method: 'GET', url: '/api/recurring/upcoming?days=30', token })).json<{
      data: UpcomingOccurrence[];
    }>().data;
    expect(upcoming.some((o) => o.recurringId === fromCash.id || o.recurringId === transfer.id)).toBe(false);
    expect(upcoming.some((o) => o.recurringId === open.id)).toBe(true);

    // Generating one of them now is refused with the closed account's sentence.
    for (const item of [fromCash, transfer]) {
      const one = await t.request({ method: 'POST', url: `/api/recurring/${item.id}/generate`, token });
      expect(one.statusCode, one.body).toBe(409);
      expect(one.json<{ message: string }>().message).toBe(ACCOUNT_MSG.closed);
    }
    expect(await rowsOf(t, userId)).toHaveLength(rows.length);

    // Reopened, the account's item catches up like any item after a gap.
    expect((await t.request({ method: 'POST', url: `/api/accounts/${cash}/reopen`, token })).statusCode).toBe(200);
    const caught = await t.request({ method: 'POST', url: '/api/recurring/generate', token });
    expect(caught.json<{ data: { generated: number } }>().data.generated).toBe(4);
    expect((await rowsOf(t, userId)).filter((r) => r.accountId === cash)).toHaveLength(4);
  });

  it('the sweep passes them over without failing and generates the others', async () => {
    const { userId, savings, cash, open } = await setup();
    const result = await runRecurringSweep(t.db.db);
    expect(result.failed).toBe(0);
    const rows = await rowsOf(t, userId);
    expect(rows.filter((r) => r.accountId === cash || r.accountId === savings)).toEqual([]);
    expect(rows.filter((r) => r.recurringId === open.id)).toHaveLength(2);
  });
});
