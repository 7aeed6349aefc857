import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CURRENCIES } from '@ledgerly/shared';
import { SettingsForm } from './settings-form';

const initial = { firstName: 'Ada', lastName: null, currency: 'USD' };

describe('SettingsForm', () => {
  it('previews 1,234.56 in the chosen currency and picks popular ones', async () => {
    const user = userEvent.setup();
    render(<SettingsForm email="ada@example.com" initial={initial} currencies={CURRENCIES} onSave={vi.fn()} />);
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByTestId('currency-preview')).toHaveTextContent('$1,234.56');
    await user.selectOptions(screen.getByLabelText('Preferred currency'), 'EUR');
    expect(screen.getByTestId('currency-preview')).toHaveTextContent('€1,234.56');
    const popular = screen.getByRole('list', { name: 'Popular Currencies' });
    expect(popular.querySelectorAll('button')).toHaveLength(8);
    await user.click(screen.getByRole('button', { name: 'MYR, Malaysian Ringgit' }));
    expect(screen.getByTestId('currency-preview')).toHaveTextContent('RM1,234.56');
    expect(screen.getByRole('button', { name: 'MYR, Malaysian Ringgit' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('saves names (empty as null) and the currency', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn().mockResolvedValue({ firstName: 'Grace', lastName: null, currency: 'GBP' });
    render(<SettingsForm email="ada@example.com" initial={initial} currencies={CURRENCIES} onSave={onSave} />);
    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), 'Grace');
    await user.selectOptions(screen.getByLabelText('Preferred currency'), 'GBP');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(onSave).toHaveBeenCalledWith({ firstName: 'Grace', lastName: null, currency: 'GBP' });
  });

  it('limits names to 50 characters', async () => {
    const onSave = vi.fn();
    render(<SettingsForm email="ada@example.com" initial={initial} currencies={CURRENCIES} onSave={onSave} />);
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'y'.repeat(51) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Must be at most 50 characters')).toBeVisible();
    expect(onSave).not.toHaveBeenCalled();
  });
});
