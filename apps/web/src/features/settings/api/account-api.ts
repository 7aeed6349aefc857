import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApiTokenInfo,
  ChangePasswordInput,
  CreateTokenInput,
  CreatedApiToken,
  DeleteUserAccountInput,
  RestoreResult,
  SecurityOverview,
  SessionInfo,
  TwoFactorSetup,
} from '@ledgerly/shared';
import { apiRequest, authHeaders, buildUrl, networkError, toApiError } from '../../../lib/api-client';
import { invalidateAfter, queryKeys } from '../../../lib/query-keys';
import { uploadMultipart } from '../../../lib/upload';

/** DESIGN §8: the signed-in user's own account. Each call's fallback is its error message. */
export const accountApi = {
  security: () =>
    apiRequest<{ data: SecurityOverview }>('/account/security', { fallback: 'Failed to load account security' }),
  changePassword: (body: ChangePasswordInput) =>
    apiRequest<undefined>('/account/password', { method: 'PUT', body, fallback: 'Failed to change the password' }),
  sessions: () => apiRequest<{ data: SessionInfo[] }>('/account/sessions', { fallback: 'Failed to load sessions' }),
  revokeSession: (id: string) =>
    apiRequest<undefined>(`/account/sessions/${encodeURIComponent(id)}`, {
      method: 'DELETE',
      fallback: 'Failed to sign out the session',
    }),
  revokeOtherSessions: () =>
    apiRequest<{ data: { revoked: number } }>('/account/sessions/revoke-others', {
      method: 'POST',
      fallback: 'Failed to sign out the other sessions',
    }),
  setupTwoFactor: () =>
    apiRequest<{ data: TwoFactorSetup }>('/account/2fa/setup', {
      method: 'POST',
      fallback: 'Failed to start the two-factor setup',
    }),
  enableTwoFactor: (code: string) =>
    apiRequest<{ data: { recoveryCodes: string[] } }>('/account/2fa/enable', {
      method: 'POST',
      body: { code },
      fallback: 'Failed to turn on two-factor sign-in',
    }),
  disableTwoFactor: (body: { password: string; code: string }) =>
    apiRequest<undefined>('/account/2fa/disable', {
      method: 'POST',
      body,
      fallback: 'Failed to turn off two-factor sign-in',
    }),
  tokens: () => apiRequest<{ data: ApiTokenInfo[] }>('/account/tokens', { fallback: 'Failed to load API tokens' }),
  createToken: (body: CreateTokenInput) =>
    apiRequest<{ data: CreatedApiToken }>('/account/tokens', {
      method: 'POST',
      body,
      fallback: 'Failed to create the API token',
    }),
  revokeToken: (id: string) =>
    apiRequest<undefined>(`/account/tokens/${encodeURIComponent(id)}`, {
      method: 'DELETE',
      fallback: 'Failed to revoke the API token',
    }),
  restore: (file: File, onProgress?: (percent: number) => void) => {
    const form = new FormData();
    form.append('file', file);
    return uploadMultipart<{ data: RestoreResult }>({
      method: 'POST',
      path: '/account/restore',
      form,
      fallback: 'Failed to restore the export',
      onProgress,
    });
  },
  deleteAccount: (body: DeleteUserAccountInput) =>
    apiRequest<undefined>('/account', { method: 'DELETE', body, fallback: 'Failed to delete the account' }),
};

/** The file name the server gave in Content-Disposition, else a dated default. */
export function exportFileName(disposition: string | null, today: string): string {
  const match = disposition?.match(/filename="?([^";]+)"?/i);
  return match?.[1] ?? `ledgerly-export-${today}.zip`;
}

/**
 * GET /account/export as a download: the zip is fetched with the bearer token (a plain link
 * could not send it), then handed to the browser as a file.
 */
export async function downloadExport(): Promise<string> {
  const fallback = 'Failed to export your data';
  let res: Response;
  try {
    res = await fetch(buildUrl('/account/export'), { headers: authHeaders() });
  } catch {
    throw networkError(fallback);
  }
  if (!res.ok) throw await toApiError(res, fallback);
  const blob = await res.blob();
  const name = exportFileName(res.headers.get('content-disposition'), new Date().toISOString().slice(0, 10));
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return name;
}

export function useSecurityOverview() {
  return useQuery({
    queryKey: queryKeys.accountSecurity,
    queryFn: async () => (await accountApi.security()).data,
  });
}

export function useSessions() {
  return useQuery({ queryKey: queryKeys.accountSessions, queryFn: async () => (await accountApi.sessions()).data });
}

export function useTokens() {
  return useQuery({ queryKey: queryKeys.accountTokens, queryFn: async () => (await accountApi.tokens()).data });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: accountApi.changePassword,
    // Every other session was signed out, and the API tokens unless kept.
    onSuccess: (_, body) =>
      Promise.all([
        invalidateAfter(queryClient, 'sessions'),
        body.revokeApiTokens === false ? undefined : invalidateAfter(queryClient, 'tokens'),
      ]),
  });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: accountApi.revokeSession,
    onSuccess: () => invalidateAfter(queryClient, 'sessions'),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await accountApi.revokeOtherSessions()).data.revoked,
    onSuccess: () => invalidateAfter(queryClient, 'sessions'),
  });
}

export function useSetupTwoFactor() {
  return useMutation({ mutationFn: async () => (await accountApi.setupTwoFactor()).data });
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => (await accountApi.enableTwoFactor(code)).data.recoveryCodes,
    onSuccess: () => invalidateAfter(queryClient, 'twoFactor'),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: accountApi.disableTwoFactor,
    onSuccess: () => invalidateAfter(queryClient, 'twoFactor'),
  });
}

export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateTokenInput) => (await accountApi.createToken(body)).data,
    onSuccess: () => invalidateAfter(queryClient, 'tokens'),
  });
}

export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: accountApi.revokeToken,
    onSuccess: () => invalidateAfter(queryClient, 'tokens'),
  });
}

export function useRestore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, onProgress }: { file: File; onProgress?: (percent: number) => void }) =>
      (await accountApi.restore(file, onProgress)).data,
    // Everything of the account came back: every cache is stale.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: accountApi.deleteAccount });
}
