import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Category } from '@ledgerly/shared';
import { queryKeys } from '../../../lib/query-keys';
import { json, stubFetch, type FetchStub } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { CategorySelect } from './category-select';

let api: FetchStub;
beforeEach(() => {
  api = stubFetch();
});

const SALARY: Category = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Salary',
  type: 'income',
  color: '#22c55e',
  icon: '💰',
  isDefault: true,
};
const FOOD: Category = { ...SALARY, id: '11111111-1111-4111-8111-111111111111', name: 'Food', type: 'expense' };

function renderSelect(categories: Category[]) {
  return renderWithProviders(<CategorySelect type="expense" value="" onChange={() => {}} />, {
    data: [[queryKeys.categories(), categories]],
  }).client;
}

describe('CategorySelect', () => {
  it('with no category of its type, says what to do and adds the defaults on request', async () => {
    const client = renderSelect([SALARY]);
    const select = screen.getByLabelText('Category');
    expect(select).toHaveAccessibleDescription(
      'No expense categories yet: add one in the Categories tab, or start with the default set.',
    );
    // After the defaults are created the list is fetched again.
    api.on('POST /api/categories/initialize', () => {
      client.setQueryDefaults(queryKeys.categories(), { staleTime: 0 });
      return json(200, { data: [FOOD], meta: { created: 1 }, message: 'Default categories initialized successfully!' });
    });
    api.on('GET /api/categories', json(200, { data: [SALARY, FOOD] }));
    await userEvent.click(screen.getByRole('button', { name: 'Add default categories' }));
    expect(api.calls[0]?.url).toBe('/api/categories/initialize');
    expect(api.calls[0]?.method).toBe('POST');
    expect(await within(select).findByRole('option', { name: /Food/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add default categories' })).toBeNull();
  });

  it('shows the failure when the defaults cannot be added', async () => {
    renderSelect([]);
    api.otherwise(() => {
      throw new TypeError('Failed to fetch');
    });
    await userEvent.click(screen.getByRole('button', { name: 'Add default categories' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to initialize categories: the server cannot be reached.',
    );
  });
});
