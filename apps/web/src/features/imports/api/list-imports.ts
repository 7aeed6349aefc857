import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ImportBatch } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';
import { importKeys } from './import-batch';

/** GET /imports: past imports, newest first. */
export const importHistoryQueryOptions = () =>
  queryOptions({
    queryKey: importKeys.all,
    queryFn: async () =>
      (await apiRequest<{ data: ImportBatch[] }>('/imports', { fallback: 'Failed to load imports' })).data,
  });

export function useImportHistory(enabled: boolean) {
  return useQuery({ ...importHistoryQueryOptions(), enabled });
}
