import { describe, expect, it } from 'vitest';
import type { Category, ImportBatch, ImportRule } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createCategory, createTransaction } from '../../../test/factories.js';
import { allTransactions, commit, csv, preview, upload } from '../../../test/imports-helpers.js';

const t = useTestApp();

const put = (token: string, id: string, payload: Record<string, unknown>) =>
  t.request({ method: 'PUT', url: `/api/imports/${id}`, token, payload });

describe('statement import: errors, categories, rules and profiles', () => {
  it('future dates, zero amounts and unreadable rows are error rows; the good rows still import', async () => {
    const { token } = await registerUser(t);
    const batch = await preview(
      t,
      token,
      csv([
        ['2024-01-10', 'Good one', '-10.00'],
        [`${new Date().getUTCFullYear() + 1}-01-15`, 'From the future', '-5.00'],
        ['2024-01-11', 'Nothing', '0.00'],
        ['2024-01-12', 'Good two', '20.00'],
      ]) + 'garbage;;;\n',
    );
    const byDescription = new Map(batch.rows?.map((r) => [r.description, r]));
    expect(byDescription.get('From the future')).toMatchObject({ status: 'error', message: 'The date is after today' });
    expect(byDescription.get('Nothing')).toMatchObject({ status: 'error', message: 'The amount is zero' });
    const errors = batch.rows?.filter((r) => r.status === 'error') ?? [];
    expect(errors.length).toBeGreaterThanOrEqual(2);
    expect(errors.every((r) => typeof r.message === 'string' && r.message.length > 0)).toBe(true);
    expect(batch.summary.new).toBe(2);
    await commit(t, token, batch.id);
    expect((await allTransactions(t, token)).data.map((x) => x.description).sort()).toEqual(['Good one', 'Good two']);
  });

  it('categories come from rules, then payee history, then the file, then "Uncategorized" created on need', async () => {
    const { token } = await registerUser(t);
    const rent = await createCategory(t, token, { name: 'Rent', type: 'expense' });
    const food = await createCategory(t, token, { name: 'Food', type: 'expense' });
    const salary = await createCategory(t, token, { name: 'Salary', type: 'income' });
    const rule = await t.request({
      method: 'POST',
      url: '/api/rules',
      token,
      payload: { contains: 'landlord', categoryId: rent.id },
    });
    expect(rule.statusCode).toBe(201);
    await createTransaction(t, token, {
      categoryId: food.id,
      type: 'expense',
      amount: 4,
      date: '2023-01-01',
      description: 'Bakery Smith',
    });
    const file =
      'Date,Description,Category,Amount\n' +
      '2024-02-01,Pay LANDLORD Ltd,,-900.00\n' +
      '2024-02-02,Bakery Smith,,-6.00\n' +
      '2024-02-03,Employer,salary,3000.00\n' +
      '2024-02-04,Mystery,,-1.00\n' +
      '2024-02-05,Refund,,1.00\n';
    const batch = await preview(t, token, file);
    const cats = (await t.request({ method: 'GET', url: '/api/categories', token })).json<{ data: Category[] }>().data;
    const uncategorized = (type: string) => cats.find((c) => c.name === 'Uncategorized' && c.type === type)?.id;
    expect(batch.rows?.map((r) => [r.categoryId, r.suggestedBy])).toEqual([
      [rent.id, 'rule'],
      [food.id, 'history'],
      [salary.id, 'file'],
      [uncategorized('expense'), 'fallback'],
      [uncategorized('income'), 'fallback'],
    ]);
    await commit(t, token, batch.id);
    const list = await allTransactions(t, token);
    expect(list.data.find((x) => x.description === 'Pay LANDLORD Ltd')?.categoryId).toBe(rent.id);
  });

  it('a row’s category, all rows of a payee, and skipping are chosen before the commit', async () => {
    const { token } = await registerUser(t);
    const fun = await createCategory(t, token, { name: 'Fun', type: 'expense' });
    const wage = await createCategory(t, token, { name: 'Wage', type: 'income' });
    const batch = await preview(
      t,
      token,
      csv([
        ['2024-03-01', 'Cinema', '-12.00'],
        ['2024-03-08', 'Cinema', '-14.00'],
        ['2024-03-09', 'Bowling', '-20.00'],
        ['2024-03-10', 'Job', '100.00'],
      ]),
    );
    // The wrong type for the row is refused, and so is a category of another user.
    const wrong = await put(token, batch.id, { rows: [{ index: 3, categoryId: fun.id }] });
    expect(wrong.statusCode).toBe(400);
    const stranger = await registerUser(t);
    const theirs = await createCategory(t, stranger.token, { name: 'Theirs' });
    expect((await put(token, batch.id, { rows: [{ index: 0, categoryId: theirs.id }] })).statusCode).toBe(400);
    expect((await put(token, batch.id, { rows: [{ index: 99, skip: true }] })).statusCode).toBe(400);

    const res = await put(token, batch.id, {
      rows: [
        { index: 0, categoryId: fun.id, samePayee: true },
        { index: 3, categoryId: wage.id },
        { index: 2, skip: true },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json<{ data: ImportBatch }>().data;
    expect(updated.rows?.map((r) => [r.categoryId === fun.id || r.categoryId === wage.id, r.status])).toEqual([
      [true, 'new'],
      [true, 'new'],
      [false, 'skipped'],
      [true, 'new'],
    ]);
    expect(updated.summary).toMatchObject({ new: 3, skipped: 1 });
    await commit(t, token, batch.id);
    const list = await allTransactions(t, token);
    expect(list.data.map((x) => x.description).sort()).toEqual(['Cinema', 'Cinema', 'Job']);
  });

  it('new options re-read the file (invertSign flips every amount)', async () => {
    const { token } = await registerUser(t);
    const batch = await preview(t, token, csv([['2024-03-01', 'Card purchase', '12.00']]));
    expect(batch.rows?.[0]?.amount).toBe(12);
    const res = await put(token, batch.id, { options: { ...batch.options, invertSign: true } });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json<{ data: ImportBatch }>().data;
    expect(updated.options.invertSign).toBe(true);
    expect(updated.rows?.[0]?.amount).toBe(-12);
    expect(updated.summary).toMatchObject({ income: 0, expense: 12 });
    const bad = await put(token, batch.id, { options: { csv: { headerRow: -1 } } });
    expect(bad.statusCode).toBe(400);
  });

  it('rules are a small CRUD of the user’s own', async () => {
    const { token } = await registerUser(t);
    const cat = await createCategory(t, token, { name: 'Travel' });
    const created = await t.request({
      method: 'POST',
      url: '/api/rules',
      token,
      payload: { contains: 'uber', categoryId: cat.id },
    });
    const rule = created.json<{ data: ImportRule }>().data;
    expect(rule).toMatchObject({ contains: 'uber', categoryId: cat.id });
    const empty = await t.request({
      method: 'POST',
      url: '/api/rules',
      token,
      payload: { contains: ' ', categoryId: cat.id },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ fields: { contains: 'Enter the text to look for' } });
    const updated = await t.request({
      method: 'PUT',
      url: `/api/rules/${rule.id}`,
      token,
      payload: { contains: 'taxi', categoryId: cat.id },
    });
    expect(updated.json<{ data: ImportRule }>().data.contains).toBe('taxi');
    const other = await registerUser(t);
    expect((await t.request({ method: 'DELETE', url: `/api/rules/${rule.id}`, token: other.token })).statusCode).toBe(
      404,
    );
    expect((await t.request({ method: 'GET', url: '/api/rules', token: other.token })).json()).toEqual({ data: [] });
    expect((await t.request({ method: 'DELETE', url: `/api/rules/${rule.id}`, token })).statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: '/api/rules', token })).json()).toEqual({ data: [] });
  });

  it('a saved CSV profile is recognised by the header row next time', async () => {
    const { token } = await registerUser(t);
    const file = 'Date,Description,Amount\n2024-03-01,Card purchase,12.00\n';
    const first = await preview(t, token, file);
    expect(first.options.profileId).toBeUndefined();
    const saved = await t.request({
      method: 'POST',
      url: '/api/import-profiles',
      token,
      payload: { name: 'My card', header: first.header, options: { ...first.options, invertSign: true } },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const profile = saved.json<{ data: { id: string } }>().data;
    const second = await preview(t, token, file);
    expect(second.options.profileId).toBe(profile.id);
    expect(second.rows?.[0]?.amount).toBe(-12);
    const other = await registerUser(t);
    expect((await preview(t, other.token, file)).rows?.[0]?.amount).toBe(12);
  });
});

describe('statement import: bad input writes nothing', () => {
  const nothingWritten = async (token: string) => {
    expect((await t.request({ method: 'GET', url: '/api/imports', token })).json()).toEqual({ data: [] });
    expect((await allTransactions(t, token)).meta.total).toBe(0);
  };

  it.each([
    ['empty', Buffer.alloc(0)],
    ['not a statement', Buffer.from('Dear reader,\nthis is a letter, not a statement.\n')],
    ['binary', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52])],
    [
      'an XML bomb',
      Buffer.from(
        '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">' +
          '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><Document><BkToCstmrStmt>&lol3;</BkToCstmrStmt></Document>',
      ),
    ],
    [
      'truncated OFX',
      Buffer.from(
        'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT<DT',
      ),
    ],
  ])('%s: a clear 400 message', async (_name, data) => {
    const { token } = await registerUser(t);
    const res = await upload(t, token, data);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<{ message: string }>();
    expect(body.message.length).toBeGreaterThan(5);
    expect(body.message).not.toMatch(/error:|stack|undefined/i);
    await nothingWritten(token);
  });

  it('a file over 20 MB is refused while streaming with a clear 413', async () => {
    const { token } = await registerUser(t);
    const res = await upload(t, token, Buffer.alloc(20 * 1024 * 1024 + 10, 0x41));
    expect(res.statusCode).toBe(413);
    expect(res.json<{ message: string }>().message).toContain('20 MB');
    await nothingWritten(token);
  });

  it('no file, or options that are not JSON, is a 400', async () => {
    const { token } = await registerUser(t);
    const noFile = await t.request({ method: 'POST', url: '/api/imports', token, payload: {} });
    expect([400, 415]).toContain(noFile.statusCode);
    const badOptions = await upload(t, token, csv([['2024-01-01', 'x', '1.00']]), '{not json');
    expect(badOptions.statusCode).toBe(400);
    expect(badOptions.json()).toMatchObject({ fields: { options: 'The import settings must be a JSON object' } });
    const wrongShape = await upload(t, token, csv([['2024-01-01', 'x', '1.00']]), { invertSign: 'yes' });
    expect(wrongShape.statusCode).toBe(400);
    await nothingWritten(token);
  });
});
