import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { DashboardData, Transaction } from '@ledgerly/shared';
import { createQueryClient } from '../../../lib/query-client';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { DashboardTab } from '../components/dashboard-tab';

function dashboard(expense: number, recent: DashboardData['recentTransactions']): DashboardData {
  return {
    period: 'month',
    startDate: '2026-03-01',
    endDate: '2026-03-10',
    summary: {
      totalIncome: 0,
      totalExpense: expense,
      balance: -expense,
      incomeCount: 0,
      expenseCount: recent.length,
      transactionCount: recent.length,
      avgExpense: expense,
    },
    breakdown: { breakdown: [], total: 0 },
    trend: { granularity: 'daily', points: [{ date: '2026-03-01', income: 0, expense: 0, balance: 0 }] },
    topCategories: [],
    recentTransactions: recent,
  };
}

const before = dashboard(0, []);
const gym: Transaction = {
  id: 't1',
  tags: [],
  categoryId: null,
  category: null,
  lines: [],
  accountId: 'a1',
  kind: 'regular',
  status: 'cleared',
  transferId: null,
  transferAccountId: null,
  amount: 45,
  type: 'expense',
  description: 'Gym membership',
  date: '2026-03-10',
  receiptUrl: null,
  receiptThumbUrl: null,
  recurringId: 'r1',
  createdAt: '2026-03-10T12:00:00.000Z',
};
const after = dashboard(45, [gym]);

describe('useGenerateDueRecurringOnOpen', () => {
  it('refetches the dashboard when generation ends during its first load (answered from before)', async () => {
    // The slow machine's order: the first dashboard read is made before the generation commits,
    // but its answer arrives only after the generation has answered.
    let generated!: () => void;
    const generationAnswered = new Promise<void>((resolve) => (generated = resolve));
    let reads = 0;
    const api = stubFetch({
      'POST /api/recurring/generate': () => {
        queueMicrotask(generated);
        return json(200, { data: { generated: 1 }, message: 'Generated 1 transaction' });
      },
      'GET /api/settings': json(200, { data: { currency: 'USD' } }),
      'GET /api/analytics/dashboard': async () => {
        reads += 1;
        if (reads > 1) return json(200, { data: after });
        await generationAnswered;
        // Past the invalidation the generation's answer triggers.
        await new Promise((resolve) => setTimeout(resolve, 20));
        return json(200, { data: before });
      },
    });
    renderWithProviders(<DashboardTab />, { client: createQueryClient() });

    expect(await screen.findByText('Gym membership')).toBeInTheDocument();
    expect(screen.getAllByText(/\$45\.00/).length).toBeGreaterThan(0);
    expect(screen.queryByText('No recent transactions')).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/analytics/dashboard')).toHaveLength(2);
    expect(api.callsTo('POST /api/recurring/generate')).toHaveLength(1);
  });

  it('does not refetch when nothing was generated', async () => {
    const api = stubFetch({
      'POST /api/recurring/generate': json(200, { data: { generated: 0 }, message: 'Generated 0 transactions' }),
      'GET /api/settings': json(200, { data: { currency: 'USD' } }),
      'GET /api/analytics/dashboard': json(200, { data: before }),
    });
    renderWithProviders(<DashboardTab />, { client: createQueryClient() });
    expect(await screen.findByText('No recent transactions')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo('POST /api/recurring/generate')).toHaveLength(1);
    expect(api.callsTo('GET /api/analytics/dashboard')).toHaveLength(1);
  });
});
