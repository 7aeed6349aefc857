import type { BudgetStatusItem, Category } from '@ledgerly/shared';
import { expect } from 'vitest';
import { transactions } from '../src/db/schema.js';
import type { TestApp } from './build-test-app.js';

/** Creates a category over HTTP. */
export async function createCategory(
  t: TestApp,
  token: string,
  overrides: Partial<{ name: string; type: 'expense' | 'income'; color: string; icon: string }> = {},
): Promise<Category> {
  const res = await t.request({
    method: 'POST',
    url: '/api/categories',
    token,
    payload: { name: `Cat ${Math.random().toString(36).slice(2, 8)}`, type: 'expense', ...overrides },
  });
  if (res.statusCode !== 201) throw new Error(`category failed: ${res.statusCode} ${res.body}`);
  return res.json<{ data: Category }>().data;
}

/** Creates a budget over HTTP and answers its status. */
export async function createBudget(
  t: TestApp,
  token: string,
  payload: Record<string, unknown>,
): Promise<BudgetStatusItem> {
  const res = await t.request({ method: 'POST', url: '/api/budgets', token, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: BudgetStatusItem }>().data;
}

export interface TxSeed {
  userId: string;
  categoryId: string;
  type: 'expense' | 'income';
  amountCents: number;
  date: string;
  description?: string | null;
}

/** Inserts many transactions straight into the database (large data sets for sums and paging). */
export async function seedTransactions(t: TestApp, rows: TxSeed[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    await t.db.db.insert(transactions).values(rows.slice(i, i + 1000));
  }
}
