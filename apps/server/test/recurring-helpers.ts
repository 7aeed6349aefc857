import { and, count, eq } from 'drizzle-orm';
import type { RecurringTransaction } from '@ledgerly/shared';
import { transactions } from '../src/db/schema.js';
import type { TestApp } from './build-test-app.js';

export interface RecurringSeed {
  categoryId: string;
  type?: 'expense' | 'income';
  amount?: number | string;
  description?: string;
  frequency?: 'daily' | 'weekly' | 'monthly' | 'yearly';
  startDate: string;
  endDate?: string | null;
  isActive?: boolean;
}

/** Creates a recurring item over HTTP. */
export async function createRecurring(t: TestApp, token: string, seed: RecurringSeed): Promise<RecurringTransaction> {
  const res = await t.request({
    method: 'POST',
    url: '/api/recurring',
    token,
    payload: { type: 'expense', amount: 12.5, description: 'Rent', frequency: 'monthly', ...seed },
  });
  if (res.statusCode !== 201) throw new Error(`recurring failed: ${res.statusCode} ${res.body}`);
  return res.json<{ data: RecurringTransaction }>().data;
}

export interface GeneratedRow {
  date: string;
  occurrenceDate: string | null;
  amountCents: number;
  recurringId: string | null;
}

/** The transactions of one user (optionally of one recurring item), by occurrence date. */
export async function generatedRows(t: TestApp, userId: string, recurringId?: string): Promise<GeneratedRow[]> {
  const rows = await t.db.db
    .select({
      date: transactions.date,
      occurrenceDate: transactions.occurrenceDate,
      amountCents: transactions.amountCents,
      recurringId: transactions.recurringId,
    })
    .from(transactions)
    .where(
      recurringId
        ? and(eq(transactions.userId, userId), eq(transactions.recurringId, recurringId))
        : eq(transactions.userId, userId),
    );
  return rows.sort((a, b) => (a.occurrenceDate ?? a.date).localeCompare(b.occurrenceDate ?? b.date));
}

export async function countTransactions(t: TestApp, userId: string): Promise<number> {
  const [row] = await t.db.db.select({ n: count() }).from(transactions).where(eq(transactions.userId, userId));
  return row?.n ?? 0;
}
