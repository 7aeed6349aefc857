import { describe, expect, it } from 'vitest';
import { IMPORT_LIMITS, type ImportBatch } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createCategory } from '../../../test/factories.js';
import { allTransactions, commit, csv, preview } from '../../../test/imports-helpers.js';

const t = useTestApp();

describe('statement import: large files and the CSV export round trip', () => {
  it('a batch over the background threshold commits in the background with progress, then is committed', async () => {
    const { token } = await registerUser(t);
    const n = IMPORT_LIMITS.backgroundRows + 500;
    const rows: [string, string, string][] = [];
    for (let i = 0; i < n; i += 1) {
      const day = String((i % 28) + 1).padStart(2, '0');
      rows.push([
        `2023-${String((i % 12) + 1).padStart(2, '0')}-${day}`,
        `Payment ${i}`,
        `-${(i % 500) + 1}.${String(i % 100).padStart(2, '0')}`,
      ]);
    }
    const batch = await preview(t, token, csv(rows));
    expect(batch.summary.rows).toBe(n);
    expect(batch.rows).toHaveLength(IMPORT_LIMITS.pageSizeDefault);

    const res = await t.request({ method: 'POST', url: `/api/imports/${batch.id}/commit`, token });
    expect(res.statusCode).toBe(200);
    const started = res.json<{ data: ImportBatch }>().data;
    // Answered before the work is done: the batch is importing, with its progress.
    expect(started.status).toBe('importing');
    expect(started.progress?.total).toBe(n);
    // A second commit while it runs starts nothing.
    const retry = await t.request({ method: 'POST', url: `/api/imports/${batch.id}/commit`, token });
    expect(retry.json<{ data: ImportBatch }>().data.status).toMatch(/importing|committed/);

    const done = await commit(t, token, batch.id);
    expect(done.status).toBe('committed');
    expect(done.progress).toEqual({ done: n, total: n });
    expect(done.summary.imported).toBe(n);
    expect((await allTransactions(t, token)).meta.total).toBe(n);

    const undone = await t.request({ method: 'POST', url: `/api/imports/${batch.id}/revert`, token });
    expect(undone.json<{ data: ImportBatch }>().data.status).toBe('reverted');
    expect((await allTransactions(t, token)).meta.total).toBe(0);
  });

  it('GET /transactions/export.csv writes the filtered list; importing it back adds nothing', async () => {
    const { token } = await registerUser(t);
    const food = await createCategory(t, token, { name: 'Food, "fresh"' });
    const pay = await createCategory(t, token, { name: 'Pay', type: 'income' });
    const add = async (categoryId: string, type: string, amount: number, date: string, description: string) => {
      const r = await t.request({
        method: 'POST',
        url: '/api/transactions',
        token,
        payload: { categoryId, type, amount, date, description },
      });
      expect(r.statusCode, r.body).toBe(201);
    };
    await add(food.id, 'expense', 12.5, '2024-07-01', 'Market, "organic"');
    await add(food.id, 'expense', 12.5, '2024-07-01', 'Market, "organic"');
    await add(pay.id, 'income', 1000, '2024-07-02', 'Salary');
    await add(food.id, 'expense', 3, '2024-08-01', 'Outside the filter');

    const res = await t.request({
      method: 'GET',
      url: '/api/transactions/export.csv?startDate=2024-07-01&endDate=2024-07-31',
      token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="transactions-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(res.body.split('\r\n')).toEqual([
      'Date,Description,Category,Amount',
      '2024-07-02,Salary,Pay,1000.00',
      '2024-07-01,"Market, ""organic""","Food, ""fresh""",-12.50',
      '2024-07-01,"Market, ""organic""","Food, ""fresh""",-12.50',
      '',
    ]);

    const back = await preview(t, token, res.body);
    expect(back.summary).toMatchObject({ rows: 3, new: 0, duplicates: 3, possibleDuplicates: 0 });
    await commit(t, token, back.id);
    expect((await allTransactions(t, token)).meta.total).toBe(4);

    const bad = await t.request({ method: 'GET', url: '/api/transactions/export.csv?startDate=nope', token });
    expect(bad.statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/api/transactions/export.csv' })).statusCode).toBe(401);
  });
});
