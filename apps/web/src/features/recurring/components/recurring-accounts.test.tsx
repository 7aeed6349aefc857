import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { shownCategory, type Account, type Category, type RecurringTransaction } from '@ledgerly/shared';
import { EMOJI_SVG } from '../../../components/ui/emoji-assets';
import { queryKeys } from '../../../lib/query-keys';
import { json, stubFetch, type FetchStub } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { CARD, CHECKING, SAVINGS, accountsLoaded, testAccount } from '../test-accounts';
import { RecurringCard } from './recurring-card';
import { RecurringFormModal } from './recurring-form-modal';
import { billsDue } from './upcoming-bills';

const RENT: Category = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Housing',
  type: 'expense',
  color: '#6366f1',
  icon: '🏠',
  isDefault: false,
};
const SETTINGS = { firstName: '', lastName: '', currency: 'EUR' };

const item = (over: Partial<RecurringTransaction> = {}): RecurringTransaction => ({
  id: '00000000-0000-4000-8000-0000000000aa',
  tags: [],
  lines: [],
  categoryId: RENT.id,
  category: RENT,
  accountId: CHECKING.id,
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
  ...over,
});
const TRANSFER = item({
  categoryId: null,
  category: null,
  toAccountId: SAVINGS.id,
  amount: 200,
  description: 'Save',
});

let api: FetchStub;
beforeEach(() => {
  api = stubFetch();
});

function renderModal(accounts: Account[], edited: RecurringTransaction | null = null) {
  const onSaved = vi.fn();
  renderWithProviders(
    <RecurringFormModal open item={edited} today="2026-03-15" onClose={() => {}} onSaved={onSaved} />,
    { data: [[queryKeys.categories(), [RENT]], accountsLoaded(accounts)] },
  );
  return { onSaved, d: within(screen.getByRole('dialog', { hidden: true })) };
}

const typeButtons = (d: ReturnType<typeof within>) =>
  d.getByRole('group', { name: 'Type', hidden: true }).querySelectorAll('button');

describe('RecurringFormModal with accounts', () => {
  it('with one account shows the spec form: no account picker, no Transfer', () => {
    const { d } = renderModal([CHECKING]);
    expect([...typeButtons(d)].map((b) => b.textContent)).toEqual(['Expense', 'Income']);
    expect(d.queryByLabelText('Account')).toBeNull();
    expect(d.queryByLabelText('From')).toBeNull();
  });

  it('a closed second account does not count: still the spec form', () => {
    const { d } = renderModal([CHECKING, testAccount(SAVINGS.id, 'Old savings', { closedAt: '2026-01-01T00:00:00Z' })]);
    expect(d.queryByRole('button', { name: 'Transfer', hidden: true })).toBeNull();
    expect(d.queryByLabelText('Account')).toBeNull();
  });

  it('with two open accounts offers an Account picker on the default account, and Transfer', async () => {
    const user = userEvent.setup();
    const { d } = renderModal([SAVINGS, CHECKING]);
    expect([...typeButtons(d)].map((b) => b.textContent)).toEqual(['Expense', 'Income', 'Transfer']);
    const picker = d.getByLabelText('Account');
    expect(picker).toHaveValue(CHECKING.id);
    expect(
      within(picker)
        .getAllByRole('option', { hidden: true })
        .map((o) => o.textContent),
    ).toEqual(['Savings', 'Checking']);
    // An expense into the picked account posts its id with the category.
    await user.selectOptions(picker, SAVINGS.id);
    await user.selectOptions(d.getByLabelText('Category'), RENT.id);
    await user.type(d.getByLabelText('Amount'), '12');
    await user.type(d.getByLabelText('Description'), 'Fees');
    api.on('POST /api/recurring', json(201, { data: item() }));
    await user.click(d.getByRole('button', { name: 'Create', hidden: true }));
    await vi.waitFor(() => expect(api.callsTo('POST /api/recurring')).toHaveLength(1));
    expect(api.callsTo('POST /api/recurring')[0]!.body).toEqual({
      categoryId: RENT.id,
      type: 'expense',
      amount: 12,
      description: 'Fees',
      frequency: 'monthly',
      startDate: '2026-03-15',
      isActive: true,
      accountId: SAVINGS.id,
    });
  });

  it('a Transfer has From and To instead of a category and posts toAccountId', async () => {
    const user = userEvent.setup();
    const { d, onSaved } = renderModal([CHECKING, SAVINGS, CARD]);
    await user.click(d.getByRole('button', { name: 'Transfer', hidden: true }));
    expect(d.queryByLabelText('Category')).toBeNull();
    expect(d.queryByLabelText('Account')).toBeNull();
    expect(d.getByLabelText('From')).toHaveValue(CHECKING.id);
    // Starts towards the first other open account.
    expect(d.getByLabelText('To')).toHaveValue(SAVINGS.id);
    await user.selectOptions(d.getByLabelText('To'), CARD.id);
    await user.type(d.getByLabelText('Amount'), '300');
    await user.type(d.getByLabelText('Description'), 'Card payment');
    await user.selectOptions(d.getByLabelText('Frequency'), 'weekly');
    api.on('POST /api/recurring', json(201, { data: TRANSFER }));
    await user.click(d.getByRole('button', { name: 'Create', hidden: true }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith('Recurring transaction created successfully!'));
    expect(api.callsTo('POST /api/recurring')[0]!.body).toEqual({
      toAccountId: CARD.id,
      accountId: CHECKING.id,
      amount: 300,
      description: 'Card payment',
      frequency: 'weekly',
      startDate: '2026-03-15',
      isActive: true,
    });
  });

  it('choosing the destination as the source swaps them; the same account in To is refused', async () => {
    const user = userEvent.setup();
    const { d } = renderModal([CHECKING, SAVINGS]);
    await user.click(d.getByRole('button', { name: 'Transfer', hidden: true }));
    await user.selectOptions(d.getByLabelText('From'), SAVINGS.id);
    expect(d.getByLabelText('To')).toHaveValue(CHECKING.id);
    await user.selectOptions(d.getByLabelText('To'), SAVINGS.id);
    await user.type(d.getByLabelText('Amount'), '5');
    await user.type(d.getByLabelText('Description'), 'x');
    await user.click(d.getByRole('button', { name: 'Create', hidden: true }));
    expect(d.getByText('A transfer needs two different accounts')).toBeInTheDocument();
    expect(d.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /api/recurring')).toHaveLength(0);
  });

  it('editing a transfer keeps its type and accounts and sends them again', async () => {
    const user = userEvent.setup();
    const { d, onSaved } = renderModal([CHECKING, SAVINGS], TRANSFER);
    expect(d.getByRole('button', { name: 'Transfer', hidden: true })).toHaveAttribute('aria-pressed', 'true');
    expect(d.getByLabelText('From')).toHaveValue(CHECKING.id);
    expect(d.getByLabelText('To')).toHaveValue(SAVINGS.id);
    await user.clear(d.getByLabelText('Amount'));
    await user.type(d.getByLabelText('Amount'), '250');
    api.on(`PUT /api/recurring/${TRANSFER.id}`, json(200, { data: { ...TRANSFER, amount: 250 } }));
    await user.click(d.getByRole('button', { name: 'Update', hidden: true }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith('Recurring transaction updated successfully!'));
    const { body } = api.callsTo(`PUT /api/recurring/${TRANSFER.id}`)[0]!;
    expect(body).toMatchObject({ accountId: CHECKING.id, toAccountId: SAVINGS.id, amount: 250 });
    expect(body).not.toHaveProperty('categoryId');
  });
});

function renderCard(shown: RecurringTransaction, accounts: Account[]) {
  const noop = () => {};
  renderWithProviders(
    <RecurringCard item={shown} today="2026-03-15" onGenerate={noop} onEdit={noop} onDelete={noop} />,
    { data: [[queryKeys.settings, SETTINGS], accountsLoaded(accounts)] },
  );
  return within(screen.getByRole('article', { name: shown.description }));
}

describe('RecurringCard with accounts', () => {
  it('with one account names no account', () => {
    const card = renderCard(item(), [CHECKING]);
    expect(card.getByText('Housing')).toBeInTheDocument();
    expect(card.queryByTestId('recurring-account')).toBeNull();
    expect(card.queryByText(/Checking/)).toBeNull();
  });

  it('with two accounts names the account beside the category', () => {
    const card = renderCard(item({ accountId: SAVINGS.id }), [CHECKING, SAVINGS]);
    expect(card.getByText('Housing')).toBeInTheDocument();
    expect(card.getByTestId('recurring-account')).toHaveTextContent('Savings');
    expect(card.getByText('-€1,250.00')).toHaveClass('text-red-700');
  });

  it('shows a transfer as "Checking → Savings" with the transfer icon and a neutral amount', () => {
    const card = renderCard(TRANSFER, [CHECKING, SAVINGS]);
    expect(card.getByText('Checking → Savings')).toBeInTheDocument();
    expect(card.getByText('Transfer from Checking to Savings')).toHaveClass('sr-only');
    expect(card.queryByText('Housing')).toBeNull();
    expect(card.queryByTestId('recurring-account')).toBeNull();
    // The neutral transfer icon and colour the rows of a transfer have (shownCategory).
    const icon = screen.getByRole('article').querySelector('img');
    expect(icon).toHaveAttribute('src', EMOJI_SVG[shownCategory({ category: null, kind: 'transfer' }).icon]);
    const amount = card.getByText('€200.00');
    expect(amount).not.toHaveClass('text-red-700');
    expect(amount).not.toHaveClass('text-green-700');
  });

  it('names a transfer into a closed account too', () => {
    const closed = testAccount(SAVINGS.id, 'Old savings', { closedAt: '2026-02-01T00:00:00Z' });
    const card = renderCard(TRANSFER, [CHECKING, closed]);
    expect(card.getByText('Checking → Old savings')).toBeInTheDocument();
  });
});

describe('billsDue', () => {
  it('leaves recurring transfers out: a transfer is never a bill', () => {
    const base = { recurringId: 'r', date: '2026-03-16', description: 'x', amount: 10, type: 'expense' as const };
    const rent = { ...base, description: 'Rent', category: RENT };
    const save = { ...base, description: 'Save', category: shownCategory({ category: null, kind: 'transfer' }) };
    expect(billsDue([rent, save], '2026-03-15').map((o) => o.description)).toEqual(['Rent']);
  });
});
