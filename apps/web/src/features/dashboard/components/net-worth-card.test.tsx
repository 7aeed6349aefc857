import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Account } from '@ledgerly/shared';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { makeAccount } from '../../accounts/test-data';
import { NetWorthCard } from './net-worth-card';

function stubApi(accounts: Account[]) {
  return stubFetch({
    'GET /api/settings': json(200, { data: { currency: 'USD' } }),
    'GET /api/accounts': json(200, { data: accounts }),
    'GET /api/analytics/net-worth': json(200, {
      data: [
        { month: '2026-02', assets: 900, liabilities: 100, netWorth: 800 },
        { month: '2026-03', assets: 1200, liabilities: 300, netWorth: 900 },
      ],
    }),
  });
}

describe('NetWorthCard', () => {
  it('is not there for a user with one account: the dashboard stays the spec’s', async () => {
    const api = stubApi([makeAccount({ id: 'a', name: 'Main account', balance: 500 })]);
    const { container } = renderWithProviders(<NetWorthCard />);
    await waitFor(() => expect(api.callsTo('GET /api/accounts')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(container).toBeEmptyDOMElement();
    expect(api.callsTo('GET /api/analytics/net-worth')).toHaveLength(0);
  });

  it('shows assets, liabilities and net worth once there is a liability', async () => {
    stubApi([
      makeAccount({ id: 'a', name: 'Main account', balance: 1200 }),
      makeAccount({ id: 'v', name: 'Visa', kind: 'credit_card', balance: -300 }),
    ]);
    renderWithProviders(<NetWorthCard />);
    const card = await screen.findByRole('region', { name: 'Net worth' });
    expect(card).toHaveTextContent('$900.00');
    expect(within(card).getByText('Assets').nextElementSibling).toHaveTextContent('$1,200.00');
    expect(within(card).getByText('Liabilities').nextElementSibling).toHaveTextContent('$300.00');
    expect(
      await within(card).findByRole('img', { name: 'Net worth from Feb 2026 to Mar 2026: $800.00 to $900.00' }),
    ).toBeInTheDocument();
  });
});
