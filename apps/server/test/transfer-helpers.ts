import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AccountKind, Transaction, Transfer } from '@ledgerly/shared';
import { ON_BUDGET_KINDS, addDays, todayIn } from '@ledgerly/shared';
import { accounts, transactions } from '../src/db/schema.js';
import type { TestApp } from './build-test-app.js';

/*
 * Accounts for transfer and reconciliation tests. The accounts API is another module's (2/6
 * accounts); until it lands here these rows are inserted as it would create them.
 */

export async function addAccount(
  t: TestApp,
  userId: string,
  overrides: Partial<{ name: string; kind: AccountKind; currency: string; onBudget: boolean; closed: boolean }> = {},
): Promise<string> {
  const kind = overrides.kind ?? 'savings';
  const [row] = await t.db.db
    .insert(accounts)
    .values({
      userId,
      name: overrides.name ?? `Account ${Math.random().toString(36).slice(2, 8)}`,
      kind,
      currency: overrides.currency ?? 'USD',
      onBudget: overrides.onBudget ?? ON_BUDGET_KINDS.includes(kind),
      closedAt: overrides.closed ? new Date() : null,
    })
    .returning({ id: accounts.id });
  return row!.id;
}

export async function closeAccount(t: TestApp, id: string): Promise<void> {
  await t.db.db.update(accounts).set({ closedAt: new Date() }).where(eq(accounts.id, id));
}

export async function defaultAccountId(t: TestApp, userId: string): Promise<string> {
  const [row] = await t.db.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.isDefault, true)));
  return row!.id;
}

export const yesterday = () => addDays(todayIn('UTC'), -1);

export async function createTransfer(t: TestApp, token: string, payload: Record<string, unknown>): Promise<Transfer> {
  const res = await t.request({
    method: 'POST',
    url: '/api/transfers',
    token,
    payload: { amount: 50, date: yesterday(), ...payload },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Transfer }>().data;
}

export async function getTransaction(t: TestApp, token: string, id: string): Promise<Transaction> {
  const res = await t.request({ method: 'GET', url: `/api/transactions/${id}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Transaction }>().data;
}

export async function setStatus(t: TestApp, token: string, id: string, status: string) {
  return t.request({ method: 'PUT', url: `/api/transactions/${id}/status`, token, payload: { status } });
}

/** Rows of the user in the database (to see that no leg is left behind). */
export async function rowsOf(t: TestApp, userId: string) {
  return t.db.db.select().from(transactions).where(eq(transactions.userId, userId));
}
