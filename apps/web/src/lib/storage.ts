import type { User } from '@ledgerly/shared';
import { clearOfflineData } from './offline-cache';

/** Browser storage keys fixed by the spec. */
export const STORAGE_KEYS = { token: 'token', user: 'user', theme: 'theme' } as const;

export function getToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token);
}

export function getStoredUser(): User | null {
  const raw = localStorage.getItem(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as User;
  } catch {
    return null;
  }
}

export function storeAuth(token: string, user: User): void {
  // A new sign-in starts with no kept answers (they could be another user's).
  void clearOfflineData();
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

export function storeUser(user: User): void {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

export function clearAuth(): void {
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.removeItem(STORAGE_KEYS.user);
  void clearOfflineData();
}
