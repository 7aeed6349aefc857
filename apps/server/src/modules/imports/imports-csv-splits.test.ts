import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Tag, type Transaction, todayIn } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createCategory } from '../../../test/factories.js';
import { commit, preview } from '../../../test/imports-helpers.js';

/**
 * CSV export of split rows and tags in a form the importer reads back (issue 22, docs/splits.md
 * "CSV export"): our own export imported into an empty account gives the same rows, lines and
 * tags; imported again into either account it adds nothing. Over HTTP, PGlite or PostgreSQL.
 */
const t = useTestApp();

async function createTag(token: string, name: string): Promise<Tag> {
  const res = await t.request({ method: 'POST', url: '/api/tags', token, payload: { name } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Tag }>().data;
}

async function exportCsv(token: string): Promise<string> {
  const res = await t.request({ method: 'GET', url: '/api/transactions/export.csv', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

/** The user's rows as comparable values (no ids): newest first, lines and tags by name. */
async function shape(token: string) {
  const res = await t.request({ method: 'GET', url: '/api/transactions?limit=100', token });
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<{ data: Transaction[] }>()
    .data.map((r) => ({
      date: r.date,
      description: r.description,
      amount: r.amount,
      type: r.type,
      category: r.lines.length ? null : r.category?.name,
      lines: r.lines.map((l) => [l.category?.name, l.amount, l.type, l.note]),
      tags: r.tags.map((g) => g.name).sort(),
    }))
    .sort((a, b) => `${a.date}${a.description}`.localeCompare(`${b.date}${b.description}`));
}

const count = async (table: string, userId: string) => {
  const found = await t.db.db.execute(sql`select count(*)::int as n from ${sql.raw(table)} where user_id = ${userId}`);
  return Number((Array.isArray(found) ? found : (found as { rows: { n: number }[] }).rows)[0]!.n);
};

describe('CSV export of split rows and tags, read back by the importer', () => {
  it('round-trips rows, lines and tags into an empty account; re-import adds nothing', async () => {
    const a = await registerUser(t, { timezone: 'UTC' });
    const food = await createCategory(t, a.token, { name: 'Food' });
    const home = await createCategory(t, a.token, { name: 'Household' });
    const refund = await createCategory(t, a.token, { name: 'Refunds', type: 'income' });
    const pay = await createCategory(t, a.token, { name: 'Salary', type: 'income' });
    const bonus = await createCategory(t, a.token, { name: 'Bonus', type: 'income' });
    const receipts = await createTag(a.token, 'Receipts');
    const work = await createTag(a.token, 'Work; claim');
    const today = todayIn('UTC');
    const post = async (payload: Record<string, unknown>) => {
      const res = await t.request({ method: 'POST', url: '/api/transactions', token: a.token, payload });
      expect(res.statusCode, res.body).toBe(201);
    };
    await post({
      type: 'expense',
      amount: '100.00',
      date: today,
      description: 'Supermarket, Main St',
      tagIds: [receipts.id],
      lines: [
        { categoryId: food.id, amount: '70.00', type: 'expense', note: 'weekly "shop"' },
        { categoryId: home.id, amount: '40.00', type: 'expense' },
        { categoryId: refund.id, amount: '10.00', type: 'income', note: '=bottle deposit' },
      ],
    });
    await post({
      type: 'income',
      amount: '3000.00',
      date: today,
      description: 'Paycheck',
      lines: [
        { categoryId: pay.id, amount: '2500.00', type: 'income' },
        { categoryId: bonus.id, amount: '500.00', type: 'income', note: 'Q3' },
      ],
    });
    await post({
      type: 'expense',
      amount: '4.50',
      date: today,
      description: 'Coffee',
      categoryId: food.id,
      tagIds: [work.id, receipts.id],
    });

    const file = await exportCsv(a.token);
    const lines = file.trim().split('\r\n');
    expect(lines[0]).toBe('Date,Description,Category,Amount,Tags,Split');
    const at = lines.findIndex((l) => l.includes('Supermarket'));
    expect(lines.slice(at, at + 4)).toEqual([
      `${today},"Supermarket, Main St",Split (3),-100.00,Receipts,split`,
      `${today},"weekly ""shop""",Food,-70.00,,line`,
      `${today},,Household,-40.00,,line`,
      `${today},'=bottle deposit,Refunds,10.00,,line`,
    ]);

    // Into an empty account: the same rows, lines and tags.
    const b = await registerUser(t, { timezone: 'UTC' });
    const batch = await preview(t, b.token, file);
    expect(batch.summary.toImport).toBe(3);
    const split = batch.rows!.find((r) => r.description === 'Supermarket, Main St')!;
    expect(split.lines?.map((l) => l.amount)).toEqual([70, 40, 10]);
    expect(split.splitMessage).toBeUndefined();
    await commit(t, b.token, batch.id);
    expect(await shape(b.token)).toEqual(await shape(a.token));
    expect(await count('transaction_lines', b.user.id)).toBe(5);

    // Again into either account: all duplicates, nothing added.
    for (const user of [a, b]) {
      const again = await preview(t, user.token, await exportCsv(user.token));
      expect(again.rows!.map((r) => r.status)).toEqual(['duplicate', 'duplicate', 'duplicate']);
      expect((await commit(t, user.token, again.id)).summary.imported).toBe(0);
      expect(await count('transactions', user.user.id)).toBe(3);
      expect(await count('transaction_lines', user.user.id)).toBe(5);
    }
  });

  it('a split row whose lines do not add up imports unsplit and says why', async () => {
    const { token } = await registerUser(t, { timezone: 'UTC' });
    const file = [
      'Date,Description,Category,Amount,Tags,Split',
      '2024-05-01,Shop,Split (2),-10.00,,split',
      '2024-05-01,,Food,-6.00,,line',
      '2024-05-01,,Home,-3.00,,line',
      '2024-05-02,Bakery,Food,-2.00,,',
      '',
    ].join('\r\n');
    const batch = await preview(t, token, file);
    expect(batch.rows!.map((r) => [r.description, r.amount, r.lines?.length ?? 0, r.splitMessage ?? null])).toEqual([
      ['Shop', -10, 0, "Not split: the file's lines do not add up to the row"],
      ['Bakery', -2, 0, null],
    ]);
    await commit(t, token, batch.id);
    const res = await t.request({ method: 'GET', url: '/api/transactions', token });
    expect(res.json<{ data: Transaction[] }>().data.every((r) => r.lines.length === 0 && r.categoryId)).toBe(true);
  });
});
