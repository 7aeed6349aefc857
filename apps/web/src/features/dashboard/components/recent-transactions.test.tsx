import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { accountsQueryOptions } from '../../accounts/api/use-accounts';
import { CHECKING, SAVINGS, row, transferOut } from '../../transactions/test/accounts-fixtures';
import { RecentTransactions } from './recent-transactions';

describe('Recent Transactions with accounts', () => {
  it('names transfer legs, shows the account with several, and keeps their amount neutral', () => {
    renderWithProviders(<RecentTransactions items={[transferOut(), row({ description: 'Lunch' })]} />, {
      data: [[accountsQueryOptions.queryKey, [CHECKING, SAVINGS]]],
    });
    expect(screen.getByText('Transfer to Savings')).toBeInTheDocument();
    expect(screen.getByText(/^Transfer · Checking ·/)).toBeInTheDocument();
    expect(screen.getAllByText(/Checking/)).toHaveLength(2);
    expect(screen.getByText('-$200.00').className).toContain('text-slate-700');
    expect(screen.getByText('-$4.50').className).toContain('text-red-700');
  });

  it('with one account shows no account name', () => {
    renderWithProviders(<RecentTransactions items={[row({ description: 'Lunch' })]} />, {
      data: [[accountsQueryOptions.queryKey, [CHECKING]]],
    });
    expect(screen.getByText('Lunch')).toBeInTheDocument();
    expect(screen.queryByText(/Checking/)).toBeNull();
  });
});
