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
