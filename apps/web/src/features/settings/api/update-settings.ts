import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Settings, SettingsInput } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /settings: answers the saved settings. */
export const updateSettings = (body: SettingsInput) =>
  apiRequest<{ data: Settings }>('/settings', { method: 'PUT', body, fallback: 'Failed to update settings' });

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SettingsInput) => (await updateSettings(body)).data,
    // Every amount on every tab reads the currency from this cache, so they switch at once.
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.settings, settings),
  });
}
