import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { localTimeZone, type AuthResponse, type LoginInput, type RegisterInput, type User } from '@ledgerly/shared';
import { clearAuth, getStoredUser, getToken, storeAuth, storeUser } from '../../lib/storage';
import { clearOfflineData } from '../../lib/offline-cache';
import { ApiError } from '../../lib/api-client';
import * as authApi from './api/auth-api';

interface AuthContextValue {
  user: User | null;
  isAuthenticated: boolean;
  /** True until the start-up check of a stored token ends. */
  loading: boolean;
  /** Signs in, or answers the challenge of a second step when two-factor sign-in is on. */
  login: (input: LoginInput) => Promise<{ challenge: string } | null>;
  /** The second step of a sign-in: a code from the authenticator app or a recovery code. */
  loginTwoFactor: (challenge: string, code: string) => Promise<void>;
  register: (input: RegisterInput) => Promise<void>;
  logout: () => Promise<void>;
  /** Replaces the signed-in user (after settings change), in state and storage. */
  updateUser: (user: User) => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  // A stored token counts as signed in at once; the check below confirms it.
  const [user, setUser] = useState<User | null>(() => (getToken() ? getStoredUser() : null));
  const queryClient = useQueryClient();
  const [loading, setLoading] = useState<boolean>(() => Boolean(getToken()));

  useEffect(() => {
    if (!getToken()) return;
    let cancelled = false;
    authApi
      .fetchMe()
      .then(({ data }) => {
        if (cancelled) return;
        storeUser(data);
        setUser(data);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        if (!(error instanceof ApiError) || error.status === 0) {
          // Nothing answered: the browser is offline, or the page is being left (a reload aborts the
          // call). That is no verdict on the token, so the stored session stays; a later 401 ends it.
          console.error('Auth check could not reach the server', error);
          return;
        }
        console.error('Auth check failed', error);
        clearAuth();
        setUser(null);
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const signedIn = useCallback(
    ({ token, user: u }: AuthResponse) => {
      queryClient.clear();
      storeAuth(token, u);
      setUser(u);
    },
    [queryClient],
  );

  const login = useCallback(
    async (input: LoginInput) => {
      const answer = await authApi.login(input);
      if ('twoFactorRequired' in answer) return { challenge: answer.challenge };
      signedIn(answer);
      return null;
    },
    [signedIn],
  );

  const loginTwoFactor = useCallback(
    async (challenge: string, code: string) => signedIn(await authApi.loginTwoFactor({ challenge, code })),
    [signedIn],
  );

  const register = useCallback(
    async (input: RegisterInput) => {
      const { token, user: u } = await authApi.register({ ...input, timezone: localTimeZone() });
      queryClient.clear();
      storeAuth(token, u);
      setUser(u);
    },
    [queryClient],
  );

  const logout = useCallback(async () => {
    try {
      await authApi.logout();
    } catch {
      // The token is dropped locally either way.
    }
    // Nothing of this user may linger for the next one: calls still running are cancelled
    // before the kept offline answers are deleted, so none of them is written back after.
    await queryClient.cancelQueries();
    clearAuth();
    queryClient.clear();
    await clearOfflineData();
    setUser(null);
  }, [queryClient]);

  const updateUser = useCallback((u: User) => {
    storeUser(u);
    setUser(u);
  }, []);

  const value = useMemo(
    () => ({ user, isAuthenticated: user !== null, loading, login, loginTwoFactor, register, logout, updateUser }),
    [user, loading, login, loginTwoFactor, register, logout, updateUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used within an AuthProvider');
  return ctx;
}
