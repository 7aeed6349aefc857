import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, localTimeZone, todayIn, type DashboardData, type DashboardPeriod } from '@ledgerly/shared';
import { createQueryClient } from '../../../lib/query-client';
import { json, stubFetch, type StubRequest } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { DashboardTab } from './dashboard-tab';

function emptyDashboard(period: DashboardPeriod): DashboardData {
  return {
    period,
    startDate: null,
    endDate: '2026-03-10',
    summary: {
      totalIncome: 0,
      totalExpense: 0,
      balance: 0,
      incomeCount: 0,
      expenseCount: 0,
      transactionCount: 0,
      avgExpense: 0,
    },
    breakdown: { breakdown: [], total: 0 },
    trend:
      period === 'month'
        ? { granularity: 'daily', points: [{ date: '2026-03-01', income: 0, expense: 0, balance: 0 }] }
        : { granularity: 'monthly', points: [{ month: '2026-01', income: 0, expense: 0, balance: 0 }] },
    topCategories: [],
    recentTransactions: [],
  };
}

function withFigures(period: DashboardPeriod): DashboardData {
  return {
    ...emptyDashboard(period),
    summary: {
      totalIncome: 1000,
      totalExpense: 1250.5,
      balance: -250.5,
      incomeCount: 1,
      expenseCount: 3,
      transactionCount: 4,
      avgExpense: 416.83,
    },
  };
}

/** A tiny fake API: recurring generation and settings answered, the dashboard as `answer` says. */
function stubApi(answer: (request: StubRequest) => Response, upcoming: unknown[] = []) {
  return stubFetch({
    'POST /api/recurring/generate': json(200, { data: { generated: 0 } }),
    'GET /api/settings': json(200, { data: { currency: 'EUR' } }),
    'GET /api/accounts': json(200, { data: [] }),
    'GET /api/recurring/upcoming': json(200, { data: upcoming }),
  }).otherwise(answer);
}

const today = todayIn(localTimeZone());
const occurrence = (description: string, date: string, amount: number, type: 'expense' | 'income' = 'expense') => ({
  recurringId: description,
  date,
  description,
  amount,
  type,
  category: { id: 'c1', name: 'Bills', icon: '🏠', color: '#ef4444' },
});

const periodOf = ({ query }: StubRequest) => query.get('period') as DashboardPeriod;

function renderTab() {
  return renderWithProviders(<DashboardTab />, { client: createQueryClient() });
}

describe('DashboardTab', () => {
  it('shows the period figures in the user currency and reloads when the period changes', async () => {
    const api = stubApi((request) => json(200, { data: withFigures(periodOf(request)) }));
    renderTab();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Overview of your financial health')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'This Month' })).toHaveAttribute('aria-pressed', 'true');

    expect(await screen.findByText('€1,000.00')).toBeInTheDocument();
    expect(screen.getByText('1 transaction')).toBeInTheDocument();
    expect(screen.getByText('€1,250.50')).toBeInTheDocument();
    expect(screen.getByText('3 transactions')).toBeInTheDocument();
    const balance = screen.getByText('-€250.50').closest('[data-tone]');
    expect(balance).toHaveAttribute('data-tone', 'negative');
    expect(within(balance as HTMLElement).getByText('4 transactions')).toBeInTheDocument();
    expect(screen.getByText('€416.83')).toBeInTheDocument();
    expect(screen.getByText('per transaction')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'This Month (Daily)' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'This Year' }));
    expect(await screen.findByRole('heading', { name: 'This Year (Monthly)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'All Time' }));
    expect(await screen.findByRole('heading', { name: 'Last 12 Months' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/analytics/dashboard').map((c) => c.url)).toEqual([
      '/api/analytics/dashboard?period=month',
      '/api/analytics/dashboard?period=year',
      '/api/analytics/dashboard?period=all',
    ]);
    // Generation of due recurring items runs once per opening, not per period change.
    expect(api.callsTo('POST /api/recurring/generate')).toHaveLength(1);
  });

  it('filters every figure by tags (any, all or none of them)', async () => {
    const tagId = '6f1c9a52-3f0e-4c55-9d1a-2b7c8e9f0a11';
    const api = stubFetch({
      'POST /api/recurring/generate': json(200, { data: { generated: 0 } }),
      'GET /api/settings': json(200, { data: { currency: 'EUR' } }),
      'GET /api/accounts': json(200, { data: [] }),
      'GET /api/recurring/upcoming': json(200, { data: [] }),
      'GET /api/tags': json(200, {
        data: [{ id: tagId, name: 'Wedding', color: '#aa3366', archived: false, usage: 3 }],
      }),
    }).otherwise((request) => json(200, { data: withFigures(periodOf(request)) }));
    renderWithProviders(<DashboardTab />, { client: createQueryClient() });
    const picker = await screen.findByRole('combobox', { name: 'Tags' });
    await userEvent.type(picker, 'Wed{Enter}');
    await waitFor(() =>
      expect(api.callsTo('GET /api/analytics/dashboard').map((c) => c.url)).toContain(
        `/api/analytics/dashboard?period=month&tagIds=${tagId}&tagMode=any`,
      ),
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Match' }), 'none');
    await waitFor(() =>
      expect(api.callsTo('GET /api/analytics/dashboard').map((c) => c.url)).toContain(
        `/api/analytics/dashboard?period=month&tagIds=${tagId}&tagMode=none`,
      ),
    );
  });

  it("lists the next seven days' bills (recurring expenses) with their total", async () => {
    stubApi(
      (request) => json(200, { data: withFigures(periodOf(request)) }),
      [
        occurrence('Rent', today, 950),
        occurrence('Salary', addDays(today, 1), 3000, 'income'),
        occurrence('Gym', addDays(today, 7), 25.5),
        occurrence('Insurance', addDays(today, 8), 80),
      ],
    );
    renderTab();
    const bills = await screen.findByRole('region', { name: 'Bills in the next 7 days' });
    const rows = within(bills).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/Rent.*Today.*-€950\.00/),
      expect.stringMatching(/Gym.*In 7 days.*-€25\.50/),
    ]);
    expect(bills).toHaveTextContent('2 bills · €975.50');
  });

  it('says when recurring expenses exist but none is due in the next seven days', async () => {
    stubApi(
      (request) => json(200, { data: withFigures(periodOf(request)) }),
      [occurrence('Insurance', addDays(today, 20), 80)],
    );
    renderTab();
    const bills = await screen.findByRole('region', { name: 'Bills in the next 7 days' });
    expect(bills).toHaveTextContent('No recurring expenses are due in the next 7 days.');
    expect(within(bills).queryAllByRole('listitem')).toHaveLength(0);
  });

  it('shows the empty states for a user without data', async () => {
    stubApi((request) => json(200, { data: emptyDashboard(periodOf(request)) }));
    renderTab();
    expect(await screen.findByText('No recent transactions')).toBeInTheDocument();
    expect(screen.getByText('No categories found')).toBeInTheDocument();
    expect(screen.getAllByText('No data available')).toHaveLength(2);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    // No recurring expenses at all: no bills card.
    expect(screen.queryByRole('region', { name: 'Bills in the next 7 days' })).not.toBeInTheDocument();
  });

  it("shows the server's message, else 'Failed to load summary', and keeps sections empty", async () => {
    stubApi(() => json(422, { message: 'Analytics are resting' }));
    renderTab();
    expect(await screen.findByRole('alert')).toHaveTextContent('Analytics are resting');
    expect(screen.getByText('No recent transactions')).toBeInTheDocument();
    expect(screen.getAllByText('—')).toHaveLength(4);
  });

  it("falls back to 'Failed to load summary' and ignores a failed recurring generation", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    stubFetch({ 'POST /api/recurring/generate': json(404, {}) }).otherwise(new Response('oops', { status: 400 }));
    renderTab();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load summary');
    await waitFor(() => expect(warn).toHaveBeenCalled());
    warn.mockRestore();
  });
});
