import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { DashboardData, DashboardPeriod } from '@ledgerly/shared';
import { createQueryClient } from '../../../lib/query-client';
import { AuthProvider } from '../../auth/auth-context';
import { ThemeProvider } from '../../theme/theme-context';
import { DashboardTab } from './dashboard-tab';

// fetch is the network, the one thing outside the web app: stubbed with a tiny fake API.
const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
/** The address a stubbed fetch was called with, as the app wrote it. */
const requested = (input: RequestInfo | URL) => (input instanceof Request ? input.url : input.toString());
const urlOf = (input: RequestInfo | URL) => new URL(requested(input), 'http://localhost');

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

let answer: (url: URL) => Response;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  window.matchMedia = ((query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as never;
  fetchMock.mockImplementation((input) => {
    const url = urlOf(input);
    if (url.pathname === '/api/recurring/generate') return Promise.resolve(json(200, { data: { generated: 0 } }));
    if (url.pathname === '/api/settings') return Promise.resolve(json(200, { data: { currency: 'EUR' } }));
    return Promise.resolve(answer(url));
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function renderTab() {
  return render(
    <ThemeProvider>
      <QueryClientProvider client={createQueryClient()}>
        <AuthProvider>
          <DashboardTab />
        </AuthProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

const calls = (path: string) => fetchMock.mock.calls.filter(([input]) => urlOf(input).pathname === path);

describe('DashboardTab', () => {
  it('shows the period figures in the user currency and reloads when the period changes', async () => {
    answer = (url) => json(200, { data: withFigures(url.searchParams.get('period') as DashboardPeriod) });
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
    expect(calls('/api/analytics/dashboard').map(([u]) => requested(u))).toEqual([
      '/api/analytics/dashboard?period=month',
      '/api/analytics/dashboard?period=year',
      '/api/analytics/dashboard?period=all',
    ]);
    // Generation of due recurring items runs once per opening, not per period change.
    expect(calls('/api/recurring/generate')).toHaveLength(1);
  });

  it('shows the empty states for a user without data', async () => {
    answer = (url) => json(200, { data: emptyDashboard(url.searchParams.get('period') as DashboardPeriod) });
    renderTab();
    expect(await screen.findByText('No recent transactions')).toBeInTheDocument();
    expect(screen.getByText('No categories found')).toBeInTheDocument();
    expect(screen.getAllByText('No data available')).toHaveLength(2);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it("shows the server's message, else 'Failed to load summary', and keeps sections empty", async () => {
    answer = () => json(422, { message: 'Analytics are resting' });
    renderTab();
    expect(await screen.findByRole('alert')).toHaveTextContent('Analytics are resting');
    expect(screen.getByText('No recent transactions')).toBeInTheDocument();
    expect(screen.getAllByText('—')).toHaveLength(4);
  });

  it("falls back to 'Failed to load summary' and ignores a failed recurring generation", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fetchMock.mockImplementation((input) =>
      Promise.resolve(
        urlOf(input).pathname === '/api/recurring/generate' ? json(404, {}) : new Response('oops', { status: 400 }),
      ),
    );
    renderTab();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load summary');
    await waitFor(() => expect(warn).toHaveBeenCalled());
    warn.mockRestore();
  });
});
