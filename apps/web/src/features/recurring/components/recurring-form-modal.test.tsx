import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Category, RecurringTransaction } from '@ledgerly/shared';
import { queryKeys } from '../../../lib/query-keys';
import { json, stubFetch, type FetchStub } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { RecurringFormModal } from './recurring-form-modal';
import { CHECKING, accountsLoaded } from '../test-accounts';

const cat = (id: string, name: string, type: Category['type']): Category => ({
  id,
  name,
  type,
  color: '#6366f1',
  icon: '📁',
  isDefault: false,
});
const RENT = cat('00000000-0000-4000-8000-000000000001', 'Housing', 'expense');
const SALARY = cat('00000000-0000-4000-8000-000000000002', 'Salary', 'income');

// Stubbed so no call leaves; each test says what the server answers.
let api: FetchStub;
beforeEach(() => {
  api = stubFetch();
});
/** The calls that write (the form also reads the user's tags for its tag picker). */
const writes = () => api.calls.filter((c) => c.url !== '/api/tags');

function renderModal(item: RecurringTransaction | null = null) {
  const onSaved = vi.fn();
  renderWithProviders(<RecurringFormModal open item={item} today="2026-03-15" onClose={() => {}} onSaved={onSaved} />, {
    // One account: the spec's form (recurring-accounts.test.tsx covers two or more).
    data: [[queryKeys.categories(), [RENT, SALARY]], accountsLoaded([CHECKING])],
  });
  return { onSaved, dialog: screen.getByRole('dialog', { hidden: true }) };
}

describe('RecurringFormModal', () => {
  it('starts a new item as an active monthly expense from today, without the Active checkbox', () => {
    const { dialog } = renderModal();
    const d = within(dialog);
    expect(d.getByRole('heading', { name: 'Create Recurring Transaction', hidden: true })).toBeInTheDocument();
    expect(d.getByRole('button', { name: 'Expense', hidden: true })).toHaveAttribute('aria-pressed', 'true');
    expect(d.getByLabelText('Frequency')).toHaveValue('monthly');
    expect(d.getByLabelText('Start date')).toHaveValue('2026-03-15');
    expect(d.getByLabelText('End date (optional)')).toHaveAttribute('min', '2026-03-15');
    expect(d.queryByLabelText('Active (transactions will be generated automatically)')).toBeNull();
    expect(d.getByRole('button', { name: 'Create', hidden: true })).toBeInTheDocument();
  });

  it('offers only categories of the chosen type and clears the choice when the type switches', async () => {
    const user = userEvent.setup();
    const { dialog } = renderModal();
    const d = within(dialog);
    const select = d.getByLabelText('Category');
    expect(within(select).queryByRole('option', { name: /Salary/, hidden: true })).toBeNull();
    await user.selectOptions(select, RENT.id);
    expect(select).toHaveValue(RENT.id);
    await user.click(d.getByRole('button', { name: 'Income', hidden: true }));
    expect(d.getByLabelText('Category')).toHaveValue('');
    expect(within(d.getByLabelText('Category')).getByRole('option', { name: /Salary/, hidden: true })).toBeTruthy();
    await user.selectOptions(d.getByLabelText('Category'), SALARY.id);
    await user.click(d.getByRole('button', { name: 'Expense', hidden: true }));
    expect(d.getByLabelText('Category')).toHaveValue('');
  });

  it('shows the first problem in the modal and marks its field, sending nothing', async () => {
    const user = userEvent.setup();
    const { dialog } = renderModal();
    const d = within(dialog);
    await user.click(d.getByRole('button', { name: 'Create', hidden: true }));
    expect(d.getByText('Please select a category')).toBeInTheDocument();
    expect(d.getByLabelText('Category')).toHaveAttribute('aria-invalid', 'true');
    await user.selectOptions(d.getByLabelText('Category'), RENT.id);
    await user.click(d.getByRole('button', { name: 'Create', hidden: true }));
    expect(d.getByText('Please enter a valid amount')).toBeInTheDocument();
    expect(d.queryByText('Please select a category')).toBeNull();
    await user.type(d.getByLabelText('Amount'), '950');
    await user.click(d.getByRole('button', { name: 'Create', hidden: true }));
    expect(d.getByText('Please enter a description')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
  });

  it('sends the amount as a number without an empty end date, and keeps the server error in the modal', async () => {
    const user = userEvent.setup();
    const { dialog, onSaved } = renderModal();
    const d = within(dialog);
    await user.selectOptions(d.getByLabelText('Category'), RENT.id);
    await user.type(d.getByLabelText('Amount'), '950.5');
    await user.type(d.getByLabelText('Description'), ' Rent ');
    api.on('POST /api/recurring', json(409, { message: 'Something clashed', code: 'CONFLICT' }));
    await user.click(d.getByRole('button', { name: 'Create', hidden: true }));
    expect(await d.findByText('Something clashed')).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
    const { url, body } = writes()[0]!;
    expect(url).toBe('/api/recurring');
    expect(body).toEqual({
      categoryId: RENT.id,
      type: 'expense',
      amount: 950.5,
      description: 'Rent',
      frequency: 'monthly',
      startDate: '2026-03-15',
      isActive: true,
    });
  });

  it('edits an item with the Active checkbox and says so when saved', async () => {
    const user = userEvent.setup();
    const item: RecurringTransaction = {
      id: '00000000-0000-4000-8000-0000000000aa',
      tags: [],
      lines: [],
      categoryId: SALARY.id,
      category: SALARY,
      accountId: '00000000-0000-4000-8000-00000000acc1',
      toAccountId: null,
      type: 'income',
      amount: 3000,
      description: 'Pay',
      frequency: 'monthly',
      startDate: '2026-01-31',
      endDate: null,
      nextDate: '2026-03-31',
      lastGenerated: '2026-02-28',
      isActive: true,
      skippedDates: [],
    };
    const { dialog, onSaved } = renderModal(item);
    const d = within(dialog);
    expect(d.getByRole('heading', { name: 'Edit Recurring Transaction', hidden: true })).toBeInTheDocument();
    expect(d.getByLabelText('Category')).toHaveValue(SALARY.id);
    const active = d.getByLabelText('Active (transactions will be generated automatically)');
    expect(active).toBeChecked();
    await user.click(active);
    api.on(`PUT /api/recurring/${item.id}`, json(200, { data: { ...item, isActive: false } }));
    await user.click(d.getByRole('button', { name: 'Update', hidden: true }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith('Recurring transaction updated successfully!'));
    const { url, method, body } = writes()[0]!;
    expect(url).toBe(`/api/recurring/${item.id}`);
    expect(method).toBe('PUT');
    expect(body).toMatchObject({ amount: 3000, isActive: false, type: 'income' });
  });
});
