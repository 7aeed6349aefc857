import type {
  AuthResponse,
  LoginInput,
  LoginTwoFactorInput,
  RegisterInput,
  TwoFactorChallenge,
  User,
} from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';

/** With two-factor sign-in on, the answer is a challenge for `loginTwoFactor` instead of a token. */
export const login = (body: LoginInput) =>
  apiRequest<AuthResponse | TwoFactorChallenge>('/auth/login', {
    method: 'POST',
    body,
    fallback: 'Login failed',
    skipAuthRedirect: true,
  });

/** The second step: the challenge and a 6-digit code or a recovery code. */
export const loginTwoFactor = (body: LoginTwoFactorInput) =>
  apiRequest<AuthResponse>('/auth/login/2fa', {
    method: 'POST',
    body,
    fallback: 'Login failed',
    skipAuthRedirect: true,
  });

export const register = (body: RegisterInput) =>
  apiRequest<AuthResponse>('/auth/register', {
    method: 'POST',
    body,
    fallback: 'Registration failed',
    skipAuthRedirect: true,
  });

export const fetchMe = () =>
  apiRequest<{ data: User }>('/auth/me', { fallback: 'Failed to load account', skipAuthRedirect: true });

export const logout = () =>
  apiRequest<undefined>('/auth/logout', { method: 'POST', fallback: 'Logout failed', skipAuthRedirect: true });

/** Whether this server e-mails reset links (SMTP_URL is set). */
export const getPasswordResetOptions = () =>
  apiRequest<{ data: { byEmail: boolean } }>('/auth/password-reset', {
    fallback: 'Failed to load',
    skipAuthRedirect: true,
  });

/** Asks for a reset link; the answer is the same whether or not the account exists. */
export const requestPasswordReset = (body: { email: string }) =>
  apiRequest<{ message: string }>('/auth/password-reset/request', {
    method: 'POST',
    body,
    fallback: 'Failed to send the reset link',
    skipAuthRedirect: true,
  });

/** Sets a new password with the token of a reset link; signs the account out everywhere. */
export const resetPassword = (body: { token: string; password: string }) =>
  apiRequest<{ message: string }>('/auth/password-reset', {
    method: 'POST',
    body,
    fallback: 'Failed to reset the password',
    skipAuthRedirect: true,
  });
