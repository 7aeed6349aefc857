import { describe, expect, it } from 'vitest';
import { IMPORT_LIMITS, type ImportBatch } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createCategory, createTransaction } from '../../../test/factories.js';
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
    const add = (categoryId: string, type: 'expense' | 'income', amount: number, date: string, description: string) =>
      createTransaction(t, token, { categoryId, type, amount, date, description });
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
      'Date,Description,Category,Amount,Tags,Split',
      '2024-07-02,Salary,Pay,1000.00,,',
      '2024-07-01,"Market, ""organic""","Food, ""fresh""",-12.50,,',
      '2024-07-01,"Market, ""organic""","Food, ""fresh""",-12.50,,',
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
  it('the CSV export defuses text a spreadsheet would run as a formula; importing it back gives the same rows', async () => {
    const texts = [
      '=HYPERLINK("http://evil.example","x")',
      '+44 20 7946 0000',
      '-5 refund',
      '@SUM(1+1)',
      "'=already marked",
      "'plain",
      'Plain',
    ];
    const owner = await registerUser(t, { timezone: 'UTC' });
    const formula = await createCategory(t, owner.token, { name: '=Tools' });
    const at = await createCategory(t, owner.token, { name: '@Work', type: 'income' });
    for (const [i, description] of texts.entries()) {
      await createTransaction(t, owner.token, {
        categoryId: i % 2 ? at.id : formula.id,
        type: i % 2 ? 'income' : 'expense',
        amount: 10 + i,
        date: `2024-05-${String(10 + i).padStart(2, '0')}`,
        description,
      });
    }
    const res = await t.request({ method: 'GET', url: '/api/transactions/export.csv', token: owner.token });
    expect(res.statusCode).toBe(200);
    // Text cells that begin like a formula carry a leading apostrophe; amounts stay numbers (-10.00).
    expect(res.body.split('\r\n')).toEqual([
      'Date,Description,Category,Amount,Tags,Split',
      "2024-05-16,Plain,'=Tools,-16.00,,",
      "2024-05-15,'plain,'@Work,15.00,,",
      "2024-05-14,''=already marked,'=Tools,-14.00,,",
      "2024-05-13,'@SUM(1+1),'@Work,13.00,,",
      "2024-05-12,'-5 refund,'=Tools,-12.00,,",
      "2024-05-11,'+44 20 7946 0000,'@Work,11.00,,",
      `2024-05-10,"'=HYPERLINK(""http://evil.example"",""x"")",'=Tools,-10.00,,`,
      '',
    ]);
    // No cell of the file begins with a formula character any more.
    for (const line of res.body.split('\r\n').slice(1, -1)) {
      const [, description, category] = line.match(/^[^,]+,("(?:[^"]|"")*"|[^,]*),([^,]*),/)!;
      expect(description!.replace(/^"/, '')).not.toMatch(/^[=+\-@\t\r]/);
      expect(category).not.toMatch(/^[=+\-@\t\r]/);
    }

    // Read back by its owner: every row is recognised as the transaction it came from.
    const again = await preview(t, owner.token, res.body);
    expect(again.summary).toMatchObject({ rows: texts.length, new: 0, duplicates: texts.length });

    // Read by another user with the same categories: the same descriptions, categories and amounts.
    const other = await registerUser(t, { timezone: 'UTC' });
    const tools = await createCategory(t, other.token, { name: '=Tools' });
    const work = await createCategory(t, other.token, { name: '@Work', type: 'income' });
    const batch = await preview(t, other.token, res.body);
    expect(batch.summary).toMatchObject({ rows: texts.length, new: texts.length, errors: 0 });
    expect(batch.rows!.map((r) => [r.description, r.categoryId, r.suggestedBy])).toEqual(
      [...texts].reverse().map((text, i) => [text, i % 2 ? work.id : tools.id, 'file']),
    );
    expect((await commit(t, other.token, batch.id)).status).toBe('committed');
    const mine = (await allTransactions(t, owner.token)).data;
    const theirs = (await allTransactions(t, other.token)).data;
    expect(theirs.map((x) => [x.date, x.description, x.type, x.amount])).toEqual(
      mine.map((x) => [x.date, x.description, x.type, x.amount]),
    );
  });
});
