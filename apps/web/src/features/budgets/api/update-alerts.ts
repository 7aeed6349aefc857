import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { alertsQueryOptions } from './get-alerts';

/** POST /alerts/read — every alert read (204). */
export const markAlertsRead = () =>
  apiRequest<undefined>('/alerts/read', { method: 'POST', fallback: 'Failed to update alerts' });

/** DELETE /alerts/{id} — the alert no longer shows (204). */
export const dismissAlert = (id: string) =>
  apiRequest<undefined>(`/alerts/${encodeURIComponent(id)}`, { method: 'DELETE', fallback: 'Failed to dismiss alert' });

export function useMarkAlertsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAlertsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertsQueryOptions().queryKey }),
  });
}

export function useDismissAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissAlert,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertsQueryOptions().queryKey }),
  });
}
