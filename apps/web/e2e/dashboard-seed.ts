import { type Page, expect } from '@playwright/test';
import { api, pageToken } from './helpers';

/** Seeding for the dashboard e2e test: categories and transactions through the real API. */

export interface SeedCategory {
  key: string;
  name: string;
  type: 'expense' | 'income';
  icon: string;
  color: string;
}

export interface SeedTransaction {
  category: string;
  type: 'expense' | 'income';
  /** In cents, so expected sums stay exact. */
  cents: number;
  date: string;
  description: string;
}

export async function createCategories(page: Page, categories: readonly SeedCategory[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const c of categories) {
    const res = await api(page, 'POST', '/categories', { name: c.name, type: c.type, icon: c.icon, color: c.color });
    expect(res.status(), await res.text()).toBe(201);
    ids.set(c.key, ((await res.json()) as { data: { id: string } }).data.id);
  }
  return ids;
}

/** Creates the transactions in order (the last created is the most recent). */
export async function createTransactions(
  page: Page,
  categoryIds: Map<string, string>,
  transactions: readonly SeedTransaction[],
): Promise<void> {
  const token = await pageToken(page);
  for (const t of transactions) {
    const res = await page.request.post('/api/transactions', {
      headers: { Authorization: `Bearer ${token}` },
      multipart: {
        categoryId: categoryIds.get(t.category) ?? '',
        type: t.type,
        amount: (t.cents / 100).toFixed(2),
        description: t.description,
        date: t.date,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
}

/** "$1,234.56" — the default currency, as the app formats it. */
export function usd(cents: number): string {
  const abs = Math.abs(cents) / 100;
  const text = abs.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${cents < 0 ? '-' : ''}$${text}`;
}

export interface ExpectedSummary {
  incomeCents: number;
  expenseCents: number;
  incomeCount: number;
  expenseCount: number;
  avgExpenseCents: number;
}

export function expectedSummary(transactions: readonly SeedTransaction[]): ExpectedSummary {
  const income = transactions.filter((t) => t.type === 'income');
  const expense = transactions.filter((t) => t.type === 'expense');
  const expenseCents = expense.reduce((s, t) => s + t.cents, 0);
  return {
    incomeCents: income.reduce((s, t) => s + t.cents, 0),
    expenseCents,
    incomeCount: income.length,
    expenseCount: expense.length,
    avgExpenseCents: expense.length ? Math.round(expenseCents / expense.length) : 0,
  };
}

/** Expense totals per category, largest first. */
export function expenseByCategory(transactions: readonly SeedTransaction[]): [string, number][] {
  const totals = new Map<string, number>();
  for (const t of transactions) {
    if (t.type === 'expense') totals.set(t.category, (totals.get(t.category) ?? 0) + t.cents);
  }
  return [...totals.entries()].sort((a, b) => b[1] - a[1]);
}
