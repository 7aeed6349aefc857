import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Transaction, todayIn } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createCategory } from '../../../test/factories.js';
import { multipart } from '../../../test/multipart.js';
import { makeZip, readZip } from '../../../test/zip.js';

/**
 * Issue 22 (DESIGN §11): an export carries each split row's lines (format 4) and a restore puts
 * them back with their rows, held to the API's rules; a file whose lines break them is refused
 * whole, nothing written. Over HTTP, on PGlite or PostgreSQL.
 */
const t = useTestApp();

type Json = Record<string, unknown>;

async function exportOf(token: string) {
  const res = await t.request({ method: 'GET', url: '/api/account/export', token });
  expect(res.statusCode).toBe(200);
  return readZip(res.rawPayload);
}
const restoreZip = (token: string, zip: Buffer) =>
  t.request({
    method: 'POST',
    url: '/api/account/restore',
    token,
    ...multipart({}, [{ field: 'file', filename: 'export.zip', contentType: 'application/zip', data: zip }]),
  });
const get = async (token: string, url: string) => {
  const res = await t.request({ method: 'GET', url, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: unknown }>().data;
};

/** What a user holds: rows, lines and categories as stored (nothing written on a refusal). */
async function stored(userId: string) {
  const count = async (table: string) =>
    (
      (await t.db.db.execute(sql.raw(`select count(*)::int as n from ${table} where user_id = '${userId}'`))) as {
        rows: { n: number }[];
      }
    ).rows[0]!.n;
  return {
    transactions: await count('transactions'),
    lines: await count('transaction_lines'),
    categories: await count('categories'),
  };
}

/** Each category's totals by name, from the rollups the analytics read: lines counted as their own rows. */
async function categoryTotals(userId: string) {
  const res = (await t.db.db.execute(sql`
    select c.name, t.type, sum(t.total_cents)::int as cents, sum(t.tx_count)::int as n
    from transaction_monthly_totals t join categories c on c.id = t.category_id
    where t.user_id = ${userId} group by c.name, t.type order by c.name`)) as { rows: Json[] };
  return res.rows;
}

async function splitUser() {
  const user = await registerUser(t, { timezone: 'UTC' });
  const food = await createCategory(t, user.token, { name: 'Food' });
  const home = await createCategory(t, user.token, { name: 'Household' });
  const refund = await createCategory(t, user.token, { name: 'Refunds', type: 'income' });
  const today = todayIn('UTC');
  const split = await t.request({
    method: 'POST',
    url: '/api/transactions',
    token: user.token,
    payload: {
      type: 'expense',
      amount: '100.00',
      date: today,
      description: 'Supermarket',
      lines: [
        { categoryId: food.id, amount: '70.00', type: 'expense', note: 'groceries' },
        { categoryId: home.id, amount: '40.00', type: 'expense' },
        { categoryId: refund.id, amount: '10.00', type: 'income', note: 'bottle deposit' },
      ],
    },
  });
  expect(split.statusCode, split.body).toBe(201);
  const plain = await t.request({
    method: 'POST',
    url: '/api/transactions',
    token: user.token,
    payload: { type: 'expense', amount: '5.00', date: today, description: 'Coffee', categoryId: food.id },
  });
  expect(plain.statusCode, plain.body).toBe(201);
  return user;
}

const linesOfList = (rows: Transaction[]) =>
  rows
    .filter((r) => r.lines.length)
    .map((r) => ({
      description: r.description,
      amount: r.amount,
      type: r.type,
      lines: r.lines.map((l) => [l.category?.name, l.amount, l.type, l.note]),
    }));

describe('export and restore of split transactions', () => {
  it('exports the lines, restores them into a fresh account: the same lines and category totals', async () => {
    const user = await splitUser();
    const files = await exportOf(user.token);
    const doc = JSON.parse(files.get('ledgerly.json')!.toString('utf8')) as {
      transactions: Json[];
      categories: Json[];
    };
    const split = doc.transactions.find((r) => r.description === 'Supermarket')!;
    const name = (id: unknown) => doc.categories.find((c) => c.id === id)?.name;
    expect(split.categoryId).toBeNull();
    expect((split.lines as Json[]).map((l) => [name(l.categoryId), l.amount, l.type, l.note])).toEqual([
      ['Food', '70.00', 'expense', 'groceries'],
      ['Household', '40.00', 'expense', null],
      ['Refunds', '10.00', 'income', 'bottle deposit'],
    ]);
    expect(doc.transactions.find((r) => r.description === 'Coffee')!.lines).toEqual([]);
    const csv = files.get('transactions.csv')!.toString('utf8');
    expect(csv.split('\n').find((l) => l.includes('Supermarket'))).toContain(',Split (3),Supermarket,');

    const fresh = await registerUser(t, { timezone: 'UTC' });
    const res = await restoreZip(fresh.token, await makeZip(files));
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(fresh.user.id)).toEqual({ transactions: 2, lines: 3, categories: 3 });
    const before = (await get(user.token, '/api/transactions')) as Transaction[];
    const after = (await get(fresh.token, '/api/transactions')) as Transaction[];
    expect(linesOfList(after)).toEqual(linesOfList(before));
    expect(linesOfList(after)).toHaveLength(1);
    expect(await categoryTotals(fresh.user.id)).toEqual(await categoryTotals(user.user.id));
    expect(await categoryTotals(fresh.user.id)).toEqual([
      { name: 'Food', type: 'expense', cents: 7500, n: 2 },
      { name: 'Household', type: 'expense', cents: 4000, n: 1 },
      { name: 'Refunds', type: 'income', cents: 1000, n: 1 },
    ]);
    expect(await get(fresh.token, '/api/transactions/summary')).toEqual(
      await get(user.token, '/api/transactions/summary'),
    );
  });

  it('refuses a file whose lines break the rules, whole, naming section, row and field', async () => {
    const user = await splitUser();
    const files = await exportOf(user.token);
    const original = JSON.parse(files.get('ledgerly.json')!.toString('utf8')) as {
      transactions: Json[];
      categories: Json[];
    };
    const index = original.transactions.findIndex((r) => r.description === 'Supermarket');
    const foodId = original.categories.find((c) => c.name === 'Food')!.id;
    const refundId = original.categories.find((c) => c.name === 'Refunds')!.id;
    const cases: [string, (lines: Json[]) => Json[], string][] = [
      [
        'lines that do not add up',
        (lines) => lines.map((l, i) => (i === 0 ? { ...l, amount: '65.00' } : l)),
        `transactions[${index}].lines: The lines must add up to the transaction's amount: 5.00 is left to assign`,
      ],
      [
        'one line',
        () => [{ categoryId: foodId, amount: '100.00', type: 'expense', note: null }],
        `transactions[${index}].lines: A split needs at least two lines`,
      ],
      [
        'a line category of the wrong type',
        (lines) => lines.map((l, i) => (i === 1 ? { ...l, categoryId: refundId } : l)),
        `transactions[${index}].lines[1].categoryId: the category is for income`,
      ],
      [
        'a line category not in the file',
        (lines) => lines.map((l, i) => (i === 2 ? { ...l, categoryId: 'nope' } : l)),
        `transactions[${index}].lines[2].categoryId: no such category in the file`,
      ],
    ];
    const fresh = await registerUser(t, { timezone: 'UTC' });
    for (const [what, change, message] of cases) {
      const doc = structuredClone(original);
      const row = doc.transactions[index]!;
      row.lines = change(row.lines as Json[]);
      const zip = new Map(files);
      zip.set('ledgerly.json', Buffer.from(JSON.stringify(doc)));
      const res = await restoreZip(fresh.token, await makeZip(zip));
      expect([what, res.statusCode, res.json().message]).toEqual([what, 400, message]);
      expect(await stored(fresh.user.id)).toEqual({ transactions: 0, lines: 0, categories: 0 });
    }
  });
});

describe('export and restore of split and tagged recurring items', () => {
  it('carries an item’s lines and tags; a restore puts them back and generation copies them', async () => {
    const user = await registerUser(t, { timezone: 'UTC' });
    const rent = await createCategory(t, user.token, { name: 'Rent' });
    const parking = await createCategory(t, user.token, { name: 'Parking' });
    const tag = await t.request({ method: 'POST', url: '/api/tags', token: user.token, payload: { name: 'Home' } });
    const tagId = tag.json<{ data: { id: string } }>().data.id;
    const created = await t.request({
      method: 'POST',
      url: '/api/recurring',
      token: user.token,
      payload: {
        type: 'expense',
        amount: '100.00',
        description: 'Flat',
        frequency: 'monthly',
        startDate: todayIn('UTC'),
        isActive: false,
        tagIds: [tagId],
        lines: [
          { categoryId: rent.id, amount: '70', type: 'expense', note: 'flat' },
          { categoryId: parking.id, amount: '30', type: 'expense' },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const files = await exportOf(user.token);
    const doc = JSON.parse(files.get('ledgerly.json')!.toString('utf8')) as { recurring: Json[]; tags: Json[] };
    expect(doc.recurring[0]).toMatchObject({
      categoryId: null,
      tagIds: [doc.tags[0]!.id],
      lines: [
        { amount: '70.00', type: 'expense', note: 'flat' },
        { amount: '30.00', type: 'expense', note: null },
      ],
    });

    const fresh = await registerUser(t, { timezone: 'UTC' });
    const res = await restoreZip(fresh.token, await makeZip(files));
    expect(res.statusCode, res.body).toBe(200);
    const shape = (items: unknown) =>
      (
        items as {
          lines: { category: { name: string } | null; amount: number; note: string | null }[];
          tags: { name: string }[];
        }[]
      ).map((r) => ({
        lines: r.lines.map((l) => [l.category?.name, l.amount, l.note]),
        tags: r.tags.map((g) => g.name),
      }));
    expect(shape(await get(fresh.token, '/api/recurring'))).toEqual(shape(await get(user.token, '/api/recurring')));
    expect(shape(await get(fresh.token, '/api/recurring'))).toEqual([
      {
        lines: [
          ['Rent', 70, 'flat'],
          ['Parking', 30, null],
        ],
        tags: ['Home'],
      },
    ]);

    // Lines that do not add up: refused whole, naming the item.
    const bad = structuredClone(doc);
    (bad.recurring[0]!.lines as Json[])[0]!.amount = '60.00';
    const zip = new Map(files);
    zip.set(
      'ledgerly.json',
      Buffer.from(
        JSON.stringify({ ...JSON.parse(files.get('ledgerly.json')!.toString('utf8')), recurring: bad.recurring }),
      ),
    );
    const other = await registerUser(t, { timezone: 'UTC' });
    const refused = await restoreZip(other.token, await makeZip(zip));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      "recurring[0].lines: The lines must add up to the transaction's amount: 10.00 is left to assign",
    );
    expect(await stored(other.user.id)).toEqual({ transactions: 0, lines: 0, categories: 0 });
  });
});

describe('export and restore of rules that split and tag', () => {
  it('carries a rule’s split and tags; a bad split is refused whole', async () => {
    const user = await registerUser(t, { timezone: 'UTC' });
    const food = await createCategory(t, user.token, { name: 'Food' });
    const home = await createCategory(t, user.token, { name: 'Household' });
    const tag = await t.request({ method: 'POST', url: '/api/tags', token: user.token, payload: { name: 'Receipts' } });
    const tagId = tag.json<{ data: { id: string } }>().data.id;
    const rule = await t.request({
      method: 'POST',
      url: '/api/rules',
      token: user.token,
      payload: {
        contains: 'market',
        categoryId: food.id,
        split: [
          { categoryId: home.id, amount: '2.50', note: 'bags' },
          { categoryId: food.id, percent: 100 },
        ],
        tagIds: [tagId],
      },
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const files = await exportOf(user.token);
    const doc = JSON.parse(files.get('ledgerly.json')!.toString('utf8')) as { rules: Json[] };
    expect(doc.rules[0]).toMatchObject({
      split: [
        { amount: '2.50', percent: null, note: 'bags' },
        { amount: null, percent: 100, note: null },
      ],
    });
    const fresh = await registerUser(t, { timezone: 'UTC' });
    const res = await restoreZip(fresh.token, await makeZip(files));
    expect(res.statusCode, res.body).toBe(200);
    const shape = (rules: unknown, cats: unknown) => {
      const name = (id: string) => (cats as { id: string; name: string }[]).find((c) => c.id === id)?.name;
      return (
        rules as { split: { categoryId: string; amount: number | null; percent: number | null }[]; tagIds: string[] }[]
      ).map((r) => ({ split: r.split.map((l) => [name(l.categoryId), l.amount, l.percent]), tags: r.tagIds.length }));
    };
    expect(shape(await get(fresh.token, '/api/rules'), await get(fresh.token, '/api/categories'))).toEqual([
      {
        split: [
          ['Household', 2.5, null],
          ['Food', null, 100],
        ],
        tags: 1,
      },
    ]);

    const bad = JSON.parse(files.get('ledgerly.json')!.toString('utf8')) as { rules: { split: Json[] }[] };
    bad.rules[0]!.split[1]!.percent = 90;
    const zip = new Map(files);
    zip.set('ledgerly.json', Buffer.from(JSON.stringify(bad)));
    const other = await registerUser(t, { timezone: 'UTC' });
    const refused = await restoreZip(other.token, await makeZip(zip));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('rules[0].split: The percentages must add up to 100 (they add up to 90)');
    expect(await stored(other.user.id)).toEqual({ transactions: 0, lines: 0, categories: 0 });
  });
});
