import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { RecurringTransaction } from '@ledgerly/shared';
import { queryKeys } from '../../../lib/query-keys';
import { renderWithProviders } from '../../../test/render';
import { RecurringCard } from './recurring-card';
import { CHECKING, accountsLoaded } from '../test-accounts';

const base: RecurringTransaction = {
  id: '00000000-0000-4000-8000-0000000000aa',
  tags: [],
  lines: [],
  categoryId: '00000000-0000-4000-8000-000000000001',
  category: { id: '00000000-0000-4000-8000-000000000001', name: 'Housing', icon: '🏠', color: '#ef4444' },
  accountId: '00000000-0000-4000-8000-00000000acc1',
  toAccountId: null,
  type: 'expense',
  amount: 1250,
  description: 'Rent',
  frequency: 'monthly',
  startDate: '2026-01-31',
  endDate: null,
  nextDate: '2026-03-31',
  lastGenerated: null,
  isActive: true,
  skippedDates: [],
};

function renderCard(item: RecurringTransaction, today = '2026-03-15') {
  const handlers = { onGenerate: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn() };
  renderWithProviders(<RecurringCard item={item} today={today} {...handlers} />, {
    // One account: the spec's card (recurring-accounts.test.tsx covers two or more).
    data: [[queryKeys.settings, { firstName: '', lastName: '', currency: 'EUR' }], accountsLoaded([CHECKING])],
  });
  return within(screen.getByRole('article', { name: item.description }));
}

describe('RecurringCard', () => {
  it('shows what, how much in the user currency, how often and when', () => {
    const card = renderCard(base);
    expect(card.getByText('Housing')).toBeInTheDocument();
    expect(card.getByText('-€1,250.00')).toHaveClass('text-red-700');
    expect(card.getByText('Monthly')).toBeInTheDocument();
    expect(card.getByText('Mar 31, 2026')).toBeInTheDocument();
    expect(card.getByText('In 16 days')).toBeInTheDocument();
    expect(card.getByText('N/A')).toBeInTheDocument();
    expect(card.getByText('Jan 31, 2026')).toBeInTheDocument();
    expect(card.getByText('No end date')).toBeInTheDocument();
    expect(card.getAllByRole('button').map((b) => b.textContent)).toEqual(['Generate', 'Edit', 'Delete']);
  });

  it('names each action after its item, like the other tabs, so a list of cards reads apart', () => {
    const card = renderCard(base);
    expect(card.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Generate Rent',
      'Edit Rent',
      'Delete Rent',
    ]);
  });

  it('marks an active item past its next date as overdue', () => {
    const card = renderCard({ ...base, type: 'income', lastGenerated: '2026-02-28' }, '2026-04-02');
    expect(card.getByText('+€1,250.00')).toHaveClass('text-green-700');
    expect(card.getAllByText('Overdue')).toHaveLength(2); // badge and relative label
    expect(card.getByText('Feb 28, 2026')).toBeInTheDocument();
  });

  it('dims an inactive item with a badge and no Generate button, never overdue', () => {
    const card = renderCard({ ...base, isActive: false, endDate: '2026-12-31' }, '2026-04-02');
    expect(card.getByText('Inactive')).toBeInTheDocument();
    expect(card.queryByText('Overdue')).toBeNull();
    expect(card.getByText('Dec 31, 2026')).toBeInTheDocument();
    expect(card.getAllByRole('button').map((b) => b.textContent)).toEqual(['Edit', 'Delete']);
  });

  it('shows an ended series as Ended without Generate', () => {
    const card = renderCard({ ...base, nextDate: null, endDate: '2026-03-01' });
    expect(card.getByText('Ended')).toBeInTheDocument();
    expect(card.getByText('None')).toBeInTheDocument();
    expect(card.queryByRole('button', { name: /^Generate/ })).toBeNull();
  });

  it('shows each skipped occurrence still ahead of the schedule as "Skipped Mon D"', () => {
    const card = renderCard({ ...base, nextDate: '2026-04-30', skippedDates: ['2026-03-31'] });
    expect(card.getByText('Skipped Mar 31')).toHaveAttribute('title', 'Mar 31, 2026');
    expect(card.getByText('Apr 30, 2026')).toBeInTheDocument();
  });
});

describe('RecurringCard of a closed account', () => {
  it('shows the item as paused by its closed account: no Generate, not overdue', () => {
    const card = renderCard({ ...base, nextDate: '2026-03-01', accountClosed: true }, '2026-03-15');
    expect(card.getByText('Paused: account closed')).toBeInTheDocument();
    expect(card.queryByText('Overdue')).toBeNull();
    expect(card.getAllByRole('button').map((b) => b.textContent)).toEqual(['Edit', 'Delete']);
    expect(screen.getByRole('article', { name: 'Rent' })).toHaveAttribute('data-state', 'paused');
  });
});
