import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RestoreResult } from '@ledgerly/shared';
import { uploadMultipart } from '../../../lib/upload';

/** POST /account/restore: uploads an export zip, reporting the upload's progress. */
export const restoreExport = (file: File, onProgress?: (percent: number) => void) => {
  const form = new FormData();
  form.append('file', file);
  return uploadMultipart<{ data: RestoreResult }>({
    method: 'POST',
    path: '/account/restore',
    form,
    fallback: 'Failed to restore the export',
    onProgress,
  });
};

export function useRestore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, onProgress }: { file: File; onProgress?: (percent: number) => void }) =>
      (await restoreExport(file, onProgress)).data,
    // Everything of the account came back: every cache is stale.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
