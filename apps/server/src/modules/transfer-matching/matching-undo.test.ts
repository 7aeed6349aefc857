import { describe, expect, it } from 'vitest';
import type { Category, Transaction } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createCategory, createTransaction, seedAccount } from '../../../test/factories.js';
import { commit, csv, preview } from '../../../test/imports-helpers.js';

const t = useTestApp();

async function row(token: string, id: string): Promise<Transaction> {
  const res = await t.request({ method: 'GET', url: `/api/transactions/${id}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Transaction }>().data;
}

// Found by the random-write test (modules/ledger/balances.property.test.ts): undoing an import
// gives the other leg of each transfer it linked back its category from before the link; when
// that category had been deleted since, the write broke its foreign key and every undo of the
// import was a 500.
describe('undoing an import after the linked row’s category was deleted', () => {
  it.each([
    ['deleted with its rows moved to another', true],
    ['deleted (no row used it any more)', false],
  ])('%s: the undo works and the row gets a category of its type', async (_, moved) => {
    const { token, user } = await registerUser(t);
    const checking = await seedAccount(t, user.id, { name: 'Checking', kind: 'checking', currency: 'USD' });
    const savings = await seedAccount(t, user.id, { name: 'Savings', kind: 'savings', currency: 'USD' });
    const gone = await createCategory(t, token, { name: 'Moving money', type: 'expense' });
    const target: Category = await createCategory(t, token, { name: 'Zz target', type: 'expense' });
    const out = await createTransaction(t, token, {
      categoryId: gone.id,
      accountId: checking,
      amount: 100,
      date: '2026-09-01',
      description: 'To savings',
    });
    const batch = await preview(t, token, csv([['2026-09-02', 'From checking', '100.00']]), { accountId: savings });
    expect((await commit(t, token, batch.id)).transfers).toEqual({ linked: 1, suggested: 0 });
    expect(await row(token, out.id)).toMatchObject({ kind: 'transfer', categoryId: null });

    // The linked row no longer uses the category, so it can go even without a target.
    const url = `/api/categories/${gone.id}${moved ? `?moveTo=${target.id}` : ''}`;
    const deleted = await t.request({ method: 'DELETE', url, token });
    expect([200, 204], deleted.body).toContain(deleted.statusCode);

    const undo = await t.request({ method: 'POST', url: `/api/imports/${batch.id}/revert`, token });
    expect(undo.statusCode, undo.body).toBe(200);
    const back = await row(token, out.id);
    expect(back).toMatchObject({ kind: 'regular', transferId: null, type: 'expense' });
    // Moved: where its rows went. Deleted outright: the first expense category, as for a row that had none.
    if (moved) expect(back.categoryId).toBe(target.id);
    else expect(back.category?.name).not.toBe('Moving money');
    expect(back.categoryId).not.toBeNull();
  });
});
