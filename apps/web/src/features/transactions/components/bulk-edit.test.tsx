import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Account, BulkResult, Transaction } from '@ledgerly/shared';
import { queryKeys } from '../../../lib/query-keys';
import { accountsQueryOptions } from '../../accounts/api/use-accounts';
import { renderWithProviders } from '../../../test/render';
import { json, stubFetch } from '../../../test/fetch-stub';
import { bulkResultMessage, markTransferMessage } from '../bulk-selection';
import { CHECKING, FOOD, SALARY, SAVINGS, row } from '../test/accounts-fixtures';
import { TransactionsTab } from './transactions-tab';

const result = (r: Partial<BulkResult>): BulkResult => ({
  action: 'delete',
  matched: 0,
  changed: 0,
  skipped: 0,
  alsoDeleted: 0,
  ...r,
});

function setup(rows: Transaction[], total: number, accounts: Account[] = [CHECKING]) {
  const api = stubFetch({
    'GET /api/transactions': json(200, { data: rows, meta: { total, nextCursor: null, totalIsLowerBound: false } }),
    'GET /api/transactions/summary': json(200, { data: { totalIncome: 0, totalExpense: 1, balance: -1 } }),
    'POST /api/transactions/bulk': ({ body }) => {
      const b = body as { ids?: string[]; action: BulkResult['action'] };
      const n = b.ids ? b.ids.length : total;
      return json(200, { data: result({ action: b.action, matched: n, changed: n }) });
    },
    'POST /api/transactions/bulk/mark-transfer': json(200, { data: { linked: 3, unmatched: 1 } }),
  });
  renderWithProviders(<TransactionsTab />, {
    data: [
      [accountsQueryOptions.queryKey, accounts],
      [queryKeys.categories(), [FOOD, SALARY]],
    ],
  });
  return api;
}

const boxes = () => screen.getAllByRole('checkbox', { name: /^Select / });

describe('bulk edit of the transactions list', () => {
  it('shows no checkboxes until Select is pressed', async () => {
    setup([row(), row()], 2);
    await screen.findAllByTestId('transaction-title');
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Select' }));
    expect(boxes()).toHaveLength(2);
  });

  it('shift-click ticks a range; deleting confirms with the count and sends the ids', async () => {
    const rows = [row(), row(), row(), row(), row()];
    const api = setup(rows, 5);
    await screen.findAllByTestId('transaction-title');
    await userEvent.click(screen.getByRole('button', { name: 'Select' }));
    await userEvent.click(boxes()[1]!);
    const user = userEvent.setup();
    await user.keyboard('{Shift>}');
    await user.click(boxes()[3]!);
    await user.keyboard('{/Shift}');
    expect(boxes().map((b) => (b as HTMLInputElement).checked)).toEqual([false, true, true, true, false]);
    expect(screen.getByRole('heading', { name: '3 selected' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete 3 transactions?', hidden: true }));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete', hidden: true }));
    await vi.waitFor(() => expect(api.callsTo('POST /api/transactions/bulk')).toHaveLength(1));
    expect(api.callsTo('POST /api/transactions/bulk')[0]!.body).toEqual({
      ids: [rows[1]!.id, rows[2]!.id, rows[3]!.id],
      action: 'delete',
    });
    expect(await screen.findByText('3 transactions deleted')).toBeInTheDocument();
  });

  it('"Select all N matching" applies the action to the filter, not to the loaded rows', async () => {
    const api = setup([row(), row()], 240);
    await screen.findAllByTestId('transaction-title');
    await userEvent.click(screen.getByRole('button', { name: 'Select' }));
    await userEvent.click(screen.getByRole('button', { name: 'Select all 240 matching' }));
    expect(screen.getByRole('heading', { name: '240 selected' })).toBeInTheDocument();
    expect(boxes().every((b) => (b as HTMLInputElement).checked)).toBe(true);
    await userEvent.selectOptions(screen.getByLabelText('Category for the selected transactions'), FOOD.id);
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await vi.waitFor(() => expect(api.callsTo('POST /api/transactions/bulk')).toHaveLength(1));
    const body = api.callsTo('POST /api/transactions/bulk')[0]!.body as { filter: Record<string, string> };
    expect(body).toMatchObject({ action: 'category', categoryId: FOOD.id });
    expect(body.filter.startDate).toMatch(/^\d{4}-\d{2}-01$/);
    expect(body).not.toHaveProperty('ids');
    expect(await screen.findByText('Category set on 240 transactions')).toBeInTheDocument();
  });

  it('"Mark as transfer" appears with several accounts and reports what it linked', async () => {
    const rows = [row(), row({ accountId: SAVINGS.id, type: 'income' })];
    const api = setup(rows, 2, [CHECKING, SAVINGS]);
    await screen.findAllByTestId('transaction-title');
    await userEvent.click(screen.getByRole('button', { name: 'Select' }));
    for (const box of boxes()) await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Mark as transfer' }));
    expect(await screen.findByText('3 linked, 1 had no matching transaction in another account')).toBeInTheDocument();
    expect(api.callsTo('POST /api/transactions/bulk/mark-transfer')[0]!.body).toEqual({ ids: rows.map((r) => r.id) });
  });

  it('has no "Mark as transfer" with one account, and actions wait for a selection', async () => {
    setup([row()], 1);
    await screen.findAllByTestId('transaction-title');
    await userEvent.click(screen.getByRole('button', { name: 'Select' }));
    expect(screen.queryByRole('button', { name: 'Mark as transfer' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Mark cleared' })).toBeDisabled();
  });
});

describe('bulk messages', () => {
  it('say what was done and what was skipped', () => {
    expect(bulkResultMessage(result({ action: 'cleared', matched: 1, changed: 1 }))).toBe(
      '1 transaction marked cleared',
    );
    expect(bulkResultMessage(result({ action: 'delete', matched: 5, changed: 4, skipped: 1, alsoDeleted: 2 }))).toBe(
      '4 transactions deleted, with the other 2 sides of their transfers, 1 skipped (reconciled or in a closed account)',
    );
    expect(markTransferMessage(2, 0)).toBe('2 linked');
  });
});
