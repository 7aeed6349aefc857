import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UNKNOWN_CURRENCY_MESSAGE } from '@ledgerly/shared';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { makeAccount, makeTransaction } from '../test-data';
import { AccountsTab } from './accounts-tab';

const ACCOUNTS = [
  makeAccount({ id: 'chk', name: 'Checking', balance: 2500, isDefault: true, institution: 'Chase', mask: '1234' }),
  makeAccount({ id: 'sav', name: 'Savings', kind: 'savings', balance: 1000 }),
  makeAccount({
    id: 'visa',
    name: 'Visa',
    kind: 'credit_card',
    balance: -450.25,
    owed: 450.25,
    creditLimit: 2000,
    availableCredit: 1549.75,
  }),
  makeAccount({ id: 'old', name: 'Old savings', kind: 'savings', closedAt: '2026-01-05T00:00:00Z' }),
];

function stubApi(suggestions: unknown[] = []) {
  return stubFetch({
    'GET /api/settings': json(200, { data: { currency: 'USD' } }),
    'GET /api/accounts': json(200, { data: ACCOUNTS }),
    'GET /api/analytics/net-worth': json(200, {
      data: [
        { month: '2026-02', assets: 3000, liabilities: 400, netWorth: 2600 },
        { month: '2026-03', assets: 3500, liabilities: 450.25, netWorth: 3049.75 },
      ],
      meta: { unconverted: [] },
    }),
    'GET /api/transfers/suggestions': json(200, { data: suggestions }),
  });
}

describe('AccountsTab: the accounts page', () => {
  it('groups accounts by class with totals; a card says what is owed and available; closed ones fold away', async () => {
    stubApi();
    renderWithProviders(<AccountsTab />);
    expect(screen.getByRole('heading', { level: 1, name: 'Accounts' })).toBeInTheDocument();

    const assets = await screen.findByRole('region', { name: 'Assets' }, { timeout: 5000 });
    const assetNames = within(assets)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(assetNames[0]).toContain('Checking');
    expect(assetNames[0]).toContain('Default');
    expect(assetNames[0]).toContain('Chase · ••1234');
    expect(assetNames[1]).toContain('Savings');
    expect(within(assets).getByText('$3,500.00')).toBeInTheDocument();

    const liabilities = screen.getByRole('region', { name: 'Liabilities' });
    expect(within(liabilities).getByRole('button', { name: /Visa/ })).toHaveTextContent(
      'Owed $450.25 · $1,549.75 available',
    );
    expect(within(liabilities).getAllByText('$450.25').length).toBeGreaterThan(0);

    // Totals: assets 3,500, liabilities 450.25, net worth 3,049.75.
    expect(screen.getByText('Net worth', { selector: 'p' }).closest('[data-tone]')).toHaveTextContent('$3,049.75');
    expect(screen.getByText('Liabilities', { selector: 'p' }).closest('[data-tone]')).toHaveTextContent('$450.25');

    const closed = screen.getByText('Closed accounts (1)').closest('details');
    expect(closed).not.toHaveAttribute('open');
    expect(screen.queryByRole('region', { name: 'Possible transfers' })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Range' })).toBeInTheDocument();
  });

  it('lists possible transfers with both rows; Link and Not a transfer send the pair', async () => {
    const api = stubApi([
      {
        outTransactionId: 't-out',
        inTransactionId: 't-in',
        outTransaction: makeTransaction({
          id: 't-out',
          accountId: 'chk',
          amount: 200,
          description: 'To savings',
          categoryId: null,
          category: null,
        }),
        inTransaction: makeTransaction({
          id: 't-in',
          accountId: 'sav',
          amount: 200,
          type: 'income',
          description: 'From checking',
          categoryId: null,
          category: null,
        }),
        score: 1,
      },
    ]);
    api.on('POST /api/transfers/link', json(201, { data: {} }));
    api.on('POST /api/transfers/suggestions/reject', json(200, { data: {} }));
    renderWithProviders(<AccountsTab />);
    const section = await screen.findByRole('region', { name: 'Possible transfers' }, { timeout: 5000 });
    expect(within(section).getByText('To savings')).toBeInTheDocument();
    expect(within(section).getByText('From checking')).toBeInTheDocument();
    expect(within(section).getByText(/^Checking ·/)).toBeInTheDocument();

    await userEvent.click(within(section).getByRole('button', { name: 'Link' }));
    await waitFor(() => expect(api.callsTo('POST /api/transfers/link')).toHaveLength(1));
    expect(api.callsTo('POST /api/transfers/link')[0]?.body).toEqual({
      outTransactionId: 't-out',
      inTransactionId: 't-in',
    });

    await userEvent.click(within(section).getByRole('button', { name: 'Not a transfer' }));
    await waitFor(() => expect(api.callsTo('POST /api/transfers/suggestions/reject')).toHaveLength(1));
    expect(api.callsTo('POST /api/transfers/suggestions/reject')[0]?.body).toEqual({
      outTransactionId: 't-out',
      inTransactionId: 't-in',
    });
  });

  it('adds an account: card fields appear for a card, the amount owed goes out as a negative balance', async () => {
    const api = stubApi();
    api.on('POST /api/accounts', (req) =>
      json(201, { data: makeAccount({ id: 'new', name: 'Amex', kind: 'credit_card', ...(req.body as object) }) }),
    );
    renderWithProviders(<AccountsTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add account' }, { timeout: 5000 }));
    const dialog = screen.getByRole('dialog', { name: 'Add account' });
    expect(within(dialog).queryByLabelText('Credit limit')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Currency')).toHaveValue('USD');
    // Any ISO 4217 code, typed ahead from the full list; an unknown one is named before sending.
    const currency = within(dialog).getByLabelText('Currency');
    expect(currency).toHaveAttribute('list');
    expect(dialog.querySelectorAll('datalist option').length).toBeGreaterThan(300);
    await userEvent.clear(currency);
    await userEvent.type(currency, 'btc');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add account' }));
    expect(await within(dialog).findByText(UNKNOWN_CURRENCY_MESSAGE)).toBeInTheDocument();
    await userEvent.clear(currency);
    await userEvent.type(currency, 'kwd');
    expect(currency).toHaveValue('KWD');
    expect(within(dialog).getByText('Kuwaiti Dinar')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText('Name'), 'Amex');
    await userEvent.selectOptions(within(dialog).getByLabelText('Kind'), 'credit_card');
    await userEvent.type(within(dialog).getByLabelText('Amount owed when opened'), '120.40');
    await userEvent.type(within(dialog).getByLabelText('Credit limit'), '5000');
    await userEvent.type(within(dialog).getByLabelText('Statement day'), '40');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add account' }));
    expect(await within(dialog).findByText('Day must be a whole number from 1 to 31')).toBeInTheDocument();
    expect(api.callsTo('POST /api/accounts')).toHaveLength(0);

    await userEvent.clear(within(dialog).getByLabelText('Statement day'));
    await userEvent.type(within(dialog).getByLabelText('Statement day'), '25');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add account' }));
    await waitFor(() => expect(api.callsTo('POST /api/accounts')).toHaveLength(1));
    expect(api.callsTo('POST /api/accounts')[0]?.body).toMatchObject({
      name: 'Amex',
      kind: 'credit_card',
      currency: 'KWD',
      openingBalance: -120.4,
      creditLimit: 5000,
      statementDay: 25,
      onBudget: true,
      inNetWorth: true,
    });
    expect(await screen.findByText('Account added')).toBeInTheDocument();
  });

  it("shows the server's sentence when it refuses an account", async () => {
    const api = stubApi();
    api.on(
      'POST /api/accounts',
      json(409, { message: 'You already have an account with this name', code: 'CONFLICT' }),
    );
    renderWithProviders(<AccountsTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add account' }, { timeout: 5000 }));
    const dialog = screen.getByRole('dialog', { name: 'Add account' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Savings');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add account' }));
    expect(await within(dialog).findByText('You already have an account with this name')).toBeInTheDocument();
  });
});
