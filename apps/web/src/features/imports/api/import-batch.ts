import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ImportBatch, ImportUpdate } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';

export const importKeys = {
  all: ['imports'] as const,
  batch: (id: string, limit: number) => ['imports', id, limit] as const,
};

/** GET /imports/{id}: the batch with its first `limit` rows. */
export const getImport = (id: string, limit: number) =>
  apiRequest<{ data: ImportBatch }>(`/imports/${id}`, { query: { limit }, fallback: 'Failed to load the import' });

/** The batch; polled while it imports in the background. */
export const importQueryOptions = (id: string, limit: number) =>
  queryOptions({
    queryKey: importKeys.batch(id, limit),
    queryFn: async () => (await getImport(id, limit)).data,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.status === 'importing' ? 500 : false),
  });

export function useImport(id: string | null, limit: number) {
  return useQuery({ ...importQueryOptions(id ?? '', limit), enabled: id !== null });
}

/** PUT /imports/{id}: new options re-read the file; rows set categories or skip. */
export const updateImport = async (id: string, body: ImportUpdate) =>
  (
    await apiRequest<{ data: ImportBatch }>(`/imports/${id}`, {
      method: 'PUT',
      body,
      fallback: 'Failed to update the import',
    })
  ).data;

export const commitImport = async (id: string) =>
  (await apiRequest<{ data: ImportBatch }>(`/imports/${id}/commit`, { method: 'POST', fallback: 'Failed to import' }))
    .data;

export const revertImport = async (id: string) =>
  (
    await apiRequest<{ data: ImportBatch }>(`/imports/${id}/revert`, {
      method: 'POST',
      fallback: 'Failed to undo the import',
    })
  ).data;

export const discardImport = (id: string) =>
  apiRequest<undefined>(`/imports/${id}`, { method: 'DELETE', fallback: 'Failed to discard the import' });
