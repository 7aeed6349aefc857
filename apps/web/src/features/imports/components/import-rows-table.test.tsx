import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { Category, ImportRow, ImportSummary } from '@ledgerly/shared';
import { ImportRowsTable } from './import-rows-table';
import { importLabel, summaryText, undoQuestion } from './import-wizard';
import { rowText } from '../lib/row-text';

const rent: Category = {
  id: '7d1e6c44-3c55-4b0e-9a0e-2c5f7b6f0a01',
  name: 'Rent',
  type: 'expense',
  color: '#ef4444',
  icon: '🏠',
  isDefault: false,
};

const rows: ImportRow[] = [
  {
    index: 0,
    date: '2024-03-02',
    amount: -1450,
    description: 'OAK PROPERTIES RENT',
    payee: 'OAK PROPERTIES',
    status: 'possible-duplicate',
    message: 'A transaction of the same amount exists on 2024-03-01',
    categoryId: rent.id,
    suggestedBy: 'history',
    include: false,
    match: { id: 'b7a1c2d3-0000-4000-8000-000000000001', date: '2024-03-01', description: 'Rent March', amount: -1450 },
  },
  {
    index: 1,
    date: '2024-03-05',
    amount: -14.5,
    description: 'Bakery',
    status: 'new',
    categoryId: rent.id,
    include: true,
  },
];

function setWidth(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

afterEach(() => vi.unstubAllGlobals());

function draw() {
  const handlers = { onCategory: vi.fn(), onSkip: vi.fn(), onSameAs: vi.fn() };
  render(
    <ImportRowsTable
      rows={rows}
      categories={[rent]}
      money={(n) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2 })}`}
      busy={false}
      {...handlers}
    />,
  );
  return handlers;
}

describe('the import preview (issue 6/6 items 1 and 5)', () => {
  it('on a phone, shows each row as a card with its amount, date and category', () => {
    setWidth(false);
    draw();
    const cards = screen.getAllByTestId('import-card');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByText('-$1,450.00')).toBeTruthy();
    expect(first.getByText('Mar 2, 2024')).toBeTruthy();
    expect(first.getByLabelText('Category for row 1: OAK PROPERTIES RENT')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('on a desktop, is a table whose last column is Category', () => {
    setWidth(true);
    draw();
    const headers = within(screen.getByRole('table')).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Import', 'Date', 'Description', 'Amount', 'Category']);
    expect(screen.queryByTestId('import-cards')).toBeNull();
  });

  it('leaves a possible duplicate unticked and offers "Same as …" with the existing entry', () => {
    setWidth(true);
    const { onSameAs, onSkip } = draw();
    const box = screen.getByLabelText<HTMLInputElement>('Import row 1: OAK PROPERTIES RENT');
    expect(box.checked).toBe(false);
    expect(screen.getByLabelText<HTMLInputElement>('Import row 2: Bakery').checked).toBe(true);
    expect(
      screen.getByText(/Possibly “Rent March” of Mar 1, 2024 \(-\$1,450\.00\)\. Not imported unless ticked\./),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Same as “Rent March”' }));
    expect(onSameAs).toHaveBeenCalledWith(rows[0], true);
    fireEvent.click(box);
    expect(onSkip).toHaveBeenCalledWith(rows[0], false);
  });

  it('says the payee once and keeps the rest as the note', () => {
    setWidth(true);
    draw();
    expect(screen.getByText('OAK PROPERTIES')).toBeTruthy();
    expect(screen.getByText('RENT')).toBeTruthy();
    expect(screen.queryByText(/OAK PROPERTIES — OAK PROPERTIES/)).toBeNull();
    expect(rowText({ payee: 'Insurance & Co', description: 'Policy 1' })).toEqual({
      payee: 'Insurance & Co',
      note: 'Policy 1',
    });
    expect(rowText({ payee: 'ACME Ltd', description: 'acme' })).toEqual({ payee: 'ACME Ltd', note: '' });
    expect(rowText({ description: 'Coffee' })).toEqual({ payee: 'Coffee', note: '' });
  });
});

describe('counts as the app writes them (issue 6/6 items 5 and 6)', () => {
  const summary: ImportSummary = {
    rows: 3,
    total: -10,
    income: 0,
    expense: 10,
    incomeCount: 0,
    expenseCount: 3,
    earliest: '2024-03-01',
    latest: '2024-03-02',
    new: 1,
    duplicates: 1,
    possibleDuplicates: 1,
    errors: 0,
    skipped: 1,
    linked: 0,
    toImport: 1,
    imported: 0,
  };
  it('uses the singular for one', () => {
    expect(importLabel(1)).toBe('Import 1 transaction');
    expect(importLabel(1450)).toBe('Import 1,450 transactions');
    expect(undoQuestion(143)).toBe('Undo import of 143 transactions?');
    expect(undoQuestion(1)).toBe('Undo import of 1 transaction?');
    expect(summaryText(summary, (n) => `$${n}`)).toBe(
      '1 new, 1 duplicate, 1 possible duplicate, 0 errors, 1 skipped, income $0, expense $10',
    );
  });
});
