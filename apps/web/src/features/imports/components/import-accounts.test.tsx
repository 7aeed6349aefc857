import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import type { Account, ImportBatch } from '@ledgerly/shared';
import { MATCH_MSG, formatMoney } from '@ledgerly/shared';
import { ImportAccountPicker } from './import-account-picker';
import { ImportOutcome } from './import-outcome';

const money = (n: number) => formatMoney(n, 'USD');

const account = (id: string, name: string): Account =>
  ({ id, name, kind: 'checking', closedAt: null }) as unknown as Account;

const batch = (over: Partial<ImportBatch>): ImportBatch =>
  ({
    id: 'b1',
    fileName: 'statement.ofx',
    format: 'ofx',
    status: 'preview',
    createdAt: '2026-10-01T00:00:00Z',
    options: {},
    needsReview: [],
    summary: {},
    accountId: null,
    suggestedAccountId: null,
    statementAccounts: [],
    ...over,
  }) as ImportBatch;

describe('ImportAccountPicker', () => {
  it('is not shown to a user with one account', () => {
    const { container } = render(
      <ImportAccountPicker
        batch={batch({ accountId: 'a' })}
        accounts={[account('a', 'Main account')]}
        busy={false}
        onAccount={vi.fn()}
        onStatementAccount={vi.fn()}
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('with two accounts and none chosen says why Import waits, and chooses one', () => {
    const onAccount = vi.fn();
    render(
      <ImportAccountPicker
        batch={batch({ needsReview: ['account'] })}
        accounts={[account('a', 'Checking'), account('b', 'Savings')]}
        busy={false}
        onAccount={onAccount}
        onStatementAccount={vi.fn()}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(MATCH_MSG.chooseAccount);
    const select = screen.getByLabelText('Account');
    expect(select).toHaveValue('');
    fireEvent.change(select, { target: { value: 'b' } });
    expect(onAccount).toHaveBeenCalledWith('b');
  });

  it('preselects the account recognised from the file', () => {
    render(
      <ImportAccountPicker
        batch={batch({ accountId: 'b', suggestedAccountId: 'b' })}
        accounts={[account('a', 'Checking'), account('b', 'Savings')]}
        busy={false}
        onAccount={vi.fn()}
        onStatementAccount={vi.fn()}
      />,
    );
    expect(screen.getByLabelText('Account')).toHaveValue('b');
    expect(screen.getByRole('option', { name: 'Savings (recognised from the file)' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('ImportOutcome', () => {
  it('says the closing balance matches, and how many transfers were linked', () => {
    render(
      <ImportOutcome
        batch={batch({
          status: 'committed',
          balanceCheck: { date: '2026-09-30', statementBalance: 6085.72, ledgerBalance: 6085.72, matches: true },
          transfers: { linked: 4, suggested: 1 },
        })}
        money={money}
      />,
    );
    expect(screen.getByText("Matches your bank's closing balance of $6,085.72 on Sep 30, 2026")).toBeInTheDocument();
    expect(screen.getByText('4 transfers linked, 1 possible transfer to review')).toBeInTheDocument();
  });

  it('says by how much it differs', () => {
    render(
      <ImportOutcome
        batch={batch({
          status: 'committed',
          balanceCheck: { date: '2026-09-30', statementBalance: 70, ledgerBalance: 79, matches: false },
        })}
        money={money}
      />,
    );
    expect(screen.getByTestId('import-outcome')).toHaveTextContent(
      /^Differs by \$9\.00 from your bank's closing balance of \$70\.00/,
    );
  });
});
