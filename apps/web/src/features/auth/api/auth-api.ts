import type { AuthResponse, LoginInput, RegisterInput, User } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';

export const login = (body: LoginInput) =>
  apiRequest<AuthResponse>('/auth/login', { method: 'POST', body, fallback: 'Login failed', skipAuthRedirect: true });

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
