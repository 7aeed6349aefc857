import { describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Account, Transaction } from '@ledgerly/shared';
import { queryKeys } from '../../../lib/query-keys';
import { accountsQueryOptions } from '../../accounts/api/use-accounts';
import { renderWithProviders } from '../../../test/render';
import { json, stubFetch } from '../../../test/fetch-stub';
import { CHECKING, FOOD, LOAN, SALARY, SAVINGS, row, transferOut } from '../test/accounts-fixtures';
import { transactionFormData } from '../api/transaction-form-data';
import { TransactionFormDialog } from './transaction-form-dialog';
import { TransactionList } from './transaction-list';
import { TransactionsTab } from './transactions-tab';

const categories = [queryKeys.categories(), [FOOD, SALARY]] as const;
const withAccounts = (accounts: Account[]) => [[accountsQueryOptions.queryKey, accounts] as const, categories];

function renderForm(accounts: Account[], transaction?: Transaction) {
  const onSaved = vi.fn();
  renderWithProviders(<TransactionFormDialog open onClose={() => {}} onSaved={onSaved} transaction={transaction} />, {
    data: withAccounts(accounts),
  });
  return { dialog: within(screen.getByRole('dialog', { hidden: true })), onSaved };
}

function renderList(accounts: Account[], transactions: Transaction[], onStatusError: (m: string) => void = () => {}) {
  const noop = () => {};
  renderWithProviders(
    <TransactionList
      transactions={transactions}
      total={transactions.length}
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
      onStatusError={onStatusError}
    />,
    { data: withAccounts(accounts) },
  );
}

describe('transactions with one account: the spec app', () => {
  it('offers no account picker and no Transfer type', () => {
    const { dialog } = renderForm([CHECKING]);
    expect(dialog.queryByLabelText('Account')).toBeNull();
    expect(dialog.queryByRole('button', { name: 'Transfer', hidden: true })).toBeNull();
    expect(dialog.getByRole('button', { name: 'Expense', hidden: true })).toBeInTheDocument();
  });

  it('has no cleared toggle on the rows', () => {
    renderList([CHECKING], [row({ status: 'cleared' }), row({ status: 'reconciled' })]);
    expect(screen.queryByRole('button', { name: /^Cleared:/ })).toBeNull();
    expect(screen.queryByRole('img', { name: 'Reconciled' })).toBeNull();
  });

  it('shows no account on the rows', () => {
    renderList([CHECKING], [row()]);
    expect(screen.queryByTestId('transaction-account')).toBeNull();
  });
});

describe('transactions with several accounts', () => {
  it('the form offers the open accounts, the default one first', async () => {
    const closed = {
      ...SAVINGS,
      id: '00000000-0000-4000-8000-0000000acc09',
      name: 'Old',
      closedAt: '2026-01-01T00:00:00Z',
    };
    const { dialog } = renderForm([SAVINGS, CHECKING, closed]);
    const picker = dialog.getByLabelText<HTMLSelectElement>('Account');
    await vi.waitFor(() => expect(picker.value).toBe(CHECKING.id));
    expect(
      within(picker)
        .getAllByRole('option', { hidden: true })
        .map((o) => o.textContent),
    ).toEqual(['Savings', 'Checking']);
  });

  it('the multipart body carries the chosen account (and none when the picker is absent)', () => {
    const values = {
      categoryId: FOOD.id,
      type: 'expense' as const,
      amount: 1200,
      description: null,
      date: '2026-11-01',
      removeReceipt: false,
    };
    const chosen = transactionFormData({
      values: { ...values, accountId: SAVINGS.id },
      receipt: null,
      removeReceipt: false,
    });
    expect(chosen.get('accountId')).toBe(SAVINGS.id);
    expect(transactionFormData({ values, receipt: null, removeReceipt: false }).has('accountId')).toBe(false);
  });

  it('a Transfer sends from, to, amount, date and note to POST /transfers', async () => {
    const api = stubFetch({ 'POST /api/transfers': json(201, { data: {} }) });
    const { dialog, onSaved } = renderForm([CHECKING, SAVINGS]);
    await userEvent.click(dialog.getByRole('button', { name: 'Transfer', hidden: true }));
    expect(dialog.queryByLabelText('Category')).toBeNull();
    expect(dialog.getByLabelText<HTMLSelectElement>('From').value).toBe(CHECKING.id);
    expect(dialog.getByLabelText<HTMLSelectElement>('To').value).toBe(SAVINGS.id);
    await userEvent.type(dialog.getByLabelText('Amount'), '250.5');
    await userEvent.type(dialog.getByLabelText('Note (optional)'), 'Rainy day');
    await userEvent.click(dialog.getByRole('button', { name: 'Add Transfer', hidden: true }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith('Transfer created successfully!'));
    expect(api.callsTo('POST /api/transfers')[0]!.body).toEqual({
      fromAccountId: CHECKING.id,
      toAccountId: SAVINGS.id,
      amount: 250.5,
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      description: 'Rainy day',
    });
  });

  it('refuses a transfer to the same account with the sentence', async () => {
    const api = stubFetch();
    const { dialog } = renderForm([CHECKING, SAVINGS]);
    await userEvent.click(dialog.getByRole('button', { name: 'Transfer', hidden: true }));
    await userEvent.selectOptions(dialog.getByLabelText('To'), CHECKING.id);
    await userEvent.type(dialog.getByLabelText('Amount'), '5');
    await userEvent.click(dialog.getByRole('button', { name: 'Add Transfer', hidden: true }));
    expect(await dialog.findByText('A transfer needs two different accounts')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('offers "Count as spending in" only when the money leaves the budget', async () => {
    const api = stubFetch({ 'POST /api/transfers': json(201, { data: {} }) });
    const { dialog } = renderForm([CHECKING, SAVINGS, LOAN]);
    await userEvent.click(dialog.getByRole('button', { name: 'Transfer', hidden: true }));
    expect(dialog.queryByLabelText(/Count as spending in/)).toBeNull();
    await userEvent.selectOptions(dialog.getByLabelText('To'), LOAN.id);
    const category = dialog.getByLabelText(/Count as spending in/);
    await userEvent.selectOptions(category, FOOD.id);
    await userEvent.type(dialog.getByLabelText('Amount'), '300');
    await userEvent.click(dialog.getByRole('button', { name: 'Add Transfer', hidden: true }));
    await vi.waitFor(() => expect(api.callsTo('POST /api/transfers')).toHaveLength(1));
    expect(api.callsTo('POST /api/transfers')[0]!.body).toMatchObject({ toAccountId: LOAN.id, categoryId: FOOD.id });
  });

  it('editing a transfer leg opens the transfer form and saves both legs with PUT /transfers/{id}', async () => {
    const leg = transferOut({ amount: 80, transferId: '00000000-0000-4000-8000-00000000f0aa' });
    const api = stubFetch({ [`PUT /api/transfers/${leg.transferId}`]: json(200, { data: {} }) });
    const { dialog, onSaved } = renderForm([CHECKING, SAVINGS], leg);
    expect(dialog.getByLabelText<HTMLSelectElement>('From').value).toBe(CHECKING.id);
    expect(dialog.getByLabelText<HTMLSelectElement>('To').value).toBe(SAVINGS.id);
    expect(dialog.getByLabelText<HTMLInputElement>('Amount').value).toBe('80.00');
    await userEvent.click(dialog.getByRole('button', { name: 'Update Transfer', hidden: true }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith('Transfer updated successfully!'));
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toContain(`PUT /api/transfers/${leg.transferId}`);
  });

  it('the dialog says Transfer for a transfer and Transaction for an expense or income', async () => {
    stubFetch({ 'GET /api/transfers/00000000-0000-4000-8000-00000000f001': json(404, { message: 'Not found' }) });
    const title = () => screen.getByRole('dialog', { hidden: true }).querySelector('h2')?.textContent;
    const { dialog } = renderForm([CHECKING, SAVINGS]);
    expect(title()).toBe('Add Transaction');
    await userEvent.click(dialog.getByRole('button', { name: 'Transfer', hidden: true }));
    expect(title()).toBe('Add Transfer');
    await userEvent.click(dialog.getByRole('button', { name: 'Income', hidden: true }));
    expect(title()).toBe('Add Transaction');
  });

  it('editing says Edit Transfer for a transfer leg and Edit Transaction for a row', () => {
    stubFetch({ 'GET /api/transfers/00000000-0000-4000-8000-00000000f001': json(404, { message: 'Not found' }) });
    renderForm([CHECKING, SAVINGS], transferOut());
    expect(screen.getByRole('dialog', { hidden: true }).querySelector('h2')).toHaveTextContent(/^Edit Transfer$/);
  });

  it('editing an expense keeps the title Edit Transaction', () => {
    renderForm([CHECKING, SAVINGS], row());
    expect(screen.getByRole('dialog', { hidden: true }).querySelector('h2')).toHaveTextContent(/^Edit Transaction$/);
  });

  it('edited from the leg entering a loan, a transfer shows the category it counts in, read from either leg', async () => {
    for (const carrier of ['outTransaction', 'inTransaction'] as const) {
      const transferId = '00000000-0000-4000-8000-00000000f0bb';
      const incoming = transferOut({ type: 'income', accountId: LOAN.id, transferAccountId: CHECKING.id, transferId });
      const outgoing = transferOut({ accountId: CHECKING.id, transferAccountId: LOAN.id, transferId });
      const legs = {
        outTransaction: { ...outgoing, categoryId: null },
        inTransaction: { ...incoming, categoryId: null },
        [carrier]: { ...(carrier === 'outTransaction' ? outgoing : incoming), categoryId: FOOD.id },
      };
      const api = stubFetch({
        [`GET /api/transfers/${transferId}`]: json(200, { data: { id: transferId, ...legs } }),
        [`PUT /api/transfers/${transferId}`]: json(200, { data: {} }),
      });
      const { dialog, onSaved } = renderForm([CHECKING, SAVINGS, LOAN], incoming);
      const category = dialog.getByLabelText<HTMLSelectElement>(/Count as spending in/);
      await vi.waitFor(() => expect(category.value).toBe(FOOD.id));
      await userEvent.click(dialog.getByRole('button', { name: 'Update Transfer', hidden: true }));
      await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith('Transfer updated successfully!'));
      expect(api.callsTo(`PUT /api/transfers/${transferId}`)[0]!.body).toMatchObject({
        fromAccountId: CHECKING.id,
        toAccountId: LOAN.id,
        categoryId: FOOD.id,
      });
      cleanup();
    }
  });

  it('each row has the register’s cleared toggle; a reconciled row is locked, a closed account’s is read-only', async () => {
    const cleared = row({ status: 'cleared', description: 'Rent' });
    const open = row({ status: 'uncleared', description: 'Lunch' });
    const locked = row({ status: 'reconciled', description: 'Old bill' });
    const CLOSED = { ...SAVINGS, closedAt: '2026-10-01T00:00:00.000Z' };
    const shut = row({ status: 'uncleared', description: 'Shut', accountId: CLOSED.id });
    const api = stubFetch({
      [`PUT /api/transactions/${open.id}/status`]: json(200, { data: { ...open, status: 'cleared' } }),
      [`PUT /api/transactions/${cleared.id}/status`]: json(409, {
        message: 'This transaction is in a finished reconciliation',
        code: 'CONFLICT',
      }),
    });
    const onStatusError = vi.fn();
    renderList([CHECKING, CLOSED], [cleared, open, locked, shut], onStatusError);
    const toggle = (name: string) => screen.getByRole('button', { name: new RegExp(`^Cleared: ${name},`) });
    expect(toggle('Rent')).toHaveAttribute('aria-pressed', 'true');
    expect(toggle('Lunch')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('button', { name: /^Cleared: Old bill/ })).toBeNull();
    expect(screen.getByRole('img', { name: 'Reconciled' })).toBeInTheDocument();
    expect(toggle('Shut')).toBeDisabled();

    await userEvent.click(toggle('Lunch'));
    await vi.waitFor(() => expect(api.callsTo(`PUT /api/transactions/${open.id}/status`)).toHaveLength(1));
    expect(api.callsTo(`PUT /api/transactions/${open.id}/status`)[0]!.body).toEqual({ status: 'cleared' });
    await userEvent.click(toggle('Rent'));
    await vi.waitFor(() =>
      expect(onStatusError).toHaveBeenCalledWith('This transaction is in a finished reconciliation'),
    );
    expect(api.callsTo(`PUT /api/transactions/${cleared.id}/status`)[0]!.body).toEqual({ status: 'uncleared' });
  });

  it('rows name the transfer and their account, in a neutral colour', () => {
    const into = transferOut({ type: 'income', accountId: SAVINGS.id, transferAccountId: CHECKING.id });
    renderList([CHECKING, SAVINGS], [transferOut(), into, row()]);
    const titles = screen.getAllByTestId('transaction-title').map((e) => e.textContent);
    expect(titles.slice(0, 2)).toEqual(['Transfer to Savings', 'Transfer from Checking']);
    expect(screen.getAllByTestId('transaction-account').map((e) => e.textContent)).toEqual([
      'Checking',
      'Savings',
      'Checking',
    ]);
    const amount = screen.getByText('-$200.00');
    expect(amount.className).toContain('text-slate-700');
    expect(amount.className).not.toContain('text-red');
  });
});

describe('the Transactions tab with several accounts', () => {
  function stubTab(rows: Transaction[]) {
    return stubFetch({
      'GET /api/transactions': json(200, {
        data: rows,
        meta: { total: rows.length, nextCursor: null, totalIsLowerBound: false },
      }),
      'GET /api/transactions/summary': json(200, { data: { totalIncome: 0, totalExpense: 4.5, balance: -4.5 } }),
    });
  }

  it('filters by account, and the summary asks for the same account', async () => {
    const api = stubTab([row()]);
    renderWithProviders(<TransactionsTab />, { data: withAccounts([CHECKING, SAVINGS]) });
    await userEvent.selectOptions(await screen.findByLabelText('Account'), SAVINGS.id);
    await vi.waitFor(() =>
      expect(api.callsTo('GET /api/transactions').some((c) => c.query.get('accountId') === SAVINGS.id)).toBe(true),
    );
    await vi.waitFor(() =>
      expect(api.callsTo('GET /api/transactions/summary').some((c) => c.query.get('accountId') === SAVINGS.id)).toBe(
        true,
      ),
    );
  });

  it('has no Account filter with one account', async () => {
    stubTab([row()]);
    renderWithProviders(<TransactionsTab />, { data: withAccounts([CHECKING]) });
    expect(await screen.findAllByTestId('transaction-title')).toHaveLength(1);
    expect(screen.queryByLabelText('Account')).toBeNull();
    expect(screen.queryByTestId('transaction-account')).toBeNull();
  });

  it('deleting a transfer leg can keep it as an expense of a category', async () => {
    const leg = transferOut();
    const api = stubTab([leg]).on(`DELETE /api/transfers/${leg.transferId}`, new Response(null, { status: 204 }));
    renderWithProviders(<TransactionsTab />, { data: withAccounts([CHECKING, SAVINGS]) });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Transfer to Savings' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete Transfer', hidden: true }));
    expect(dialog.getByLabelText<HTMLInputElement>(/Delete both sides/).checked).toBe(true);
    await userEvent.click(dialog.getByLabelText(/Keep this one as an expense/));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete', hidden: true }));
    expect(await dialog.findByText('Please select a category')).toBeInTheDocument();
    await userEvent.selectOptions(dialog.getByLabelText('Category'), FOOD.id);
    await userEvent.click(dialog.getByRole('button', { name: 'Delete', hidden: true }));
    await vi.waitFor(() => expect(api.callsTo(`DELETE /api/transfers/${leg.transferId}`)).toHaveLength(1));
    const call = api.callsTo(`DELETE /api/transfers/${leg.transferId}`)[0]!;
    expect(call.query.get('keep')).toBe('out');
    expect(call.query.get('categoryId')).toBe(FOOD.id);
  });
});
