import { describe, expect, it } from 'vitest';
import type { Category, ImportBatch } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createCategory } from '../../../test/factories.js';
import { allTransactions, commit, upload } from '../../../test/imports-helpers.js';

const t = useTestApp();

const QIF = `!Type:Bank
D03/01/2024
T-42.10
PFresh Market
LGroceries
^
D03/02/2024
T-12.00
PCorner Shop
Lgroceries
^
D03/03/2024
T-30.00
PGym
LSport:Gym
^
D03/04/2024
T-8.00
PBakery
LFood
^
D03/05/2024
T2000.00
PACME
LSalary
^
D03/06/2024
T-5.00
PCOFFEE CORNER
LGroceries
^
`;

const put = (token: string, id: string, body: object) =>
  t.request({ method: 'PUT', url: `/api/imports/${id}`, token, payload: body });

describe('a QIF file’s own category names (issue 6/6 item 6)', () => {
  it('lists the names that match no category, and creates the ones asked for, giving them to their rows', async () => {
    const { token } = await registerUser(t);
    const food = await createCategory(t, token, { name: 'Food' });
    const cafe = await createCategory(t, token, { name: 'Cafe' });
    const rule = await t.request({
      method: 'POST',
      url: '/api/rules',
      token,
      payload: { contains: 'coffee', categoryId: cafe.id },
    });
    expect(rule.statusCode).toBe(201);
    const res = await upload(t, token, QIF, undefined, 'june.qif');
    expect(res.statusCode, res.body).toBe(201);
    const batch = res.json<{ data: ImportBatch }>().data;
    expect(batch.format).toBe('qif');
    // "Food" matches; Groceries (any case) is offered once, with all three of its rows.
    expect(batch.fileCategories).toEqual([
      { name: 'Groceries', type: 'expense', rows: 3 },
      { name: 'Salary', type: 'income', rows: 1 },
      { name: 'Sport:Gym', type: 'expense', rows: 1 },
    ]);
    expect(batch.rows?.[3]).toMatchObject({ categoryId: food.id, suggestedBy: 'file' });

    const created = await put(token, batch.id, {
      createCategories: [
        { name: 'Groceries', type: 'expense' },
        { name: 'Salary', type: 'income' },
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
    const after = created.json<{ data: ImportBatch }>().data;
    expect(after.fileCategories).toEqual([{ name: 'Sport:Gym', type: 'expense', rows: 1 }]);
    const list = (await t.request({ method: 'GET', url: '/api/categories', token })).json<{ data: Category[] }>().data;
    const groceries = list.find((c) => c.name === 'Groceries' && c.type === 'expense')!;
    const salary = list.find((c) => c.name === 'Salary' && c.type === 'income')!;
    expect(after.rows?.map((r) => [r.categoryId, r.suggestedBy])).toEqual([
      [groceries.id, 'file'],
      [groceries.id, 'file'],
      [expect.any(String), 'fallback'],
      [food.id, 'file'],
      [salary.id, 'file'],
      // The rule still wins over the file's name.
      [cafe.id, 'rule'],
    ]);
    await commit(t, token, batch.id);
    const rows = (await allTransactions(t, token)).data;
    expect(rows.filter((r) => r.categoryId === groceries.id)).toHaveLength(2);
  });

  it('refuses a name the file does not offer, with a sentence', async () => {
    const { token } = await registerUser(t);
    const batch = (await upload(t, token, QIF, undefined, 'june.qif')).json<{ data: ImportBatch }>().data;
    const res = await put(token, batch.id, { createCategories: [{ name: 'Holidays', type: 'expense' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe('Only the file’s own category names can be created here');
    const wrongType = await put(token, batch.id, { createCategories: [{ name: 'Salary', type: 'expense' }] });
    expect(wrongType.statusCode).toBe(400);
    const bad = await put(token, batch.id, { createCategories: [{ name: '', type: 'expense' }] });
    expect(bad.statusCode).toBe(400);
  });
});
