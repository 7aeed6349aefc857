import { describe, expect, it } from 'vitest';
import type { BudgetAlertList, BudgetStatusItem, DashboardData, TransactionSummary } from '@ledgerly/shared';
import { todayIn } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createBudget, createCategory, createTransaction } from '../../../test/factories.js';
import { addAccount, createTransfer, defaultAccountId } from '../../../test/transfer-helpers.js';

const t = useTestApp();

async function read<T>(token: string, url: string): Promise<T> {
  const res = await t.request({ method: 'GET', url, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: T }>().data;
}

describe('transfers are never income or expense', () => {
  it('the dashboard, the summary, budgets and alerts leave a transfer out; a categorised leg leaving the budget is spending', async () => {
    const { token, user } = await registerUser(t);
    const today = todayIn(user.timezone);
    const checking = await defaultAccountId(t, user.id);
    const savings = await addAccount(t, user.id, { name: 'Savings', kind: 'savings' });
    const loan = await addAccount(t, user.id, { name: 'Loan', kind: 'loan' });
    const food = await createCategory(t, token, { name: 'Food', type: 'expense' });
    const budget = await createBudget(t, token, { categoryId: food.id, amount: 100, period: 'monthly' });

    await createTransaction(t, token, { categoryId: food.id, amount: 30, date: today });
    // 500 to savings and back 200: were they counted, the budget would be far over and alerts raised.
    await createTransfer(t, token, { fromAccountId: checking, toAccountId: savings, amount: 500, date: today });
    await createTransfer(t, token, { fromAccountId: savings, toAccountId: checking, amount: 200, date: today });

    const dash = await read<DashboardData>(token, '/api/analytics/dashboard?period=month');
    expect(dash.summary).toMatchObject({ totalIncome: 0, totalExpense: 30, incomeCount: 0, expenseCount: 1 });
    const summary = await read<TransactionSummary>(token, '/api/transactions/summary');
    expect(summary).toEqual({ totalIncome: 0, totalExpense: 30, balance: -30 });
    const status = await read<BudgetStatusItem[]>(token, '/api/budgets/status');
    expect(status.find((b) => b.id === budget.id)).toMatchObject({ spentAmount: 30 });
    const none = await t.request({ method: 'GET', url: '/api/alerts', token });
    expect(none.json<BudgetAlertList>().data).toEqual([]);
    // The list still shows the legs (4 rows besides the expense).
    const list = await t.request({ method: 'GET', url: '/api/transactions', token });
    expect(list.json().meta.total).toBe(5);

    // Paying the loan from checking with a category counts as spending (DESIGN §10).
    await createTransfer(t, token, {
      fromAccountId: checking,
      toAccountId: loan,
      amount: 45,
      date: today,
      categoryId: food.id,
    });
    const dash2 = await read<DashboardData>(token, '/api/analytics/dashboard?period=month');
    expect(dash2.summary).toMatchObject({ totalIncome: 0, totalExpense: 75, expenseCount: 2 });
    expect(await read<TransactionSummary>(token, '/api/transactions/summary')).toEqual({
      totalIncome: 0,
      totalExpense: 75,
      balance: -75,
    });
    const status2 = await read<BudgetStatusItem[]>(token, '/api/budgets/status');
    expect(status2.find((b) => b.id === budget.id)).toMatchObject({ spentAmount: 75 });
    const raised = await t.request({ method: 'GET', url: '/api/alerts', token });
    expect(raised.json<BudgetAlertList>().data).toHaveLength(1);
  });
});
