import { describe, expect, it } from 'vitest';
import type { ImportBatch } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createCategory, createTransaction } from '../../../test/factories.js';
import { allTransactions, commit, csv, getBatch, preview } from '../../../test/imports-helpers.js';

const t = useTestApp();

const STATEMENT = csv([
  ['2024-03-01', 'Salary ACME', '2500.00'],
  ['2024-03-02', 'Coffee Shop', '-3.50'],
  ['2024-03-02', 'Coffee Shop', '-3.50'],
  ['2024-03-05', 'Grocer', '-45.10'],
]);

describe('statement import: preview, commit, undo', () => {
  it('previews without writing a transaction, then commits exactly the previewed rows', async () => {
    const { token } = await registerUser(t);
    const batch = await preview(t, token, STATEMENT);
    expect(batch.status).toBe('preview');
    expect(batch.format).toBe('csv');
    expect(batch.summary).toMatchObject({
      rows: 4,
      total: 2447.9,
      income: 2500,
      expense: 52.1,
      earliest: '2024-03-01',
      latest: '2024-03-05',
      new: 4,
      duplicates: 0,
      errors: 0,
    });
    expect(batch.rows?.map((r) => [r.index, r.amount, r.status])).toEqual([
      [0, 2500, 'new'],
      [1, -3.5, 'new'],
      [2, -3.5, 'new'],
      [3, -45.1, 'new'],
    ]);
    expect((await allTransactions(t, token)).meta.total).toBe(0);

    const done = await commit(t, token, batch.id);
    expect(done.status).toBe('committed');
    expect(done.summary.imported).toBe(4);
    const list = await allTransactions(t, token);
    // Two identical payments on one day are both real: both import.
    expect(list.data.map((x) => [x.date, x.type, x.amount, x.description])).toEqual([
      ['2024-03-05', 'expense', 45.1, 'Grocer'],
      ['2024-03-02', 'expense', 3.5, 'Coffee Shop'],
      ['2024-03-02', 'expense', 3.5, 'Coffee Shop'],
      ['2024-03-01', 'income', 2500, 'Salary ACME'],
    ]);

    // A retried commit imports nothing twice.
    const again = await commit(t, token, batch.id);
    expect(again.status).toBe('committed');
    expect((await allTransactions(t, token)).meta.total).toBe(4);

    // Re-importing the same file: every row is a duplicate, nothing new.
    const second = await preview(t, token, STATEMENT);
    expect(second.summary).toMatchObject({ rows: 4, new: 0, duplicates: 4, possibleDuplicates: 0 });
    expect(second.rows?.every((r) => r.status === 'duplicate' && r.message)).toBe(true);
    await commit(t, token, second.id);
    expect((await allTransactions(t, token)).meta.total).toBe(4);
  });

  it('a second identical payment in a later file imports; the known one is a duplicate', async () => {
    const { token } = await registerUser(t);
    await commit(t, token, (await preview(t, token, csv([['2024-04-02', 'Bus', '-2.00']]))).id);
    const batch = await preview(
      t,
      token,
      csv([
        ['2024-04-02', 'Bus', '-2.00'],
        ['2024-04-02', 'Bus', '-2.00'],
      ]),
    );
    // Not merged: the second is only flagged for the user (unticked until the user ticks it).
    expect(batch.rows?.map((r) => r.status)).toEqual(['duplicate', 'possible-duplicate']);
  });

  it('flags a near match (same amount within 3 days) as a possible duplicate, unticked: it imports only when ticked', async () => {
    const { token } = await registerUser(t);
    await commit(t, token, (await preview(t, token, csv([['2024-05-10', 'Gym monthly', '-30.00']]))).id);
    const batch = await preview(
      t,
      token,
      csv([
        ['2024-05-12', 'GYM 0042', '-30.00'],
        ['2024-05-20', 'GYM 0042', '-30.00'],
        ['2024-05-12', 'Book', '-31.00'],
      ]),
    );
    expect(batch.rows?.map((r) => r.status)).toEqual(['possible-duplicate', 'new', 'new']);
    expect(batch.rows?.[0]?.message).toContain('2024-05-10');
    expect(batch.summary.possibleDuplicates).toBe(1);
    expect(batch.rows?.map((r) => r.include)).toEqual([false, true, true]);
    expect(batch.summary).toMatchObject({ toImport: 2, skipped: 1 });
    await commit(t, token, batch.id);
    expect((await allTransactions(t, token)).meta.total).toBe(3);
  });

  it('reverting removes exactly that batch’s transactions and keeps the rest', async () => {
    const { token } = await registerUser(t);
    const category = await createCategory(t, token, { name: 'Food' });
    await createTransaction(t, token, {
      categoryId: category.id,
      type: 'expense',
      amount: 9.99,
      date: '2024-06-01',
      description: 'Lunch',
    });
    const first = await commit(t, token, (await preview(t, token, csv([['2024-06-02', 'Tea', '-1.00']]))).id);
    const second = await commit(t, token, (await preview(t, token, STATEMENT)).id);
    expect((await allTransactions(t, token)).meta.total).toBe(6);

    const res = await t.request({ method: 'POST', url: `/api/imports/${second.id}/revert`, token });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: ImportBatch }>().data.status).toBe('reverted');
    const left = await allTransactions(t, token);
    expect(left.data.map((x) => x.description).sort()).toEqual(['Lunch', 'Tea']);
    // Reverting twice changes nothing more.
    expect((await t.request({ method: 'POST', url: `/api/imports/${second.id}/revert`, token })).statusCode).toBe(200);
    expect((await allTransactions(t, token)).meta.total).toBe(2);
    // After the undo the same file imports again.
    const again = await preview(t, token, STATEMENT);
    expect(again.summary.new).toBe(4);

    const history = await t.request({ method: 'GET', url: '/api/imports', token });
    expect(history.json<{ data: ImportBatch[] }>().data.map((b) => [b.id, b.status])).toEqual([
      [again.id, 'preview'],
      [second.id, 'reverted'],
      [first.id, 'committed'],
    ]);
  });

  it('discards a preview; a finished import cannot be discarded, only undone', async () => {
    const { token } = await registerUser(t);
    const batch = await preview(t, token, STATEMENT);
    expect((await t.request({ method: 'DELETE', url: `/api/imports/${batch.id}`, token })).statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: `/api/imports/${batch.id}`, token })).statusCode).toBe(404);
    const done = await commit(t, token, (await preview(t, token, STATEMENT)).id);
    const res = await t.request({ method: 'DELETE', url: `/api/imports/${done.id}`, token });
    expect(res.statusCode).toBe(409);
    const put = await t.request({ method: 'PUT', url: `/api/imports/${done.id}`, token, payload: { rows: [] } });
    expect(put.statusCode).toBe(409);
  });

  it('another user’s import is a 404 everywhere', async () => {
    const owner = await registerUser(t);
    const other = await registerUser(t);
    const batch = await preview(t, owner.token, STATEMENT);
    for (const [method, url] of [
      ['GET', `/api/imports/${batch.id}`],
      ['PUT', `/api/imports/${batch.id}`],
      ['POST', `/api/imports/${batch.id}/commit`],
      ['POST', `/api/imports/${batch.id}/revert`],
      ['DELETE', `/api/imports/${batch.id}`],
    ] as const) {
      const res = await t.request({ method, url, token: other.token, payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await t.request({ method: 'GET', url: '/api/imports/not-a-uuid', token: owner.token })).statusCode).toBe(
      404,
    );
    expect((await t.request({ method: 'GET', url: '/api/imports', token: other.token })).json()).toEqual({ data: [] });
    expect((await t.request({ method: 'GET', url: '/api/imports' })).statusCode).toBe(401);
    expect((await getBatch(t, owner.token, batch.id)).status).toBe('preview');
  });

  it('pages the rows of a preview', async () => {
    const { token } = await registerUser(t);
    const rows: [string, string, string][] = [];
    for (let i = 0; i < 25; i += 1)
      rows.push([`2024-02-${String((i % 28) + 1).padStart(2, '0')}`, `Item ${i}`, `-${i + 1}.00`]);
    const batch = await preview(t, token, csv(rows));
    const page1 = await getBatch(t, token, batch.id, '?limit=10');
    expect(page1.rows?.map((r) => r.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(page1.meta?.nextCursor).toBe(10);
    const page3 = await getBatch(t, token, batch.id, '?limit=10&cursor=20');
    expect(page3.rows?.map((r) => r.index)).toEqual([20, 21, 22, 23, 24]);
    expect(page3.meta?.nextCursor).toBeNull();
    const bad = await t.request({ method: 'GET', url: `/api/imports/${batch.id}?limit=0`, token });
    expect(bad.statusCode).toBe(400);
  });
});
