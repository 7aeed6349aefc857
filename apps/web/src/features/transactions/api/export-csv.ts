import { authHeaders, buildUrl, networkError, toApiError } from '../../../lib/api-client';
import { filterQuery, type TransactionFilters } from '../filters';
import { filenameFromDisposition } from './export-pdf';

const FALLBACK = 'Failed to export CSV';

/** GET /transactions/export.csv with the current filters; answers the file and its name. */
export async function exportCsv(filters: TransactionFilters, today: string): Promise<{ blob: Blob; filename: string }> {
  let res: Response;
  try {
    res = await fetch(buildUrl('/transactions/export.csv', filterQuery(filters)), { headers: authHeaders() });
  } catch {
    throw networkError(FALLBACK);
  }
  if (!res.ok) throw await toApiError(res, FALLBACK);
  const blob = await res.blob();
  return {
    blob,
    filename: filenameFromDisposition(res.headers.get('Content-Disposition')) ?? `transactions-${today}.csv`,
  };
}
