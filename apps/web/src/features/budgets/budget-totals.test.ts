import { describe, expect, it } from 'vitest';
import type { BudgetStatusItem } from '@ledgerly/shared';
import { budgetTotals } from './budget-totals';

const item = (budgetAmount: number, spentAmount: number): BudgetStatusItem => ({
  id: crypto.randomUUID(),
  category: { id: 'c', name: 'C', icon: '📁', color: '#6366f1' },
  period: 'monthly',
  budgetAmount,
  rollover: false,
  carriedOver: 0,
  availableAmount: budgetAmount,
  spentAmount,
  percentage: 0,
  remaining: 0,
  status: 'safe',
});

describe('budgetTotals', () => {
  it('sums in cents, so 0.1 + 0.2 is 0.3', () => {
    expect(budgetTotals([item(0.1, 0.1), item(0.2, 0.2)])).toEqual({
      budget: 0.3,
      spent: 0.3,
      remaining: 0,
      percentage: 100,
      status: 'exceeded',
    });
  });

  it.each([
    ['safe', [item(100, 30), item(100, 39.98)], 34.99, 'safe'],
    ['warning at 70 %', [item(100, 30), item(100, 110)], 70, 'warning'],
    ['warning just under 100 %', [item(50, 0), item(50, 99.99)], 99.99, 'warning'],
    ['over', [item(10, 25), item(10, 0)], 125, 'exceeded'],
  ] as const)('%s', (_name, items, percentage, status) => {
    const totals = budgetTotals(items);
    expect(totals.percentage).toBe(percentage);
    expect(totals.status).toBe(status);
  });

  it('is zero and safe without budgets', () => {
    expect(budgetTotals([])).toEqual({ budget: 0, spent: 0, remaining: 0, percentage: 0, status: 'safe' });
  });

  it('goes negative when over', () => {
    expect(budgetTotals([item(1234.56, 2000)]).remaining).toBe(-765.44);
  });
});
