import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { Account, ImportBatch } from '@ledgerly/shared';
import { accountsQueryOptions } from '../../accounts/api/get-accounts';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { ImportWizard } from './import-wizard';

const account = (id: string, name: string): Account =>
  ({ id, name, kind: 'checking', closedAt: null, isDefault: id === 'a' }) as unknown as Account;

const preview: ImportBatch = {
  id: 'b1',
  fileName: 'statement.csv',
  format: 'csv',
  status: 'preview',
  createdAt: '2026-10-01T00:00:00Z',
  options: {},
  needsReview: ['account'],
  summary: {
    rows: 1,
    total: -3.5,
    income: 0,
    expense: 3.5,
    incomeCount: 0,
    expenseCount: 1,
    earliest: '2026-09-30',
    latest: '2026-09-30',
    new: 1,
    duplicates: 0,
    possibleDuplicates: 0,
    errors: 0,
    skipped: 0,
    linked: 0,
    toImport: 1,
    imported: 0,
  },
  accountId: null,
  suggestedAccountId: null,
  statementAccounts: [],
  rows: [],
} as unknown as ImportBatch;

describe('the import wizard’s accounts', () => {
  it('come from the app’s one accounts query: an account added elsewhere is offered at once', async () => {
    const api = stubFetch({
      'POST /api/imports': json(201, { data: preview }),
      'GET /api/imports/b1': json(200, { data: preview }),
      'GET /api/imports': json(200, { data: [] }),
      'GET /api/categories': json(200, { data: [] }),
    });
    const { client, container } = renderWithProviders(<ImportWizard open onClose={vi.fn()} onDone={vi.fn()} />, {
      data: [[accountsQueryOptions.queryKey, [account('a', 'Checking'), account('b', 'Savings')]]],
    });
    const input = container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File(['Date,Amount\n'], 'statement.csv')] } });

    const picker = await screen.findByLabelText('Account');
    const names = () =>
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(names()).toEqual(expect.arrayContaining(['Checking', 'Savings']));
    expect(names()).not.toContain('Card');

    // The Accounts tab (or the transaction form) adds one: the same cache entry, so it shows here.
    act(() => {
      client.setQueryData(accountsQueryOptions.queryKey, [
        account('a', 'Checking'),
        account('b', 'Savings'),
        account('c', 'Card'),
      ]);
    });
    expect(await screen.findByRole('option', { name: 'Card' })).toBeInTheDocument();
    // No list of its own: the wizard never asked the server for the accounts.
    expect(api.callsTo('GET /api/accounts')).toEqual([]);
  });
});
