import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Account } from '@ledgerly/shared';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { makeAccount, makeRow, makeTransaction } from '../test-data';
import { AccountsTab } from './accounts-tab';

const CHECKING = makeAccount({ id: 'chk', name: 'Checking', balance: 1450, clearedBalance: 1500, isDefault: true });
const SAVINGS = makeAccount({ id: 'sav', name: 'Savings', kind: 'savings', balance: 300 });

function stubApi(accounts: Account[] = [CHECKING, SAVINGS]) {
  return stubFetch({
    'GET /api/settings': json(200, { data: { currency: 'USD' } }),
    'GET /api/accounts': json(200, { data: accounts }),
    'GET /api/analytics/net-worth': json(200, { data: [] }),
    'GET /api/transfers/suggestions': json(200, { data: [] }),
    'GET /api/accounts/chk/reconciliations': json(200, { data: [] }),
    'GET /api/accounts/visa/reconciliations': json(200, { data: [] }),
  });
}

const PAGE_1 = [
  makeRow({ id: 'r4', date: '2026-03-09', description: 'Coffee', amount: 50, runningBalance: 1450 }),
  makeRow({
    id: 'r3',
    date: '2026-03-05',
    kind: 'transfer',
    transferAccountId: 'sav',
    transferId: 'tr1',
    category: null,
    categoryId: null,
    amount: 300,
    runningBalance: 1500,
    status: 'cleared',
  }),
];
const PAGE_2 = [
  makeRow({
    id: 'r2',
    date: '2026-03-02',
    description: 'Salary',
    type: 'income',
    amount: 800,
    runningBalance: 1800,
    status: 'reconciled',
  }),
  makeRow({
    id: 'r1',
    date: '2026-03-01',
    kind: 'opening',
    category: null,
    categoryId: null,
    type: 'income',
    amount: 1000,
    runningBalance: 1000,
    status: 'reconciled',
  }),
];

async function openAccount(name: string) {
  // Generous waits: role queries are slow in jsdom when the machine is busy with other test files.
  await userEvent.click(await screen.findByRole('button', { name: new RegExp(`^${name}`) }, { timeout: 5000 }));
  return screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });
}

describe('AccountsTab: an account register', () => {
  it('shows rows newest first with the running balance, names transfers, locks reconciled rows, pages with Load more', async () => {
    const api = stubApi();
    api.on('GET /api/accounts/chk/register', ({ query }) =>
      json(
        200,
        query.get('cursor') === 'c2'
          ? { data: PAGE_2, meta: { nextCursor: null } }
          : { data: PAGE_1, meta: { nextCursor: 'c2' } },
      ),
    );
    renderWithProviders(<AccountsTab />);
    const heading = await openAccount('Checking');
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('Checking · Default account')).toBeInTheDocument();

    const figures = screen.getByText('Cleared balance').closest('dl') as HTMLElement;
    expect(within(figures).getByText('$1,450.00')).toBeInTheDocument();
    expect(within(figures).getByText('$1,500.00')).toBeInTheDocument();
    expect(within(figures).queryByText('Owed')).not.toBeInTheDocument();

    await screen.findByText('Coffee');
    const titles = () => screen.getAllByTestId('register-title').map((e) => e.textContent);
    const balances = () => screen.getAllByTestId('running-balance').map((e) => e.textContent);
    expect(titles()).toEqual(['Coffee', 'Transfer to Savings']);
    expect(balances()).toEqual(['$1,450.00', '$1,500.00']);

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Salary');
    expect(titles()).toEqual(['Coffee', 'Transfer to Savings', 'Salary', 'Opening balance']);
    expect(balances()).toEqual(['$1,450.00', '$1,500.00', '$1,800.00', '$1,000.00']);
    expect(api.callsTo('GET /api/accounts/chk/register').map((c) => c.query.get('cursor'))).toEqual([null, 'c2']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: 'Reconciled' })).toHaveLength(2);
    // Reconciled rows have no toggle; opening rows cannot be edited in the transaction form.
    expect(screen.queryByRole('button', { name: /^Cleared: Salary/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Opening balance' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Transfer to Savings' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'All accounts' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Accounts' })).toBeInTheDocument();
  });

  it('the cleared toggle is a pressed button per row and sends the new status', async () => {
    const api = stubApi();
    api.on('GET /api/accounts/chk/register', json(200, { data: PAGE_1, meta: { nextCursor: null } }));
    api.on('PUT /api/transactions/r4/status', json(200, { data: makeTransaction({ id: 'r4', status: 'cleared' }) }));
    api.on('PUT /api/transactions/r3/status', json(200, { data: makeTransaction({ id: 'r3', status: 'uncleared' }) }));
    renderWithProviders(<AccountsTab />);
    await openAccount('Checking');
    const coffee = await screen.findByRole('button', { name: /^Cleared: Coffee, Mar 9/ });
    expect(coffee).toHaveAttribute('aria-pressed', 'false');
    const transfer = screen.getByRole('button', { name: /^Cleared: Transfer to Savings/ });
    expect(transfer).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(coffee);
    await waitFor(() => expect(api.callsTo('PUT /api/transactions/r4/status')).toHaveLength(1));
    expect(api.callsTo('PUT /api/transactions/r4/status')[0]?.body).toEqual({ status: 'cleared' });
    await userEvent.click(transfer);
    await waitFor(() => expect(api.callsTo('PUT /api/transactions/r3/status')).toHaveLength(1));
    expect(api.callsTo('PUT /api/transactions/r3/status')[0]?.body).toEqual({ status: 'uncleared' });
  });

  it('a card shows owed, available credit and statement balance, its balance check and a broken reconciliation', async () => {
    const visa = makeAccount({
      id: 'visa',
      name: 'Visa',
      kind: 'credit_card',
      balance: -450,
      clearedBalance: -400,
      owed: 450,
      availableCredit: 1550,
      statementBalance: -380,
      creditLimit: 2000,
      balanceCheck: { date: '2026-02-28', statementBalance: -380, ledgerBalance: -400, matches: false },
      brokenReconciliation: { id: 'rec1', statementDate: '2026-02-28', difference: 20 },
    });
    const api = stubApi([CHECKING, visa]);
    api.on('GET /api/accounts/visa/register', json(200, { data: [], meta: { nextCursor: null } }));
    renderWithProviders(<AccountsTab />);
    await openAccount('Visa');
    const figures = screen.getByText('Owed').closest('dl') as HTMLElement;
    const expected: [string, string][] = [
      ['Balance', '-$450.00'],
      ['Cleared balance', '-$400.00'],
      ['Owed', '$450.00'],
      ['Available credit', '$1,550.00'],
      ['Statement balance', '$380.00'],
    ];
    for (const [label, value] of expected) {
      expect(within(figures).getByText(label).nextElementSibling).toHaveTextContent(value);
    }
    expect(screen.getByText(/Differs from the statement of Feb 28/)).toHaveTextContent('by $20.00');
    expect(screen.getByText('Reconciliation broken.').closest('[role="status"]')).toHaveTextContent(
      'it differs by $20.00',
    );
    expect(await screen.findByText('No transactions in this account yet')).toBeInTheDocument();
  });
});

describe('AccountsTab: reconciling', () => {
  const ROWS = [
    makeTransaction({ id: 'x3', date: '2026-03-04', description: 'Groceries', amount: 30.1 }),
    makeTransaction({ id: 'x2', date: '2026-03-03', description: 'Refund', amount: 10, type: 'income' }),
    makeTransaction({ id: 'x1', date: '2026-03-02', description: 'Locked', amount: 5, status: 'reconciled' }),
  ];

  function reconcileApi() {
    const api = stubApi();
    api.on('GET /api/accounts/chk/register', json(200, { data: PAGE_1, meta: { nextCursor: null } }));
    api.on(
      'POST /api/accounts/chk/reconciliations',
      json(201, { data: { id: 'rec9', cleared: 1000, difference: -20.1 } }),
    );
    api.on(
      'GET /api/transactions',
      json(200, { data: ROWS, meta: { total: 3, nextCursor: null, totalIsLowerBound: false } }),
    );
    api.on('PUT /api/transactions/x3/status', json(200, { data: {} }));
    api.on('PUT /api/transactions/x2/status', json(200, { data: {} }));
    api.on('POST /api/reconciliations/rec9/finish', json(200, { data: { id: 'rec9', state: 'done' } }));
    return api;
  }

  it('statement date and balance, then ticks move the live difference; Finish at 0', async () => {
    const api = reconcileApi();
    renderWithProviders(<AccountsTab />);
    await openAccount('Checking');
    await userEvent.click(screen.getByRole('button', { name: 'Reconcile' }));
    const start = screen.getByRole('region', { name: 'Reconcile with a statement' });
    await userEvent.clear(within(start).getByLabelText('Statement date'));
    await userEvent.type(within(start).getByLabelText('Statement date'), '2026-03-05');
    await userEvent.type(within(start).getByLabelText('Statement balance'), '979.90');
    await userEvent.click(within(start).getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(api.callsTo('POST /api/accounts/chk/reconciliations')).toHaveLength(1));
    expect(api.callsTo('POST /api/accounts/chk/reconciliations')[0]?.body).toEqual({
      statementDate: '2026-03-05',
      statementBalance: 979.9,
    });

    const panel = await screen.findByRole('region', { name: /^Reconciling to Mar 5/ });
    const rowsCall = api.callsTo('GET /api/transactions')[0];
    expect(rowsCall?.query.get('accountId')).toBe('chk');
    expect(rowsCall?.query.get('endDate')).toBe('2026-03-05');
    expect(within(panel).getByTestId('reconcile-cleared')).toHaveTextContent('$1,000.00');
    expect(within(panel).getByTestId('reconcile-difference')).toHaveTextContent('-$20.10');
    // The reconciled row is settled: not offered.
    expect(within(panel).queryByText('Locked')).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Finish with an adjustment of $20.10' })).toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('checkbox', { name: /Groceries/ }));
    await waitFor(() => expect(within(panel).getByTestId('reconcile-difference')).toHaveTextContent('$10.00'));
    expect(api.callsTo('PUT /api/transactions/x3/status')[0]?.body).toEqual({ status: 'cleared' });
    await userEvent.click(within(panel).getByRole('checkbox', { name: /Refund/ }));
    await waitFor(() => expect(within(panel).getByTestId('reconcile-difference')).toHaveTextContent('$0.00'));
    expect(within(panel).getByTestId('reconcile-cleared')).toHaveTextContent('$979.90');

    const finish = await within(panel).findByRole('button', { name: 'Finish' });
    await waitFor(() => expect(finish).toBeEnabled());
    await userEvent.click(finish);
    await waitFor(() => expect(api.callsTo('POST /api/reconciliations/rec9/finish')).toHaveLength(1));
    expect(api.callsTo('POST /api/reconciliations/rec9/finish')[0]?.body).toEqual({});
    expect(await screen.findByText(/^Reconciled to Mar 5/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Reconciling to Mar 5/ })).not.toBeInTheDocument();
  });

  it('finishing with a difference asks first, then books an adjustment', async () => {
    const api = reconcileApi();
    renderWithProviders(<AccountsTab />);
    await openAccount('Checking');
    await userEvent.click(screen.getByRole('button', { name: 'Reconcile' }));
    const start = screen.getByRole('region', { name: 'Reconcile with a statement' });
    await userEvent.type(within(start).getByLabelText('Statement balance'), '990');
    await userEvent.click(within(start).getByRole('button', { name: 'Start' }));
    const panel = await screen.findByRole('region', { name: /^Reconciling to/ });
    await userEvent.click(within(panel).getByRole('button', { name: 'Finish with an adjustment of $10.00' }));
    const confirm = screen.getByRole('dialog', { name: 'Finish with an adjustment' });
    expect(confirm).toHaveTextContent('differs from the statement by $10.00');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Add adjustment and finish' }));
    await waitFor(() => expect(api.callsTo('POST /api/reconciliations/rec9/finish')).toHaveLength(1));
    expect(api.callsTo('POST /api/reconciliations/rec9/finish')[0]?.body).toEqual({ adjust: true });
  });

  it('a statement dated after today is refused before it is sent', async () => {
    const api = reconcileApi();
    renderWithProviders(<AccountsTab />);
    await openAccount('Checking');
    await userEvent.click(screen.getByRole('button', { name: 'Reconcile' }));
    const start = screen.getByRole('region', { name: 'Reconcile with a statement' });
    await userEvent.clear(within(start).getByLabelText('Statement date'));
    await userEvent.type(within(start).getByLabelText('Statement date'), '2999-01-01');
    await userEvent.type(within(start).getByLabelText('Statement balance'), '1');
    await userEvent.click(within(start).getByRole('button', { name: 'Start' }));
    expect(await within(start).findByText('The statement date cannot be later than today')).toBeInTheDocument();
    expect(api.callsTo('POST /api/accounts/chk/reconciliations')).toHaveLength(0);
  });

  it('lists finished reconciliations with Reopen', async () => {
    const api = stubApi();
    api.on('GET /api/accounts/chk/register', json(200, { data: [], meta: { nextCursor: null } }));
    api.on(
      'GET /api/accounts/chk/reconciliations',
      json(200, {
        data: [
          {
            id: 'old',
            statementDate: '2026-01-31',
            statementBalance: 900,
            state: 'done',
            difference: 0,
            finishedAt: '2026-02-01T00:00:00Z',
          },
          {
            id: 'new',
            statementDate: '2026-02-28',
            statementBalance: 1000,
            state: 'broken',
            difference: 15,
            finishedAt: '2026-03-01T00:00:00Z',
          },
        ],
      }),
    );
    api.on('POST /api/reconciliations/new/reopen', json(200, { data: { id: 'new', state: 'open' } }));
    renderWithProviders(<AccountsTab />);
    await openAccount('Checking');
    const list = await screen.findByRole('region', { name: 'Reconciliations' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Statement of Feb 28');
    expect(items[0]).toHaveTextContent('Broken');
    expect(items[0]).toHaveTextContent('differs by $15.00');
    expect(items[1]).toHaveTextContent('Reconciled');
    await userEvent.click(within(list).getByRole('button', { name: /^Reopen the reconciliation of Feb 28/ }));
    await waitFor(() => expect(api.callsTo('POST /api/reconciliations/new/reopen')).toHaveLength(1));
    expect(await screen.findByText(/^Reconciliation of Feb 28.* reopened$/)).toBeInTheDocument();
  });
});
