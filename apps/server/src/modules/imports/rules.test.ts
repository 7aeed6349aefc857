import { describe, expect, it } from 'vitest';
import type { ImportRule, RuleMatches } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createCategory, createTransaction } from '../../../test/factories.js';
import { allTransactions, csv, preview } from '../../../test/imports-helpers.js';

const t = useTestApp();

async function newRule(token: string, contains: string, categoryId: string) {
  const res = await t.request({ method: 'POST', url: '/api/rules', token, payload: { contains, categoryId } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: ImportRule }>().data;
}

describe('rules: order, preview and apply to past rows (issue 6/6 item 3)', () => {
  it('tries rules in the order the user sets', async () => {
    const { token } = await registerUser(t);
    const coffee = await createCategory(t, token, { name: 'Coffee' });
    const food = await createCategory(t, token, { name: 'Food' });
    const broad = await newRule(token, 'corner', food.id);
    const narrow = await newRule(token, 'coffee corner', coffee.id);
    expect([broad.position, narrow.position]).toEqual([1, 2]);
    const before = await preview(t, token, csv([['2024-03-01', 'COFFEE CORNER 12', '-3.50']]));
    expect(before.rows?.[0]).toMatchObject({ categoryId: food.id, suggestedBy: 'rule' });

    const ordered = await t.request({
      method: 'PUT',
      url: '/api/rules/order',
      token,
      payload: { ids: [narrow.id, broad.id] },
    });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect(ordered.json<{ data: ImportRule[] }>().data.map((r) => [r.contains, r.position])).toEqual([
      ['coffee corner', 1],
      ['corner', 2],
    ]);
    const after = await preview(t, token, csv([['2024-03-02', 'COFFEE CORNER 12', '-3.50']]));
    expect(after.rows?.[0]).toMatchObject({ categoryId: coffee.id });

    // The order must name each rule once.
    for (const ids of [[narrow.id], [narrow.id, narrow.id], [narrow.id, broad.id, food.id]]) {
      const bad = await t.request({ method: 'PUT', url: '/api/rules/order', token, payload: { ids } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ message: string }>().message).toBe('List every one of your rules exactly once');
    }
  });

  it('previews which past rows a rule matches and applies it to them through the ledger', async () => {
    const { token } = await registerUser(t);
    const misc = await createCategory(t, token, { name: 'Misc' });
    const rent = await createCategory(t, token, { name: 'Rent' });
    const pay = await createCategory(t, token, { name: 'Pay', type: 'income' });
    const a = await createTransaction(t, token, {
      categoryId: misc.id,
      amount: 1450,
      date: '2024-02-01',
      description: 'OAK PROPERTIES RENT',
    });
    const b = await createTransaction(t, token, {
      categoryId: misc.id,
      amount: 1450,
      date: '2024-03-01',
      description: 'oak properties',
    });
    // Already in Rent, and an income: neither changes.
    await createTransaction(t, token, {
      categoryId: rent.id,
      amount: 1450,
      date: '2024-01-01',
      description: 'Oak Properties',
    });
    await createTransaction(t, token, {
      categoryId: pay.id,
      type: 'income',
      amount: 20,
      date: '2024-01-05',
      description: 'Oak Properties refund',
    });
    await createTransaction(t, token, { categoryId: misc.id, amount: 5, date: '2024-01-06', description: 'Bakery' });

    const shown = await t.request({
      method: 'POST',
      url: '/api/rules/preview',
      token,
      payload: { contains: 'Oak Prop', categoryId: rent.id },
    });
    expect(shown.statusCode, shown.body).toBe(200);
    const matches = shown.json<{ data: RuleMatches }>().data;
    expect(matches.total).toBe(2);
    expect(matches.rows.map((r) => [r.id, r.amount, r.category.name])).toEqual([
      [b.id, -1450, 'Misc'],
      [a.id, -1450, 'Misc'],
    ]);

    const rule = await newRule(token, 'Oak Prop', rent.id);
    const applied = await t.request({ method: 'POST', url: `/api/rules/${rule.id}/apply`, token });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json<{ data: { updated: number } }>().data.updated).toBe(2);
    const rows = (await allTransactions(t, token)).data;
    expect(
      rows
        .filter((r) => r.categoryId === rent.id)
        .map((r) => r.date)
        .sort(),
    ).toEqual(['2024-01-01', '2024-02-01', '2024-03-01']);
    expect(rows.find((r) => r.description === 'Oak Properties refund')?.categoryId).toBe(pay.id);
    // Nothing left to change; the per-category totals follow (the rollups are kept by the writer).
    const again = await t.request({
      method: 'POST',
      url: '/api/rules/preview',
      token,
      payload: { contains: 'Oak Prop', categoryId: rent.id },
    });
    expect(again.json<{ data: RuleMatches }>().data.total).toBe(0);
    const summary = await t.request({ method: 'GET', url: `/api/transactions/summary?categoryId=${rent.id}`, token });
    expect(summary.json<{ data: { totalExpense: number } }>().data.totalExpense).toBe(4350);

    // "%" and "_" are literal; another user's rule is a 404.
    const literal = await t.request({
      method: 'POST',
      url: '/api/rules/preview',
      token,
      payload: { contains: '%', categoryId: rent.id },
    });
    expect(literal.json<{ data: RuleMatches }>().data.total).toBe(0);
    const stranger = await registerUser(t);
    expect(
      (await t.request({ method: 'POST', url: `/api/rules/${rule.id}/apply`, token: stranger.token })).statusCode,
    ).toBe(404);
    const badCategory = await t.request({
      method: 'POST',
      url: '/api/rules/preview',
      token: stranger.token,
      payload: { contains: 'x', categoryId: rent.id },
    });
    expect(badCategory.statusCode).toBe(400);
  });
});
