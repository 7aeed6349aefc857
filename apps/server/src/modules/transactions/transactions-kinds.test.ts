import { describe, expect, it } from 'vitest';
import type { Reconciliation, Transaction } from '@ledgerly/shared';
import { ACCOUNT_MSG, addDays, todayIn } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createAccount, createCategory } from '../../../test/factories.js';

const t = useTestApp();

/** The account's rows (all kinds), newest first. */
async function rowsOf(token: string, accountId: string): Promise<Transaction[]> {
  const res = await t.request({ method: 'GET', url: `/api/transactions?accountId=${accountId}&limit=50`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Transaction[] }>().data;
}

// Found by the random-write test (modules/ledger/balances.property.test.ts): the form's PUT on
// an opening or adjustment row set a category on it, which the table's CHECK refuses: a 500.
describe('PUT /transactions/{id} on an opening or adjustment row', () => {
  it('is a 409 with a sentence, and the row stays as it was', async () => {
    const { token, user } = await registerUser(t);
    const today = todayIn(user.timezone);
    const category = await createCategory(t, token, { type: 'income' });
    const account = await createAccount(t, token, { openingBalance: 100, openingDate: addDays(today, -30) });
    // A statement 25.00 above the cleared balance, finished with an adjustment; reopened, so the
    // adjustment row is no longer reconciled (its lock is not what refuses the edit).
    const started = await t.request({
      method: 'POST',
      url: `/api/accounts/${account.id}/reconciliations`,
      token,
      payload: { statementDate: addDays(today, -1), statementBalance: 125 },
    });
    expect(started.statusCode, started.body).toBe(201);
    const { id } = started.json<{ data: Reconciliation }>().data;
    for (const [url, payload] of [
      [`/api/reconciliations/${id}/finish`, { adjust: true }],
      [`/api/reconciliations/${id}/reopen`, undefined],
    ] as const) {
      const res = await t.request({ method: 'POST', url, token, ...(payload ? { payload } : {}) });
      expect(res.statusCode, res.body).toBe(200);
    }
    const before = await rowsOf(token, account.id);
    expect(before.map((r) => [r.kind, r.status, r.amount])).toEqual(
      expect.arrayContaining([
        ['opening', 'cleared', 100],
        ['adjustment', 'cleared', 25],
      ]),
    );
    for (const row of before) {
      const res = await t.request({
        method: 'PUT',
        url: `/api/transactions/${row.id}`,
        token,
        payload: { categoryId: category.id, type: 'income', amount: 7, date: addDays(today, -2) },
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json<{ message: string }>().message).toBe(ACCOUNT_MSG.notEditable);
    }
    expect(await rowsOf(token, account.id)).toEqual(before);
  });
});
