import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Category, Transaction } from '@ledgerly/shared';
import { queryKeys } from '../../../lib/query-keys';
import { renderWithProviders } from '../../../test/render';
import { TransactionFormDialog } from './transaction-form-dialog';

const FOOD: Category = {
  id: '7d1e6c44-3c55-4b0e-9a0e-2c5f7b6f0a01',
  name: 'Food',
  type: 'expense',
  color: '#ef4444',
  icon: '🍔',
  isDefault: true,
};
const SALARY: Category = {
  id: '7d1e6c44-3c55-4b0e-9a0e-2c5f7b6f0a02',
  name: 'Salary',
  type: 'income',
  color: '#22c55e',
  icon: '💼',
  isDefault: true,
};

function renderDialog(transaction?: Transaction) {
  const onSaved = vi.fn();
  renderWithProviders(<TransactionFormDialog open onClose={() => {}} onSaved={onSaved} transaction={transaction} />, {
    data: [[queryKeys.categories(), [FOOD, SALARY]]],
  });
  const dialog = screen.getByRole('dialog', { hidden: true });
  return { dialog: within(dialog), onSaved };
}

const submit = (d: ReturnType<typeof renderDialog>['dialog'], name = 'Add Transaction') =>
  userEvent.click(d.getByRole('button', { name, hidden: true }));

describe('TransactionFormDialog', () => {
  it('shows the spec messages for a missing category, amount and date', async () => {
    const { dialog, onSaved } = renderDialog();
    await userEvent.clear(dialog.getByLabelText('Date'));
    await submit(dialog);
    expect(await dialog.findByText('Please select a category')).toBeInTheDocument();
    expect(dialog.getByText('Please enter a valid amount')).toBeInTheDocument();
    expect(dialog.getByText('Please select a date')).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('refuses zero, negative and three-decimal amounts', async () => {
    const { dialog } = renderDialog();
    const amount = dialog.getByLabelText('Amount');
    for (const bad of ['0', '-5', '1.234']) {
      await userEvent.clear(amount);
      await userEvent.type(amount, bad);
      await submit(dialog);
      expect(await dialog.findByText('Please enter a valid amount')).toBeInTheDocument();
    }
  });

  it('says the largest amount when the amount is over it', async () => {
    const { dialog } = renderDialog();
    const amount = dialog.getByLabelText('Amount');
    await userEvent.type(amount, '10000000000');
    await submit(dialog);
    expect(await dialog.findByText('The largest amount is 9,999,999,999.99')).toBeInTheDocument();
    expect(dialog.queryByText('Please enter a valid amount')).toBeNull();
    await userEvent.clear(amount);
    await userEvent.type(amount, '9999999999.99');
    await submit(dialog);
    expect(dialog.queryByText('The largest amount is 9,999,999,999.99')).toBeNull();
  });

  it('defaults to an expense dated today and offers only categories of the chosen type', () => {
    const { dialog } = renderDialog();
    expect(dialog.getByRole('button', { name: 'Expense', hidden: true })).toHaveAttribute('aria-pressed', 'true');
    expect(dialog.getByLabelText<HTMLInputElement>('Date').value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const select = dialog.getByLabelText('Category');
    expect(within(select).queryByRole('option', { name: /Food/, hidden: true })).not.toBeNull();
    expect(within(select).queryByRole('option', { name: /Salary/, hidden: true })).toBeNull();
  });

  it('clears the chosen category when the type changes', async () => {
    const { dialog } = renderDialog();
    const select = dialog.getByLabelText<HTMLSelectElement>('Category');
    await userEvent.selectOptions(select, FOOD.id);
    expect(select.value).toBe(FOOD.id);
    await userEvent.click(dialog.getByRole('button', { name: 'Income', hidden: true }));
    expect(select.value).toBe('');
    expect(within(select).queryByRole('option', { name: /Salary/, hidden: true })).not.toBeNull();
    expect(within(select).queryByRole('option', { name: /Food/, hidden: true })).toBeNull();
    await userEvent.type(dialog.getByLabelText('Amount'), '10');
    await submit(dialog);
    expect(await dialog.findByText('Please select a category')).toBeInTheDocument();
  });

  it("names a category of the other type with the spec's mismatch message", async () => {
    // A transaction whose stored category is of the other type (e.g. data changed elsewhere).
    const { dialog } = renderDialog({
      id: '7d1e6c44-3c55-4b0e-9a0e-2c5f7b6f0a99',
      tags: [],
      categoryId: SALARY.id,
      category: SALARY,
      lines: [],
      accountId: '00000000-0000-4000-8000-00000000acc1',
      kind: 'regular',
      status: 'uncleared',
      transferId: null,
      transferAccountId: null,
      amount: 12.5,
      type: 'expense',
      description: 'Odd one',
      date: '2024-01-02',
      receiptUrl: null,
      receiptThumbUrl: null,
      recurringId: null,
      createdAt: '2024-01-02T00:00:00Z',
    });
    await submit(dialog, 'Update Transaction');
    expect(
      await dialog.findByText('Selected category is for income, but transaction type is expense'),
    ).toBeInTheDocument();
  });

  it('counts description characters and refuses non-images and files over 5MB', async () => {
    const { dialog } = renderDialog();
    expect(dialog.getByText('0/255')).toBeInTheDocument();
    await userEvent.type(dialog.getByLabelText('Description (optional)'), 'Lunch');
    expect(dialog.getByText('5/255')).toBeInTheDocument();

    const picker = dialog.getByLabelText('Receipt (optional)');
    // userEvent honours `accept`; this stands for a user who picks "All files".
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(picker, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await dialog.findByText('Please upload a valid image file (JPEG, PNG, GIF, or WebP)')).toBeInTheDocument();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(picker, big);
    expect(await dialog.findByText('File size must be less than 5MB')).toBeInTheDocument();
    expect(dialog.queryByAltText('Receipt preview')).toBeNull();
  });
});
