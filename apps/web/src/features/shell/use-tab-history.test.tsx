import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { tabOfState, useTabHistory } from './use-tab-history';

function Harness() {
  const [tab, select] = useTabHistory();
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <p data-testid="tab">{tab}</p>
      <p data-testid="path">{location.pathname}</p>
      <button onClick={() => select('transactions')}>Transactions</button>
      <button onClick={() => select('budgets')}>Budgets</button>
      <button onClick={() => void navigate(-1)}>Back</button>
      <button onClick={() => void navigate(1)}>Forward</button>
    </>
  );
}

describe('useTabHistory', () => {
  it('each tab is a history entry of the same URL: Back and Forward move between tabs', async () => {
    const user = userEvent.setup();
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    render(
      <MemoryRouter initialEntries={['/dashboard']}>
        <Harness />
      </MemoryRouter>,
    );
    const tab = () => screen.getByTestId('tab').textContent;
    expect(tab()).toBe('dashboard');
    await user.click(screen.getByRole('button', { name: 'Transactions' }));
    await user.click(screen.getByRole('button', { name: 'Budgets' }));
    expect(tab()).toBe('budgets');
    expect(screen.getByTestId('path')).toHaveTextContent('/dashboard');
    await act(() => user.click(screen.getByRole('button', { name: 'Back' })));
    expect(tab()).toBe('transactions');
    await act(() => user.click(screen.getByRole('button', { name: 'Back' })));
    expect(tab()).toBe('dashboard');
    await act(() => user.click(screen.getByRole('button', { name: 'Forward' })));
    expect(tab()).toBe('transactions');
    expect(screen.getByTestId('path')).toHaveTextContent('/dashboard');
    // Every tab shown (first one included) opened at its top.
    expect(scrollTo).toHaveBeenCalledTimes(6);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, left: 0, behavior: 'instant' });
  });

  it('choosing the open tab again adds no entry', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('scrollTo', vi.fn());
    render(
      <MemoryRouter initialEntries={['/dashboard']}>
        <Harness />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'Transactions' }));
    await user.click(screen.getByRole('button', { name: 'Transactions' }));
    await act(() => user.click(screen.getByRole('button', { name: 'Back' })));
    expect(screen.getByTestId('tab')).toHaveTextContent('dashboard');
  });

  it('reads the tab from a history state, and anything else as the Dashboard', () => {
    expect(tabOfState({ tab: 'settings' })).toBe('settings');
    expect(tabOfState({ tab: 'nope' })).toBe('dashboard');
    expect(tabOfState(null)).toBe('dashboard');
    expect(tabOfState('recurring')).toBe('dashboard');
  });
});
