import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Category } from '@ledgerly/shared';
import { ApiError } from '../../../lib/api-client';
import { CategoryForm } from './category-form';

const setup = (props: Partial<Parameters<typeof CategoryForm>[0]> = {}) => {
  const onSubmit = vi.fn<(v: unknown) => Promise<void>>().mockResolvedValue(undefined);
  render(<CategoryForm onSubmit={onSubmit} onCancel={() => {}} {...props} />);
  return { onSubmit, user: userEvent.setup() };
};

describe('CategoryForm', () => {
  it('requires a name', async () => {
    const { onSubmit, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Create Category' }));
    expect(await screen.findByText('Category name is required')).toBeVisible();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses names longer than 50 characters', async () => {
    const { onSubmit, user } = setup();
    await user.click(screen.getByLabelText('Name'));
    await user.paste('x'.repeat(51));
    await user.click(screen.getByRole('button', { name: 'Create Category' }));
    expect(await screen.findByText('Category name must be less than 50 characters')).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits trimmed values with the default colour and icon', async () => {
    const { onSubmit, user } = setup();
    expect(screen.getByRole('radio', { name: 'Colour #6366f1' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Folder' })).toBeChecked();
    expect(screen.getAllByRole('radio', { name: /^Colour #/ })).toHaveLength(15);
    await user.type(screen.getByLabelText('Name'), '  Pets  ');
    await user.click(screen.getByRole('button', { name: 'Income' }));
    await user.click(screen.getByRole('button', { name: 'Create Category' }));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Pets', type: 'income', color: '#6366f1', icon: '📁' });
  });

  it('picks colour and icon with the keyboard', async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByLabelText('Name'), 'Car');
    screen.getByRole('radio', { name: 'Colour #6366f1' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Colour #ef4444' })).toBeChecked();
    screen.getByRole('radio', { name: 'Folder' }).focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Car' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Create Category' }));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Car', type: 'expense', color: '#ef4444', icon: '🚗' });
  });

  it('starts from the category when editing and shows the server message on failure', async () => {
    const category: Category = {
      id: 'c1',
      name: 'Pets',
      type: 'expense',
      color: '#ec4899',
      icon: '🐾',
      isDefault: false,
    };
    const onSubmit = vi.fn().mockRejectedValue(new ApiError('A category named "Pets" already exists', 409));
    const { user } = setup({ category, onSubmit });
    expect(screen.getByLabelText('Name')).toHaveValue('Pets');
    expect(screen.getByRole('radio', { name: 'Colour #ec4899' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Paw prints' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Update Category' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A category named "Pets" already exists');
  });

  it('falls back to the generic message for unexpected failures', async () => {
    const onSubmit = vi.fn().mockRejectedValue(new Error('boom'));
    const { user } = setup({ onSubmit });
    await user.type(screen.getByLabelText('Name'), 'Gym');
    await user.click(screen.getByRole('button', { name: 'Create Category' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save category');
  });
});
