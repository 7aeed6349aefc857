import { describe, expect, it } from 'vitest';
import type { Reconciliation, Transaction } from '@ledgerly/shared';
import { IMPORT_MSG } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createAccount, createCategory } from '../../../test/factories.js';
import { commit, csv, preview } from '../../../test/imports-helpers.js';

/*
 * Undoing an import whose rows were linked, reconciled or closed in (code review of issue 21):
 * a linked leg's previous category deleted or moved since, reconciled rows, a closed account.
 */

const t = useTestApp();

async function household() {
  const { token, user } = await registerUser(t);
  const checking = await createAccount(t, token, { name: 'Checking', kind: 'checking' });
  const card = await createAccount(t, token, { name: 'Visa', kind: 'credit_card' });
  return { token, userId: user.id, checking: checking.id, card: card.id };
}

async function rowsOf(token: string, accountId: string): Promise<Transaction[]> {
  const res = await t.request({ method: 'GET', url: `/api/transactions?limit=500&accountId=${accountId}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Transaction[] }>().data;
}

/** Imports one statement into `accountId`, its rows given `categoryId` when named; answers the batch. */
async function importInto(token: string, accountId: string, rows: [string, string, string][], categoryId?: string) {
  const batch = await preview(t, token, csv(rows), { accountId });
  if (categoryId) {
    const res = await t.request({
      method: 'PUT',
      url: `/api/imports/${batch.id}`,
      token,
      payload: { rows: rows.map((_, index) => ({ index, categoryId })) },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return commit(t, token, batch.id);
}

const revert = (token: string, id: string) => t.request({ method: 'POST', url: `/api/imports/${id}/revert`, token });

describe('undoing an import whose transfer partner lost its previous category', () => {
  it('gives the partner a category of its type when its previous one was deleted (no 500)', async () => {
    const { token, checking, card } = await household();
    const credits = await createCategory(t, token, { name: 'Card credits', type: 'income' });
    const fromChecking = await importInto(token, checking, [['2026-09-05', 'Card payment', '-250.00']]);
    const fromCard = await importInto(token, card, [['2026-09-06', 'Payment thank you', '250.00']], credits.id);
    expect(fromCard.transfers).toEqual({ linked: 1, suggested: 0 });
    // Linked: the card row lost its category, so the category is unused and may go.
    const gone = await t.request({ method: 'DELETE', url: `/api/categories/${credits.id}`, token });
    expect(gone.statusCode, gone.body).toBe(204);

    const res = await revert(token, fromChecking.id);
    expect(res.statusCode, res.body).toBe(200);
    const [kept] = await rowsOf(token, card);
    expect(kept).toMatchObject({ kind: 'regular', type: 'income', transferId: null });
    const categories = (await t.request({ method: 'GET', url: '/api/categories', token })).json<{
      data: { id: string; type: string }[];
    }>().data;
    expect(categories.find((c) => c.id === kept!.categoryId)?.type).toBe('income');
    expect(await rowsOf(token, checking)).toEqual([]);
  });

  it('gives the partner the category its previous one was moved into', async () => {
    const { token, checking, card } = await household();
    const credits = await createCategory(t, token, { name: 'Card credits', type: 'income' });
    const refunds = await createCategory(t, token, { name: 'Refunds', type: 'income' });
    const fromChecking = await importInto(token, checking, [['2026-09-05', 'Card payment', '-80.00']]);
    await importInto(token, card, [['2026-09-05', 'Payment thank you', '80.00']], credits.id);
    const moved = await t.request({
      method: 'DELETE',
      url: `/api/categories/${credits.id}?moveTo=${refunds.id}`,
      token,
    });
    expect(moved.statusCode, moved.body).toBe(200);

    expect((await revert(token, fromChecking.id)).statusCode).toBe(200);
    expect((await rowsOf(token, card))[0]).toMatchObject({ kind: 'regular', categoryId: refunds.id });
  });
});

describe('undoing an import with locked rows', () => {
  it('refuses (409 with a sentence) when the batch has reconciled rows, and changes nothing', async () => {
    const { token, checking } = await household();
    const batch = await importInto(token, checking, [
      ['2026-09-01', 'Salary', '1000.00'],
      ['2026-09-03', 'Groceries', '-45.10'],
    ]);
    const started = await t.request({
      method: 'POST',
      url: `/api/accounts/${checking}/reconciliations`,
      token,
      payload: { statementDate: '2026-09-30', statementBalance: 954.9 },
    });
    expect(started.statusCode, started.body).toBe(201);
    const rec = started.json<{ data: Reconciliation }>().data;
    const finished = await t.request({ method: 'POST', url: `/api/reconciliations/${rec.id}/finish`, token });
    expect(finished.statusCode, finished.body).toBe(200);
    const before = await rowsOf(token, checking);
    expect(before.map((r) => r.status)).toEqual(['reconciled', 'reconciled']);

    const res = await revert(token, batch.id);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(IMPORT_MSG.revertReconciled);
    expect(await rowsOf(token, checking)).toEqual(before);
    const again = await t.request({ method: 'GET', url: `/api/imports/${batch.id}`, token });
    expect(again.json<{ data: { status: string } }>().data.status).toBe('committed');

    // Reopening the reconciliation unlocks the rows: then the import can be undone.
    expect((await t.request({ method: 'POST', url: `/api/reconciliations/${rec.id}/reopen`, token })).statusCode).toBe(
      200,
    );
    expect((await revert(token, batch.id)).statusCode).toBe(200);
    expect(await rowsOf(token, checking)).toEqual([]);
  });

  it('refuses (409 with a sentence) when the batch’s rows are in a closed account, and changes nothing', async () => {
    const { token, card } = await household();
    const batch = await importInto(token, card, [['2026-09-02', 'Coffee', '-4.50']]);
    const closed = await t.request({ method: 'POST', url: `/api/accounts/${card}/close`, token });
    expect(closed.statusCode, closed.body).toBe(200);
    const before = await rowsOf(token, card);

    const res = await revert(token, batch.id);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(IMPORT_MSG.revertClosed);
    expect(await rowsOf(token, card)).toEqual(before);
    const again = await t.request({ method: 'GET', url: `/api/imports/${batch.id}`, token });
    expect(again.json<{ data: { status: string } }>().data.status).toBe('committed');
  });

  it('refuses when the transfer partner it would unlink is in a closed account', async () => {
    const { token, checking, card } = await household();
    const fromChecking = await importInto(token, checking, [['2026-09-05', 'Card payment', '-30.00']]);
    const fromCard = await importInto(token, card, [['2026-09-05', 'Payment thank you', '30.00']]);
    expect(fromCard.transfers).toEqual({ linked: 1, suggested: 0 });
    expect((await t.request({ method: 'POST', url: `/api/accounts/${card}/close`, token })).statusCode).toBe(200);
    const before = await rowsOf(token, card);

    const res = await revert(token, fromChecking.id);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(IMPORT_MSG.revertClosed);
    expect(await rowsOf(token, card)).toEqual(before);
    expect(await rowsOf(token, checking)).toHaveLength(1);
  });
});
