import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type RecurringTransaction, type Tag, type Transaction, addDays, todayIn } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createCategory } from '../../../test/factories.js';
import { runRecurringSweep } from '../../jobs/recurring-sweep.js';

/** Split and tagged recurring items: generated rows copy both (issue 22, docs/recurring.md). */
const t = useTestApp();

async function createTag(token: string, name: string): Promise<Tag> {
  const res = await t.request({ method: 'POST', url: '/api/tags', token, payload: { name } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Tag }>().data;
}

async function rows(token: string) {
  const res = await t.request({ method: 'GET', url: '/api/transactions?limit=100', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Transaction[] }>().data;
}

const count = async (table: string, userId: string) => {
  const found = await t.db.db.execute(sql`select count(*)::int as n from ${sql.raw(table)} where user_id = ${userId}`);
  return Number((Array.isArray(found) ? found : (found as { rows: { n: number }[] }).rows)[0]!.n);
};

async function setup() {
  const auth = await registerUser(t);
  const rent = await createCategory(t, auth.token, { name: 'Rent' });
  const parking = await createCategory(t, auth.token, { name: 'Parking' });
  const refund = await createCategory(t, auth.token, { name: 'Refunds', type: 'income' });
  const home = await createTag(auth.token, 'Home');
  return { ...auth, rent, parking, refund, home };
}

describe('split recurring items (issue 22)', () => {
  it('creates, lists and generates split and tagged rows (generate all, generate one, the sweep)', async () => {
    const { token, user, rent, parking, refund, home } = await setup();
    const today = todayIn('UTC');
    const start = addDays(today, -2);
    const payload = {
      type: 'expense',
      amount: '1000.00',
      description: 'Flat',
      frequency: 'daily',
      startDate: start,
      tagIds: [home.id],
      lines: [
        { categoryId: rent.id, amount: '950', type: 'expense', note: 'flat' },
        { categoryId: parking.id, amount: '60', type: 'expense' },
        { categoryId: refund.id, amount: '10', type: 'income', note: 'service charge back' },
      ],
    };
    const res = await t.request({ method: 'POST', url: '/api/recurring', token, payload });
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json<{ data: RecurringTransaction }>().data;
    expect(item).toMatchObject({ categoryId: null, category: null, tags: [{ id: home.id }] });
    expect(item.lines.map((l) => [l.categoryId, l.category?.name, l.amount, l.type, l.note])).toEqual([
      [rent.id, 'Rent', 950, 'expense', 'flat'],
      [parking.id, 'Parking', 60, 'expense', null],
      [refund.id, 'Refunds', 10, 'income', 'service charge back'],
    ]);
    const listed = await t.request({ method: 'GET', url: '/api/recurring', token });
    expect(listed.json<{ data: RecurringTransaction[] }>().data[0]!.lines).toEqual(item.lines);

    // Generate all: three daily occurrences through today, each split and tagged.
    const all = await t.request({ method: 'POST', url: '/api/recurring/generate', token });
    expect(all.json<{ data: { generated: number } }>().data.generated).toBe(3);
    const generated = await rows(token);
    expect(generated).toHaveLength(3);
    for (const row of generated) {
      expect(row).toMatchObject({ categoryId: null, amount: 1000, type: 'expense' });
      expect(row.lines.map((l) => [l.categoryId, l.amount, l.type, l.note])).toEqual([
        [rent.id, 950, 'expense', 'flat'],
        [parking.id, 60, 'expense', null],
        [refund.id, 10, 'income', 'service charge back'],
      ]);
      expect(row.tags.map((g) => g.id)).toEqual([home.id]);
    }
    expect(await count('transaction_lines', user.id)).toBe(9);

    // Generate one (tomorrow's, booked today): its answer carries lines and tags.
    const one = await t.request({ method: 'POST', url: `/api/recurring/${item.id}/generate`, token });
    expect(one.statusCode, one.body).toBe(200);
    const answer = one.json<{ data: { transaction: Transaction } }>().data.transaction;
    expect(answer.lines.map((l) => l.amount)).toEqual([950, 60, 10]);
    expect(answer.tags.map((g) => g.id)).toEqual([home.id]);

    // The sweep, for another user's split item started a few days ago.
    const other = await setup();
    const created = await t.request({
      method: 'POST',
      url: '/api/recurring',
      token: other.token,
      payload: {
        ...payload,
        tagIds: [other.home.id],
        lines: [
          { categoryId: other.rent.id, amount: '400', type: 'expense' },
          { categoryId: other.parking.id, amount: '600', type: 'expense' },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const swept = await runRecurringSweep(t.db.db);
    expect(swept.failed).toBe(0);
    const theirs = await rows(other.token);
    expect(theirs).toHaveLength(3);
    for (const row of theirs) {
      expect(row.lines.map((l) => l.amount)).toEqual([400, 600]);
      expect(row.tags.map((g) => g.name)).toEqual(['Home']);
    }

    // Unsplit the item: later rows take its category, earlier rows keep their lines.
    const unsplit = await t.request({
      method: 'PUT',
      url: `/api/recurring/${item.id}`,
      token,
      payload: { ...payload, lines: [], categoryId: rent.id },
    });
    expect(unsplit.statusCode, unsplit.body).toBe(200);
    expect(unsplit.json<{ data: RecurringTransaction }>().data).toMatchObject({ categoryId: rent.id, lines: [] });
  });

  it('refuses bad lines with the field named and writes nothing; another user’s category is 404', async () => {
    const { token, user, rent, parking, refund } = await setup();
    const other = await setup();
    const base = {
      type: 'expense',
      amount: '100',
      description: 'Flat',
      frequency: 'monthly',
      startDate: todayIn('UTC'),
    };
    const cases: [Record<string, unknown>, number, string, string][] = [
      [
        { lines: [{ categoryId: rent.id, amount: '100', type: 'expense' }] },
        400,
        'lines',
        'A split needs at least two lines',
      ],
      [
        {
          lines: [
            { categoryId: rent.id, amount: '50', type: 'expense' },
            { categoryId: parking.id, amount: '45', type: 'expense' },
          ],
        },
        400,
        'lines',
        "The lines must add up to the transaction's amount: 5.00 is left to assign",
      ],
      [
        {
          categoryId: rent.id,
          lines: [
            { categoryId: rent.id, amount: '50', type: 'expense' },
            { categoryId: parking.id, amount: '50', type: 'expense' },
          ],
        },
        400,
        'categoryId',
        'Send either a category or lines, not both',
      ],
      [
        {
          lines: [
            { categoryId: rent.id, amount: '50', type: 'expense' },
            { categoryId: other.parking.id, amount: '50', type: 'expense' },
          ],
        },
        404,
        'lines',
        'Line 2: Category not found',
      ],
      [
        {
          lines: [
            { categoryId: rent.id, amount: '90', type: 'expense' },
            { categoryId: refund.id, amount: '10', type: 'expense' },
          ],
        },
        400,
        'lines',
        'Line 2: Selected category is for income, but transaction type is expense',
      ],
      [
        {
          lines: [
            { categoryId: rent.id, amount: 'x', type: 'expense' },
            { categoryId: parking.id, amount: '50', type: 'expense' },
          ],
        },
        400,
        'lines',
        'Line 1: Please enter a valid amount',
      ],
      [{ lines: 'nonsense' }, 400, 'lines', ''],
    ];
    for (const [extra, status, field, message] of cases) {
      const res = await t.request({ method: 'POST', url: '/api/recurring', token, payload: { ...base, ...extra } });
      expect(res.statusCode, res.body).toBe(status);
      const body = res.json<{ message: string; fields: Record<string, string> }>();
      expect(body.fields[field], res.body).toBeDefined();
      if (message) expect(body.message).toBe(message);
    }
    expect(await count('recurring_transactions', user.id)).toBe(0);
    // A split transfer is refused.
    const account = await t.request({
      method: 'POST',
      url: '/api/accounts',
      token,
      payload: { name: 'Savings', kind: 'savings', currency: 'USD' },
    });
    if (account.statusCode === 201) {
      const res = await t.request({
        method: 'POST',
        url: '/api/recurring',
        token,
        payload: {
          ...base,
          toAccountId: account.json<{ data: { id: string } }>().data.id,
          lines: [
            { categoryId: rent.id, amount: '50', type: 'expense' },
            { categoryId: parking.id, amount: '50', type: 'expense' },
          ],
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ fields: Record<string, string> }>().fields.lines).toBe(
        'A transfer cannot be split; unlink it first',
      );
    }
    expect(await count('recurring_transactions', user.id)).toBe(0);
  });

  it('a category used by a split item’s lines cannot be deleted unless moved; a move moves the lines', async () => {
    const { token, rent, parking } = await setup();
    const garage = await createCategory(t, token, { name: 'Garage' });
    const res = await t.request({
      method: 'POST',
      url: '/api/recurring',
      token,
      payload: {
        type: 'expense',
        amount: '100',
        description: 'Flat',
        frequency: 'monthly',
        startDate: todayIn('UTC'),
        lines: [
          { categoryId: rent.id, amount: '70', type: 'expense' },
          { categoryId: parking.id, amount: '30', type: 'expense' },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const refused = await t.request({ method: 'DELETE', url: `/api/categories/${parking.id}`, token });
    expect(refused.statusCode).toBe(409);
    const moved = await t.request({
      method: 'DELETE',
      url: `/api/categories/${parking.id}?moveTo=${garage.id}`,
      token,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const listed = await t.request({ method: 'GET', url: '/api/recurring', token });
    expect(listed.json<{ data: RecurringTransaction[] }>().data[0]!.lines.map((l) => l.categoryId)).toEqual([
      rent.id,
      garage.id,
    ]);
    const generated = await t.request({ method: 'POST', url: '/api/recurring/generate', token });
    expect(generated.statusCode, generated.body).toBe(200);
  });
});
