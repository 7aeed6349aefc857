import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Category } from '@ledgerly/shared';
import { queryKeys } from '../../../lib/query-keys';
import { CategorySelect } from './category-select';

// fetch is the network: the one thing outside the app, so it is stubbed here.
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
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
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(queryKeys.categories(), categories);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  render(<CategorySelect type="expense" value="" onChange={() => {}} />, { wrapper });
  return client;
}

describe('CategorySelect', () => {
  it('with no category of its type, says what to do and adds the defaults on request', async () => {
    const client = renderSelect([SALARY]);
    const select = screen.getByLabelText('Category');
    expect(select).toHaveAccessibleDescription(
      'No expense categories yet: add one in the Categories tab, or start with the default set.',
    );
    fetchMock.mockImplementation((url) => {
      // After the defaults are created the list is fetched again.
      client.setQueryDefaults(queryKeys.categories(), { staleTime: 0 });
      const body = (url as string).endsWith('/categories/initialize')
        ? { data: [FOOD], meta: { created: 1 }, message: 'Default categories initialized successfully!' }
        : { data: [SALARY, FOOD] };
      return Promise.resolve(
        new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
      );
    });
    await userEvent.click(screen.getByRole('button', { name: 'Add default categories' }));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/categories/initialize');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');
    expect(await within(select).findByRole('option', { name: /Food/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add default categories' })).toBeNull();
  });

  it('shows the failure when the defaults cannot be added', async () => {
    renderSelect([]);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await userEvent.click(screen.getByRole('button', { name: 'Add default categories' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to initialize categories: the server cannot be reached.',
    );
  });
});
