import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { Transaction } from '@ledgerly/shared';
import { renderWithProviders } from '../../../test/render';
import { TransactionList, counterText, type TransactionListProps } from './transaction-list';

const rows = (n: number): Transaction[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    tags: [],
    categoryId: '7d1e6c44-3c55-4b0e-9a0e-2c5f7b6f0a01',
    category: { id: '7d1e6c44-3c55-4b0e-9a0e-2c5f7b6f0a01', name: 'Food', color: '#ef4444', icon: '🍔' },
    lines: [],
    accountId: '00000000-0000-4000-8000-00000000acc1',
    kind: 'regular',
    status: 'uncleared',
    transferId: null,
    transferAccountId: null,
    amount: 4.5,
    type: 'expense',
    description: `Coffee ${i}`,
    date: '2026-11-01',
    receiptUrl: null,
    receiptThumbUrl: null,
    recurringId: null,
    createdAt: '2026-11-01T08:00:00.000Z',
  }));

function counter(props: Partial<TransactionListProps> & Pick<TransactionListProps, 'transactions' | 'total'>) {
  const noop = () => {};
  renderWithProviders(
    <TransactionList
      isLoading={false}
      isUpdating={false}
      hasNextPage={false}
      isFetchingNextPage={false}
      isFetching={false}
      failed={false}
      onLoadMore={noop}
      onRetry={noop}
      onEdit={noop}
      onDelete={noop}
      onViewReceipt={noop}
      {...props}
    />,
  );
  return screen.getByText(/^Showing /).textContent;
}

describe('TransactionList counter', () => {
  it('shows the exact total when the server counted every match', () => {
    expect(counter({ transactions: rows(50), total: 2345, hasNextPage: true })).toBe(
      'Showing 50 of 2,345 transactions',
    );
  });

  it('shows "1,000+" while a search has more matches than the server counts', () => {
    expect(counter({ transactions: rows(50), total: 1000, totalIsLowerBound: true, hasNextPage: true })).toBe(
      'Showing 50 of 1,000+ transactions',
    );
  });

  it('never claims fewer than are shown, and is exact once the last page is in', () => {
    // The rule itself: rendering a thousand cards to reach it would only make the test slow.
    expect(counterText(1050, 1000, true, true)).toBe('Showing 1,050 of 1,050+ transactions');
    expect(counterText(1001, 1000, true, false)).toBe('Showing 1,001 of 1,001 transactions');
    expect(counterText(50, 1000, true, true)).toBe('Showing 50 of 1,000+ transactions');
  });
});

describe('TransactionList actions', () => {
  it('offers Edit on regular rows but not on an opening or adjustment row (Delete stays)', () => {
    const [regular, opening, adjustment] = rows(3);
    const noop = () => {};
    renderWithProviders(
      <TransactionList
        transactions={[
          regular!,
          { ...opening!, kind: 'opening', categoryId: null, category: null, description: 'Opening balance' },
          { ...adjustment!, kind: 'adjustment', categoryId: null, category: null, description: 'Balance adjustment' },
        ]}
        total={3}
        isLoading={false}
        isUpdating={false}
        hasNextPage={false}
        isFetchingNextPage={false}
        isFetching={false}
        failed={false}
        onLoadMore={noop}
        onRetry={noop}
        onEdit={noop}
        onDelete={noop}
        onViewReceipt={noop}
      />,
    );
    expect(screen.getByRole('button', { name: 'Edit Coffee 0' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Opening balance' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Balance adjustment' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete Opening balance' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Balance adjustment' })).toBeInTheDocument();
  });
});
