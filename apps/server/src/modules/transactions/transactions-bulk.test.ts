import { describe, expect, it } from 'vitest';
import { BULK_MSG, type BulkResult, type Transaction, addDays, todayIn } from '@ledgerly/shared';
import { eq } from 'drizzle-orm';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createCategory, createTransaction } from '../../../test/factories.js';
import { accounts, transactions, transfers } from '../../db/schema.js';
import { ledgerWriter } from '../ledger/index.js';

const t = useTestApp();
const yesterday = addDays(todayIn('UTC'), -1);

async function setup() {
  const auth = await registerUser(t);
  const food = await createCategory(t, auth.token, { name: 'Food', type: 'expense' });
  const rent = await createCategory(t, auth.token, { name: 'Rent', type: 'expense' });
  const salary = await createCategory(t, auth.token, { name: 'Salary', type: 'income' });
  return { ...auth, food, rent, salary };
}

const bulk = (token: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/transactions/bulk', token, payload });

async function ok(token: string, payload: Record<string, unknown>): Promise<BulkResult> {
  const res = await bulk(token, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: BulkResult }>().data;
}

async function get(token: string, id: string) {
  const res = await t.request({ method: 'GET', url: `/api/transactions/${id}`, token });
  return res.statusCode === 200 ? res.json<{ data: Transaction }>().data : null;
}

/** Arranges a second account of the user directly (the accounts API is another module's). */
async function addAccount(userId: string, name: string, closed = false) {
  const [row] = await t.db.db
    .insert(accounts)
    .values({ userId, name, kind: 'savings', currency: 'USD', onBudget: true, closedAt: closed ? new Date() : null })
    .returning();
  return row!;
}

/** Arranges a transfer of 50.00 from the default account into `toAccountId` (rows as the writer makes them). */
async function addTransfer(userId: string, toAccountId: string) {
  await ledgerWriter.insertRows(t.db.db, [
    {
      userId,
      kind: 'transfer',
      categoryId: null,
      type: 'expense',
      amountCents: 5000,
      date: yesterday,
      description: 'to savings',
    },
    {
      userId,
      accountId: toAccountId,
      kind: 'transfer',
      categoryId: null,
      type: 'income',
      amountCents: 5000,
      date: yesterday,
      description: 'to savings',
    },
  ]);
  const legs = await t.db.db.select().from(transactions).where(eq(transactions.description, 'to savings'));
  const out = legs.find((l) => l.userId === userId && l.type === 'expense')!;
  const into = legs.find((l) => l.userId === userId && l.type === 'income')!;
  await t.db.db.insert(transfers).values({ userId, outTransactionId: out.id, inTransactionId: into.id });
  return { out, into };
}

describe('POST /transactions/bulk', () => {
  it('sets the category of the named rows of its type and skips the others', async () => {
    const { token, food, rent, salary } = await setup();
    const a = await createTransaction(t, token, { categoryId: food.id });
    const b = await createTransaction(t, token, { categoryId: food.id });
    const pay = await createTransaction(t, token, { categoryId: salary.id, type: 'income' });
    const other = await createTransaction(t, token, { categoryId: food.id });

    const result = await ok(token, { ids: [a.id, b.id, pay.id], action: 'category', categoryId: rent.id });
    expect(result).toEqual({ action: 'category', matched: 3, changed: 2, skipped: 1, alsoDeleted: 0 });
    expect((await get(token, a.id))?.categoryId).toBe(rent.id);
    expect((await get(token, b.id))?.categoryId).toBe(rent.id);
    expect((await get(token, pay.id))?.categoryId).toBe(salary.id);
    expect((await get(token, other.id))?.categoryId).toBe(food.id);
  });

  it('applies to every row matching a filter ("select all N matching")', async () => {
    const { token, food, rent } = await setup();
    await createTransaction(t, token, { categoryId: food.id, description: 'Coffee beans' });
    await createTransaction(t, token, { categoryId: food.id, description: 'coffee shop' });
    const tea = await createTransaction(t, token, { categoryId: food.id, description: 'Tea' });

    const result = await ok(token, { filter: { search: 'coffee' }, action: 'category', categoryId: rent.id });
    expect(result).toMatchObject({ matched: 2, changed: 2, skipped: 0 });
    const sums = await t.request({ method: 'GET', url: `/api/transactions/summary?categoryId=${rent.id}`, token });
    expect(sums.json<{ data: { totalExpense: number } }>().data.totalExpense).toBe(20);
    expect((await get(token, tea.id))?.categoryId).toBe(food.id);
  });

  it('marks rows cleared, counting rows already cleared as done', async () => {
    const { token, food } = await setup();
    const a = await createTransaction(t, token, { categoryId: food.id });
    const b = await createTransaction(t, token, { categoryId: food.id });
    expect(await ok(token, { ids: [a.id], action: 'cleared' })).toMatchObject({ matched: 1, changed: 1 });
    expect(await ok(token, { ids: [a.id, b.id], action: 'cleared' })).toMatchObject({
      matched: 2,
      changed: 2,
      skipped: 0,
    });
    expect((await get(token, a.id))?.status).toBe('cleared');
    expect((await get(token, b.id))?.status).toBe('cleared');
  });

  it('deletes the named rows; a transfer leg takes its other leg with it; a reconciled row stays', async () => {
    const { token, user, food } = await setup();
    const savings = await addAccount(user.id, 'Savings');
    const { out, into } = await addTransfer(user.id, savings.id);
    const a = await createTransaction(t, token, { categoryId: food.id });
    const locked = await createTransaction(t, token, { categoryId: food.id });
    // As a finished reconciliation leaves it (through the ledger's writer).
    await ledgerWriter.updateTransaction(t.db.db, user.id, locked.id, { status: 'reconciled' });

    const result = await ok(token, { ids: [a.id, out.id, locked.id], action: 'delete' });
    expect(result).toEqual({ action: 'delete', matched: 3, changed: 2, skipped: 1, alsoDeleted: 1 });
    expect(await get(token, a.id)).toBeNull();
    expect(await get(token, out.id)).toBeNull();
    expect(await get(token, into.id)).toBeNull();
    expect(await get(token, locked.id)).not.toBeNull();
    expect(await t.db.db.select().from(transfers).where(eq(transfers.userId, user.id))).toEqual([]);
  });

  it('leaves rows of a closed account alone', async () => {
    const { token, user, food } = await setup();
    const old = await addAccount(user.id, 'Old card', true);
    await ledgerWriter.insertRows(t.db.db, [
      { userId: user.id, accountId: old.id, categoryId: food.id, type: 'expense', amountCents: 700, date: yesterday },
    ]);
    const result = await ok(token, { filter: { accountId: old.id }, action: 'delete' });
    expect(result).toMatchObject({ matched: 1, changed: 0, skipped: 1 });
    const list = await t.request({ method: 'GET', url: `/api/transactions?accountId=${old.id}`, token });
    expect(list.json<{ meta: { total: number } }>().meta.total).toBe(1);
  });

  it("never touches another user's rows, and another user's category is a 404", async () => {
    const me = await setup();
    const other = await setup();
    const theirs = await createTransaction(t, other.token, { categoryId: other.food.id });
    expect(await ok(me.token, { ids: [theirs.id], action: 'delete' })).toMatchObject({ matched: 0, changed: 0 });
    expect(await get(other.token, theirs.id)).not.toBeNull();
    // An empty filter means all of my rows, never theirs.
    await createTransaction(t, me.token, { categoryId: me.food.id });
    expect(await ok(me.token, { filter: {}, action: 'delete' })).toMatchObject({ matched: 1, changed: 1 });
    expect(await get(other.token, theirs.id)).not.toBeNull();

    const res = await bulk(me.token, { filter: {}, action: 'category', categoryId: other.rent.id });
    expect(res.statusCode).toBe(404);
  });

  it('refuses bad requests with a sentence', async () => {
    const { token, food } = await setup();
    const cases: [Record<string, unknown>, string][] = [
      [{ action: 'delete' }, BULK_MSG.selection],
      [{ ids: [], action: 'delete' }, BULK_MSG.ids],
      [{ ids: ['nope'], action: 'delete' }, BULK_MSG.id],
      [{ ids: [food.id], filter: {}, action: 'delete' }, BULK_MSG.selection],
      [{ filter: {}, action: 'explode' }, BULK_MSG.action],
      [{ filter: {}, action: 'category' }, BULK_MSG.categoryNeeded],
    ];
    for (const [payload, message] of cases) {
      const res = await bulk(token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(res.json()), JSON.stringify(payload)).toContain(message);
    }
    expect(
      (await t.request({ method: 'POST', url: '/api/transactions/bulk', payload: { filter: {}, action: 'delete' } }))
        .statusCode,
    ).toBe(401);
  });
});
