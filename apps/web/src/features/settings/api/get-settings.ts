import { useQuery } from '@tanstack/react-query';
import { settingsQueryOptions } from '../../../lib/settings-query';

/**
 * GET /settings. The fetcher and query options live in lib/settings-query.ts because the shell
 * reads them once on load for every tab's currency; this is the Settings tab's hook.
 */
export function useSettings() {
  return useQuery(settingsQueryOptions);
}
