import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BudgetStatusItem, Category } from '@ledgerly/shared';
import { ApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { renderWithProviders } from '../../../test/render';
import type { BudgetPayload } from '../api/create-budget';
import { BudgetForm } from './budget-form';

const FOOD = '11111111-1111-4111-8111-111111111111';
const CATEGORIES: Category[] = [
  { id: FOOD, name: 'Food', type: 'expense', color: '#ef4444', icon: '🍔', isDefault: false },
  {
    id: '22222222-2222-4222-8222-222222222222',
    name: 'Salary',
    type: 'income',
    color: '#22c55e',
    icon: '💰',
    isDefault: false,
  },
];

let monthlyBudgets: BudgetStatusItem[] = [];

const setup = (props: Partial<Parameters<typeof BudgetForm>[0]> = {}) => {
  const onSubmit = vi.fn<(p: BudgetPayload) => Promise<void>>().mockResolvedValue(undefined);
  renderWithProviders(<BudgetForm onSubmit={onSubmit} onCancel={() => {}} {...props} />, {
    data: [
      [queryKeys.categories(), CATEGORIES],
      [[...queryKeys.budgets, 'status', 'monthly'], monthlyBudgets],
      [[...queryKeys.budgets, 'status', 'yearly'], []],
    ],
  });
  return { onSubmit, user: userEvent.setup() };
};

describe('BudgetForm', () => {
  it('offers expense categories only and defaults to monthly', () => {
    setup();
    const select = screen.getByLabelText('Category');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a category', '🍔 Food']);
    expect(screen.getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Budget Amount')).toHaveAttribute('step', '0.01');
    expect(screen.getByLabelText('Budget Amount')).toHaveAttribute('min', '0.01');
  });

  it('asks for a category, then for a valid amount', async () => {
    const { onSubmit, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Create Budget' }));
    expect(await screen.findByText('Please select a category')).toBeVisible();
    await user.selectOptions(screen.getByLabelText('Category'), FOOD);
    await user.type(screen.getByLabelText('Budget Amount'), '0');
    await user.click(screen.getByRole('button', { name: 'Create Budget' }));
    expect(await screen.findByText('Please enter a valid amount')).toBeVisible();
    expect(screen.queryByText('Please select a category')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the amount as a number and the chosen period', async () => {
    const { onSubmit, user } = setup();
    await user.selectOptions(screen.getByLabelText('Category'), FOOD);
    await user.type(screen.getByLabelText('Budget Amount'), '250.75');
    await user.click(screen.getByRole('button', { name: 'Yearly' }));
    await user.click(screen.getByRole('button', { name: 'Create Budget' }));
    expect(onSubmit).toHaveBeenCalledWith({ categoryId: FOOD, amount: 250.75, period: 'yearly', rollover: false });
  });

  it('shows Saving... while busy, then the server message inside the form', async () => {
    let reject: (e: unknown) => void = () => {};
    const onSubmit = vi.fn(() => new Promise<void>((_, r) => (reject = r)));
    const { user } = setup({ onSubmit });
    await user.selectOptions(screen.getByLabelText('Category'), FOOD);
    await user.type(screen.getByLabelText('Budget Amount'), '10');
    await user.click(screen.getByRole('button', { name: 'Create Budget' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    reject(new ApiError('A monthly budget for this category already exists', 409, 'DUPLICATE'));
    expect(await screen.findByRole('alert')).toHaveTextContent('A monthly budget for this category already exists');
    expect(screen.getByRole('button', { name: 'Create Budget' })).toBeEnabled();
  });

  it("falls back to 'Failed to save budget'", async () => {
    const { user } = setup({ onSubmit: vi.fn().mockRejectedValue(new Error('')) });
    await user.selectOptions(screen.getByLabelText('Category'), FOOD);
    await user.type(screen.getByLabelText('Budget Amount'), '10');
    await user.click(screen.getByRole('button', { name: 'Create Budget' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save budget');
  });

  it('does not offer a category that already has a budget for the chosen period', async () => {
    monthlyBudgets = [
      {
        id: '44444444-4444-4444-8444-444444444444',
        category: { id: FOOD, name: 'Food', icon: '🍔', color: '#ef4444' },
        period: 'monthly',
        budgetAmount: 100,
        rollover: false,
        carriedOver: 0,
        availableAmount: 100,
        spentAmount: 0,
        percentage: 0,
        remaining: 100,
        status: 'safe',
      },
    ];
    try {
      const { user } = setup();
      const select = screen.getByLabelText('Category');
      const offered = () =>
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent);
      expect(offered()).toEqual(['Select a category']);
      expect(select).toHaveAccessibleDescription('Every expense category already has a monthly budget.');
      await user.click(screen.getByRole('button', { name: 'Yearly' }));
      expect(offered()).toEqual(['Select a category', '🍔 Food']);
      await user.selectOptions(select, FOOD);
      // Back to monthly, the pick is taken there: it is cleared rather than sent to a 409.
      await user.click(screen.getByRole('button', { name: 'Monthly' }));
      expect(select).toHaveValue('');
    } finally {
      monthlyBudgets = [];
    }
  });

  it('locks the category when editing and still sends it', async () => {
    const budget: BudgetStatusItem = {
      id: '33333333-3333-4333-8333-333333333333',
      category: { id: FOOD, name: 'Food', icon: '🍔', color: '#ef4444' },
      period: 'yearly',
      budgetAmount: 1200,
      rollover: true,
      carriedOver: 0,
      availableAmount: 1200,
      spentAmount: 0,
      percentage: 0,
      remaining: 1200,
      status: 'safe',
    };
    const { onSubmit, user } = setup({ budget });
    const select = screen.getByLabelText('Category');
    expect(select).toBeDisabled();
    expect(select).toHaveValue(FOOD);
    expect(select).toHaveAccessibleDescription('Category cannot be changed');
    expect(screen.getByLabelText('Budget Amount')).toHaveValue(1200);
    expect(screen.getByRole('button', { name: 'Yearly' })).toHaveAttribute('aria-pressed', 'true');
    await user.clear(screen.getByLabelText('Budget Amount'));
    await user.type(screen.getByLabelText('Budget Amount'), '99.5');
    await user.click(screen.getByRole('button', { name: 'Update Budget' }));
    expect(onSubmit).toHaveBeenCalledWith({ categoryId: FOOD, amount: 99.5, period: 'yearly', rollover: true });
  });
});
