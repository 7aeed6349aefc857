import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { FileCategoriesOffer } from './file-categories-offer';

describe('the file’s own categories (issue 6/6 item 6)', () => {
  const names = [
    { name: 'Groceries', type: 'expense' as const, rows: 3 },
    { name: 'Salary', type: 'income' as const, rows: 1 },
  ];

  it('offers each name with its row count, and all at once', () => {
    const onCreate = vi.fn();
    render(<FileCategoriesOffer names={names} busy={false} onCreate={onCreate} />);
    expect(screen.getByRole('heading', { name: 'This file has categories you don’t have' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create income category Salary (1 row)' }));
    expect(onCreate).toHaveBeenLastCalledWith([{ name: 'Salary', type: 'income' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Create all 2 categories' }));
    expect(onCreate).toHaveBeenLastCalledWith([
      { name: 'Groceries', type: 'expense' },
      { name: 'Salary', type: 'income' },
    ]);
    expect(screen.getByRole('button', { name: 'Create expense category Groceries (3 rows)' })).toBeTruthy();
  });

  it('says it in the singular for one name, without "Create all"', () => {
    render(<FileCategoriesOffer names={names.slice(0, 1)} busy onCreate={vi.fn()} />);
    expect(screen.getByRole('heading', { name: 'This file has a category you don’t have' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Create all/ })).toBeNull();
    expect(screen.getByRole('button', { name: /Groceries/ }).hasAttribute('disabled')).toBe(true);
  });
});
