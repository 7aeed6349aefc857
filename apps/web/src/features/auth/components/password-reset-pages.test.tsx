import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { MSG, RESET_MSG } from '@ledgerly/shared';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { ForgotPasswordPage } from './forgot-password-page';
import { ResetPasswordPage } from './reset-password-page';

const renderAt = (location: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="/login" element={<p>Login page</p>} />
    </Routes>,
    { location },
  );

afterEach(() => window.history.replaceState(null, '', '/'));

describe('ForgotPasswordPage', () => {
  it('sends the email and shows the same answer for any email', async () => {
    const api = stubFetch({
      'GET /api/auth/password-reset': json(200, { data: { byEmail: true } }),
      'POST /api/auth/password-reset/request': json(202, { message: RESET_MSG.sent }),
    });
    const u = userEvent.setup();
    renderAt('/forgot-password');
    await u.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(MSG.emailRequired);
    expect(api.callsTo('POST /api/auth/password-reset/request')).toHaveLength(0);
    await u.type(screen.getByLabelText('Email'), 'ada@example.com');
    await u.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(RESET_MSG.sent);
    expect(api.callsTo('POST /api/auth/password-reset/request')[0]!.body).toEqual({ email: 'ada@example.com' });
  });

  it('says so when the server sends no e-mail', async () => {
    stubFetch({ 'GET /api/auth/password-reset': json(200, { data: { byEmail: false } }) });
    renderAt('/forgot-password');
    expect(await screen.findByText(RESET_MSG.unavailable)).toBeInTheDocument();
    expect(screen.getByText(/npm run user:reset-password/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send reset link' })).not.toBeInTheDocument();
  });
});

describe('ResetPasswordPage', () => {
  it('takes the token from the link, drops it from the address, and sets the password', async () => {
    window.history.replaceState(null, '', '/reset-password#token=abc123');
    const api = stubFetch({ 'POST /api/auth/password-reset': json(200, { message: RESET_MSG.done }) });
    const u = userEvent.setup();
    renderAt('/reset-password');
    expect(window.location.hash).toBe('');
    await u.type(screen.getByLabelText('New password'), 'abc');
    await u.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(MSG.passwordMin);
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription('The passwords do not match');
    await u.clear(screen.getByLabelText('New password'));
    await u.type(screen.getByLabelText('New password'), 'new-secret');
    await u.type(screen.getByLabelText('Confirm new password'), 'new-secret');
    await u.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('status')).toHaveTextContent(RESET_MSG.done);
    expect(api.callsTo('POST /api/auth/password-reset')[0]!.body).toEqual({ token: 'abc123', password: 'new-secret' });
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  });

  it('a used or expired link says so and offers a new one', async () => {
    window.history.replaceState(null, '', '/reset-password#token=used');
    stubFetch({
      'POST /api/auth/password-reset': json(400, {
        code: 'INVALID_CREDENTIALS',
        message: RESET_MSG.linkInvalid,
        fields: { token: RESET_MSG.linkInvalid },
      }),
    });
    const u = userEvent.setup();
    renderAt('/reset-password');
    await u.type(screen.getByLabelText('New password'), 'new-secret');
    await u.type(screen.getByLabelText('Confirm new password'), 'new-secret');
    await u.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(RESET_MSG.linkInvalid);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('without a token in the link, says so at once', () => {
    stubFetch();
    renderAt('/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent(RESET_MSG.linkInvalid);
  });
});
