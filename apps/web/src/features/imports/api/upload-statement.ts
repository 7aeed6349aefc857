import type { ImportBatch, ImportOptions } from '@ledgerly/shared';
import { authHeaders, buildUrl, networkError, toApiError } from '../../../lib/api-client';

const FALLBACK = 'Failed to read the statement';

/** POST /imports (multipart): reads the file on the server and answers its preview. */
export async function uploadStatement(file: File, options?: ImportOptions): Promise<ImportBatch> {
  const form = new FormData();
  if (options) form.append('options', JSON.stringify(options));
  form.append('file', file, file.name);
  let res: Response;
  try {
    res = await fetch(buildUrl('/imports'), { method: 'POST', headers: authHeaders(), body: form });
  } catch {
    throw networkError(FALLBACK);
  }
  if (!res.ok) throw await toApiError(res, FALLBACK);
  return ((await res.json()) as { data: ImportBatch }).data;
}
