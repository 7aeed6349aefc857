import { describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ImportBatch } from '@ledgerly/shared';
import { IMPORT_MSG } from '@ledgerly/shared';
import { ImportCurrencyNotice } from './import-currency-notice';

const batch = (currency: ImportBatch['currency']): ImportBatch =>
  ({ id: 'b1', status: 'preview', options: {}, needsReview: [], summary: {}, currency }) as unknown as ImportBatch;

const show = (b: ImportBatch, onAccount = vi.fn()) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ImportCurrencyNotice batch={b} busy={false} onAccount={onAccount} />
    </QueryClientProvider>,
  );

describe('ImportCurrencyNotice', () => {
  it('says nothing when the currencies agree or the file states none', () => {
    const same = show(batch({ statement: 'CAD', account: 'CAD', matches: true, message: null, accounts: [] }));
    expect(same.container).toBeEmptyDOMElement();
    same.unmount();
    const none = show(batch({ statement: null, account: 'USD', matches: true, message: null, accounts: [] }));
    expect(none.container).toBeEmptyDOMElement();
  });

  it('names both currencies and offers the accounts in the statement’s currency or a new one', () => {
    const onAccount = vi.fn();
    const message = IMPORT_MSG.currencyMismatch('CAD', 'Main account', 'USD');
    show(
      batch({ statement: 'CAD', account: 'USD', matches: false, message, accounts: [{ id: 'c1', name: 'Canada' }] }),
      onAccount,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    fireEvent.click(screen.getByRole('button', { name: 'Import into Canada' }));
    expect(onAccount).toHaveBeenCalledWith('c1');
    expect(screen.getByRole('button', { name: 'Create an account in CAD' })).toBeEnabled();
  });
});
