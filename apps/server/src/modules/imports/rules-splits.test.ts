import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type ImportRule, type Tag, type Transaction, divideBySplit } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createCategory } from '../../../test/factories.js';
import { commit, csv, preview } from '../../../test/imports-helpers.js';

/** Import rules that split a row by fixed amounts and percentages and add tags (issue 22, docs/imports.md). */
const t = useTestApp();

async function createTag(token: string, name: string): Promise<Tag> {
  const res = await t.request({ method: 'POST', url: '/api/tags', token, payload: { name } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Tag }>().data;
}

async function transactions(token: string) {
  const res = await t.request({ method: 'GET', url: '/api/transactions?limit=100', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Transaction[]; meta: { total: number } }>();
}

const count = async (table: string, userId: string) => {
  const rows = await t.db.db.execute(sql`select count(*)::int as n from ${sql.raw(table)} where user_id = ${userId}`);
  return Number((Array.isArray(rows) ? rows : (rows as { rows: { n: number }[] }).rows)[0]!.n);
};

describe('largest-remainder division (divideBySplit)', () => {
  const pct = (bp: number) => ({ categoryId: 'c', amountCents: null, basisPoints: bp, note: null });
  const fixed = (cents: number) => ({ categoryId: 'c', amountCents: cents, basisPoints: null, note: null });

  it('always adds up to the row in whole cents', () => {
    const thirds = [pct(3333), pct(3333), pct(3334)];
    for (const amount of [1, 3, 100, 101, 1000, 99_999, 123_457]) {
      const lines = divideBySplit(amount, thirds);
      if (amount < 3) expect(lines).toBeNull();
      else expect(lines!.reduce((s, l) => s + l.amountCents, 0)).toBe(amount);
    }
    expect(divideBySplit(100, [pct(5000), pct(5000)])!.map((l) => l.amountCents)).toEqual([50, 50]);
    expect(divideBySplit(101, [pct(5000), pct(5000)])!.map((l) => l.amountCents)).toEqual([50, 51]);
    expect(divideBySplit(1000, [pct(3333), pct(3333), pct(3334)])!.map((l) => l.amountCents)).toEqual([333, 333, 334]);
    // Fixed first, percentages share the rest.
    expect(divideBySplit(10000, [fixed(2500), pct(6000), pct(4000)])!.map((l) => l.amountCents)).toEqual([
      2500, 4500, 3000,
    ]);
    expect(divideBySplit(2500, [fixed(2500), pct(10000)])).toBeNull();
  });
});

describe('import rules that split and tag (issue 22)', () => {
  it('splits by fixed amounts and percentages in the preview and the commit, adds tags, and re-import adds nothing', async () => {
    const { token, user } = await registerUser(t);
    const groceries = await createCategory(t, token, { name: 'Groceries' });
    const household = await createCategory(t, token, { name: 'Household' });
    const deposit = await createCategory(t, token, { name: 'Deposit' });
    const receipts = await createTag(token, 'Receipts');
    const res = await t.request({
      method: 'POST',
      url: '/api/rules',
      token,
      payload: {
        contains: 'supermarket',
        categoryId: groceries.id,
        split: [
          { categoryId: deposit.id, amount: '2.50', note: 'bottles' },
          { categoryId: groceries.id, percent: 66.67 },
          { categoryId: household.id, percent: 33.33, note: 'cleaning' },
        ],
        tagIds: [receipts.id],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const rule = res.json<{ data: ImportRule }>().data;
    expect(rule.split).toEqual([
      { categoryId: deposit.id, amount: 2.5, percent: null, note: 'bottles' },
      { categoryId: groceries.id, amount: null, percent: 66.67, note: null },
      { categoryId: household.id, amount: null, percent: 33.33, note: 'cleaning' },
    ]);
    expect(rule.tagIds).toEqual([receipts.id]);
    const listed = await t.request({ method: 'GET', url: '/api/rules', token });
    expect(listed.json<{ data: ImportRule[] }>().data[0]).toEqual(rule);

    const file = csv([
      ['2024-03-01', 'SUPERMARKET 12', '-102.50'],
      ['2024-03-02', 'SUPERMARKET 12', '-2.00'],
      ['2024-03-03', 'BAKERY', '-4.00'],
    ]);
    const batch = await preview(t, token, file);
    const [big, small, other] = batch.rows!;
    // 100.00 left after the fixed 2.50: 66.67 and 33.33, exact.
    expect(big).toMatchObject({
      categoryId: groceries.id,
      suggestedBy: 'rule',
      tagIds: [receipts.id],
      lines: [
        { categoryId: deposit.id, amount: 2.5, note: 'bottles' },
        { categoryId: groceries.id, amount: 66.67, note: null },
        { categoryId: household.id, amount: 33.33, note: 'cleaning' },
      ],
    });
    expect(big!.splitMessage).toBeUndefined();
    // Smaller than the fixed line: imported unsplit with the rule's category, and the preview says so.
    expect(small).toMatchObject({ categoryId: groceries.id, tagIds: [receipts.id] });
    expect(small!.lines).toBeUndefined();
    expect(small!.splitMessage).toBe(
      "Not split: the amount is too small for the rule's split (its fixed lines come to 2.50)",
    );
    expect(other!.lines).toBeUndefined();
    expect(other!.tagIds).toBeUndefined();

    const done = await commit(t, token, batch.id);
    expect(done.status).toBe('committed');
    const rows = (await transactions(token)).data;
    const split = rows.find((r) => r.amount === 102.5)!;
    expect(split).toMatchObject({ categoryId: null, type: 'expense' });
    expect(split.lines.map((l) => [l.categoryId, l.amount, l.type, l.note])).toEqual([
      [deposit.id, 2.5, 'expense', 'bottles'],
      [groceries.id, 66.67, 'expense', null],
      [household.id, 33.33, 'expense', 'cleaning'],
    ]);
    expect(split.tags.map((g) => g.id)).toEqual([receipts.id]);
    const unsplit = rows.find((r) => r.amount === 2)!;
    expect(unsplit).toMatchObject({ categoryId: groceries.id, lines: [] });
    expect(unsplit.tags.map((g) => g.id)).toEqual([receipts.id]);
    expect(rows.find((r) => r.amount === 4)!.tags).toEqual([]);

    // The category totals count the lines.
    const summary = await t.request({
      method: 'GET',
      url: '/api/transactions/summary?startDate=2024-03-01&endDate=2024-03-31',
      token,
    });
    expect(summary.statusCode, summary.body).toBe(200);

    // Unsplit by hand, split again: the row keeps its bank identity; importing the file again adds nothing.
    const unsplitIt = await t.request({
      method: 'PUT',
      url: `/api/transactions/${split.id}`,
      token,
      payload: {
        type: 'expense',
        amount: '102.50',
        date: split.date,
        description: split.description,
        categoryId: household.id,
      },
    });
    expect(unsplitIt.statusCode, unsplitIt.body).toBe(200);
    const again = await preview(t, token, file);
    expect(again.rows!.map((r) => r.status)).toEqual(['duplicate', 'duplicate', 'duplicate']);
    const second = await commit(t, token, again.id);
    expect(second.summary.imported).toBe(0);
    expect((await transactions(token)).meta.total).toBe(3);
    expect(await count('transaction_lines', user.id)).toBe(0);
  });

  it('keeps an imported split row matched to its bank line: re-import adds nothing', async () => {
    const { token, user } = await registerUser(t);
    const a = await createCategory(t, token, { name: 'A' });
    const b = await createCategory(t, token, { name: 'B' });
    const res = await t.request({
      method: 'POST',
      url: '/api/rules',
      token,
      payload: {
        contains: 'shop',
        categoryId: a.id,
        split: [
          { categoryId: a.id, percent: 50 },
          { categoryId: b.id, percent: 50 },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const file = csv([['2024-04-01', 'SHOP', '-10.01']]);
    await commit(t, token, (await preview(t, token, file)).id);
    const [row] = (await transactions(token)).data;
    expect(row!.lines.map((l) => l.amount)).toEqual([5, 5.01]);
    const again = await preview(t, token, file);
    expect(again.rows![0]!.status).toBe('duplicate');
    expect((await commit(t, token, again.id)).summary.imported).toBe(0);
    expect((await transactions(token)).meta.total).toBe(1);
    expect(await count('transaction_lines', user.id)).toBe(2);
  });

  it('a category chosen by hand in the preview replaces the split (the tags stay)', async () => {
    const { token } = await registerUser(t);
    const a = await createCategory(t, token, { name: 'A' });
    const b = await createCategory(t, token, { name: 'B' });
    const tag = await createTag(token, 'Work');
    await t.request({
      method: 'POST',
      url: '/api/rules',
      token,
      payload: {
        contains: 'shop',
        categoryId: a.id,
        split: [
          { categoryId: a.id, percent: 50 },
          { categoryId: b.id, percent: 50 },
        ],
        tagIds: [tag.id],
      },
    });
    const batch = await preview(t, token, csv([['2024-04-01', 'SHOP', '-10.00']]));
    const changed = await t.request({
      method: 'PUT',
      url: `/api/imports/${batch.id}`,
      token,
      payload: { rows: [{ index: 0, categoryId: b.id }] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await commit(t, token, batch.id);
    const [row] = (await transactions(token)).data;
    expect(row).toMatchObject({ categoryId: b.id, lines: [] });
    expect(row!.tags.map((g) => g.name)).toEqual(['Work']);
  });

  it('refuses a bad split or tags with the field named, nothing written; another user’s category or tag is 404', async () => {
    const { token, user } = await registerUser(t);
    const other = await registerUser(t);
    const a = await createCategory(t, token, { name: 'A' });
    const pay = await createCategory(t, token, { name: 'Pay', type: 'income' });
    const theirs = await createCategory(t, other.token, { name: 'Theirs' });
    const theirTag = await createTag(other.token, 'Theirs');
    const cases: [unknown, unknown, number, string, string][] = [
      [[{ categoryId: a.id, percent: 100 }], undefined, 400, 'split', 'A split needs at least two lines'],
      [
        [
          { categoryId: a.id, percent: 60 },
          { categoryId: a.id, percent: 30 },
        ],
        undefined,
        400,
        'split',
        'The percentages must add up to 100 (they add up to 90)',
      ],
      [
        [
          { categoryId: a.id, amount: 5 },
          { categoryId: a.id, amount: 5 },
        ],
        undefined,
        400,
        'split',
        'A split needs at least one line with a percentage, which takes what is left',
      ],
      [
        [
          { categoryId: a.id, amount: 5, percent: 50 },
          { categoryId: a.id, percent: 50 },
        ],
        undefined,
        400,
        'split',
        'Line 1: A split line takes either an amount or a percentage, not both',
      ],
      [
        [
          { categoryId: a.id, percent: 50.001 },
          { categoryId: a.id, percent: 49.999 },
        ],
        undefined,
        400,
        'split',
        'Line 1: A percentage must be more than 0 and at most 100, with at most two decimals',
      ],
      [
        [{ categoryId: a.id }, { categoryId: a.id, percent: 100 }],
        undefined,
        400,
        'split',
        'Line 1: Each split line needs a category and either an amount or a percentage',
      ],
      [
        [
          { categoryId: a.id, percent: 50 },
          { categoryId: theirs.id, percent: 50 },
        ],
        undefined,
        404,
        'split',
        'Line 2: Category not found',
      ],
      [
        [
          { categoryId: a.id, percent: 50 },
          { categoryId: pay.id, percent: 50 },
        ],
        undefined,
        400,
        'split',
        'Line 2: Selected category is for income, but transaction type is expense',
      ],
      [null, [theirTag.id], 404, 'tagIds', 'Tag not found'],
    ];
    for (const [split, tagIds, status, field, message] of cases) {
      const res = await t.request({
        method: 'POST',
        url: '/api/rules',
        token,
        payload: { contains: 'x', categoryId: a.id, split, tagIds },
      });
      expect(res.statusCode, JSON.stringify(split)).toBe(status);
      const body = res.json<{ message: string; fields?: Record<string, string> }>();
      if (status === 404 && field === 'tagIds') expect(body.fields?.tagIds).toBeDefined();
      else {
        expect(body.fields?.[field], res.body).toBeDefined();
        expect(res.body).toContain(message);
      }
    }
    expect(await count('import_rules', user.id)).toBe(0);
    expect(await count('import_rule_tags', user.id)).toBe(0);
    // 11 tags.
    const tags = [];
    for (let i = 0; i < 11; i += 1) tags.push((await createTag(token, `t${i}`)).id);
    const many = await t.request({
      method: 'POST',
      url: '/api/rules',
      token,
      payload: { contains: 'x', categoryId: a.id, tagIds: tags },
    });
    expect(many.statusCode).toBe(400);
    expect(many.json<{ fields: Record<string, string> }>().fields.tagIds).toBeDefined();
    // An update with a bad split changes nothing.
    const ok = await t.request({
      method: 'POST',
      url: '/api/rules',
      token,
      payload: { contains: 'x', categoryId: a.id },
    });
    const id = ok.json<{ data: ImportRule }>().data.id;
    const bad = await t.request({
      method: 'PUT',
      url: `/api/rules/${id}`,
      token,
      payload: {
        contains: 'y',
        categoryId: a.id,
        split: [
          { categoryId: theirs.id, percent: 100 },
          { categoryId: a.id, amount: 1 },
        ],
      },
    });
    expect(bad.statusCode).toBe(404);
    const after = await t.request({ method: 'GET', url: '/api/rules', token });
    expect(after.json<{ data: ImportRule[] }>().data[0]).toMatchObject({ contains: 'x', split: null, tagIds: [] });
  });
});
