import { describe, expect, it } from 'vitest';
import type { ImportBatch } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createCategory, createTransaction } from '../../../test/factories.js';
import { allTransactions, commit, csv, preview } from '../../../test/imports-helpers.js';

const t = useTestApp();

async function put(token: string, id: string, body: object) {
  return t.request({ method: 'PUT', url: `/api/imports/${id}`, token, payload: body });
}

describe('possible duplicates (issue 6/6 item 1)', () => {
  it('start unticked; ticking one imports it', async () => {
    const { token } = await registerUser(t);
    const rent = await createCategory(t, token, { name: 'Rent' });
    await createTransaction(t, token, {
      categoryId: rent.id,
      amount: 1200,
      date: '2024-03-01',
      description: 'Rent March',
    });
    const batch = await preview(t, token, csv([['2024-03-02', 'OAK PROPERTIES RENT', '-1200.00']]));
    const row = batch.rows![0]!;
    expect(row).toMatchObject({ status: 'possible-duplicate', include: false });
    expect(row.match).toMatchObject({ date: '2024-03-01', description: 'Rent March', amount: -1200 });
    expect(batch.summary).toMatchObject({ possibleDuplicates: 1, toImport: 0, skipped: 1, linked: 0 });

    const ticked = await put(token, batch.id, { rows: [{ index: 0, skip: false }] });
    expect(ticked.statusCode, ticked.body).toBe(200);
    const after = ticked.json<{ data: ImportBatch }>().data;
    expect(after.rows![0]).toMatchObject({ status: 'possible-duplicate', include: true });
    expect(after.summary).toMatchObject({ toImport: 1, skipped: 0 });
    expect((await commit(t, token, batch.id)).summary.imported).toBe(1);
    expect((await allTransactions(t, token)).meta.total).toBe(2);
  });

  it('"Same as …" links the bank row to the existing entry: nothing is added, the entry keeps its category and note, and a re-import finds it', async () => {
    const { token } = await registerUser(t);
    const rent = await createCategory(t, token, { name: 'Rent' });
    const existing = await createTransaction(t, token, {
      categoryId: rent.id,
      amount: 1200,
      date: '2024-03-01',
      description: 'Rent March (flat 2)',
    });
    const file = csv([
      ['2024-03-02', 'OAK PROPERTIES RENT', '-1200.00'],
      ['2024-03-05', 'Bakery', '-4.20'],
    ]);
    const batch = await preview(t, token, file);
    const linked = await put(token, batch.id, { rows: [{ index: 0, sameAs: true }] });
    expect(linked.statusCode, linked.body).toBe(200);
    const view = linked.json<{ data: ImportBatch }>().data;
    expect(view.rows![0]).toMatchObject({ linked: true, include: false, match: { id: existing.id } });
    expect(view.summary).toMatchObject({ linked: 1, skipped: 0, toImport: 1 });

    const done = await commit(t, token, batch.id);
    expect(done.summary.imported).toBe(1);
    const all = await allTransactions(t, token);
    expect(all.meta.total).toBe(2);
    const kept = all.data.find((x) => x.id === existing.id)!;
    expect(kept).toMatchObject({
      description: 'Rent March (flat 2)',
      categoryId: rent.id,
      amount: 1200,
      date: '2024-03-01',
    });

    // The same statement again: the rent row is already imported (it is the linked entry).
    const again = await preview(t, token, file);
    expect(again.rows?.map((r) => r.status)).toEqual(['duplicate', 'duplicate']);
    expect(again.summary.toImport).toBe(0);

    // Undoing the import undoes the link too (the entry stays); the row is a possible duplicate again.
    const undo = await t.request({ method: 'POST', url: `/api/imports/${batch.id}/revert`, token });
    expect(undo.statusCode, undo.body).toBe(200);
    expect((await allTransactions(t, token)).data.map((x) => x.id)).toEqual([existing.id]);
    const third = await preview(t, token, file);
    expect(third.rows?.map((r) => r.status)).toEqual(['possible-duplicate', 'new']);
  });

  it('ticking a linked row undoes the link; "Same as" on a row without a match is a 400', async () => {
    const { token } = await registerUser(t);
    const rent = await createCategory(t, token, { name: 'Rent' });
    await createTransaction(t, token, { categoryId: rent.id, amount: 50, date: '2024-03-01', description: 'Gym' });
    const batch = await preview(
      t,
      token,
      csv([
        ['2024-03-02', 'GYM MONTHLY', '-50.00'],
        ['2024-03-09', 'Shop', '-3.00'],
      ]),
    );
    expect((await put(token, batch.id, { rows: [{ index: 0, sameAs: true }] })).statusCode).toBe(200);
    const ticked = (await put(token, batch.id, { rows: [{ index: 0, skip: false }] })).json<{ data: ImportBatch }>()
      .data;
    expect(ticked.rows![0]!.linked).toBeUndefined();
    expect(ticked.rows![0]!.include).toBe(true);
    expect(ticked.summary).toMatchObject({ linked: 0, toImport: 2 });

    const bad = await put(token, batch.id, { rows: [{ index: 1, sameAs: true }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe('This row has no existing transaction to be the same as');
    const notBool = await put(token, batch.id, { rows: [{ index: 0, sameAs: 'yes' }] });
    expect(notBool.statusCode).toBe(400);
  });
});
