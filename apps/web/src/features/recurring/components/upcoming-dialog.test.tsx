import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { RecurringTransaction, UpcomingOccurrence } from '@ledgerly/shared';
import { queryKeys } from '../../../lib/query-keys';
import { stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { CHECKING, SAVINGS, accountsLoaded } from '../test-accounts';
import { UpcomingDialog } from './upcoming-dialog';

const SETTINGS = { firstName: '', lastName: '', currency: 'USD' };
const GYM_ID = '00000000-0000-4000-8000-0000000000a1';
const SAVE_ID = '00000000-0000-4000-8000-0000000000a2';

const item = (over: Partial<RecurringTransaction>): RecurringTransaction => ({
  id: GYM_ID,
  tags: [],
  lines: [],
  categoryId: null,
  category: null,
  accountId: CHECKING.id,
  toAccountId: null,
  type: 'expense',
  amount: 9,
  description: 'Gym',
  frequency: 'monthly',
  startDate: '2026-03-01',
  endDate: null,
  nextDate: '2026-03-20',
  lastGenerated: null,
  isActive: true,
  skippedDates: [],
  ...over,
});
const SAVE = item({ id: SAVE_ID, toAccountId: SAVINGS.id, amount: 50, description: 'Save' });

// As GET /recurring/upcoming answers: a transfer's occurrence carries the shown 'Transfer' category.
const occurrences: UpcomingOccurrence[] = [
  {
    recurringId: GYM_ID,
    date: '2026-03-20',
    description: 'Gym',
    amount: 9,
    type: 'expense',
    category: { id: 'c1', name: 'Health', icon: '💪', color: '#22c55e' },
  },
  {
    recurringId: SAVE_ID,
    date: '2026-03-20',
    description: 'Save',
    amount: 50,
    type: 'expense',
    category: { id: '', name: 'Transfer', icon: '🔁', color: '#64748b' },
  },
];

function renderDialog(items: RecurringTransaction[]) {
  stubFetch();
  renderWithProviders(
    <UpcomingDialog
      open
      onClose={() => {}}
      occurrences={occurrences}
      skipped={[]}
      failed={false}
      today="2026-03-15"
      items={items}
    />,
    { data: [[queryKeys.settings, SETTINGS], accountsLoaded([CHECKING, SAVINGS])] },
  );
  const rows = within(screen.getByRole('list', { name: /^Due /, hidden: true })).getAllByRole('listitem', {
    hidden: true,
  });
  return {
    gym: rows.find((r) => r.textContent.includes('Gym'))!,
    save: rows.find((r) => r.textContent.includes('Save'))!,
  };
}

describe('UpcomingDialog', () => {
  it('shows a recurring transfer as a transfer: its route and a neutral amount, not a red minus', () => {
    const { gym, save } = renderDialog([item({}), SAVE]);
    expect(within(save).getByTestId('upcoming-route')).toHaveTextContent('Transfer from Checking to Savings');
    expect(within(save).getByText('Checking → Savings')).toBeInTheDocument();
    const amount = within(save).getByText('$50.00');
    expect(amount.className).not.toContain('text-red');
    expect(amount.className).toContain('text-slate-900');
    expect(save.textContent).not.toContain('-$50.00');
    // An expense stays an expense.
    const spent = within(gym).getByText('-$9.00');
    expect(spent.className).toContain('text-red-700');
    expect(within(gym).queryByTestId('upcoming-route')).toBeNull();
    expect(gym).toHaveTextContent('Health');
  });

  it('without the items (still loading) a transfer is still neutral, named by its Transfer category', () => {
    const { save } = renderDialog([]);
    expect(within(save).getByText('$50.00').className).not.toContain('text-red');
    expect(save).toHaveTextContent('Transfer');
  });
});
