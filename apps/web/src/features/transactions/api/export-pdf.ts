import { authHeaders, buildUrl, networkError, toApiError } from '../../../lib/api-client';
import { filterQuery, type TransactionFilters } from '../filters';

const FALLBACK = 'Failed to export PDF';

/** The file name from a Content-Disposition header, if it names one. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8'[^']*')?([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = (plain?.[2] ?? plain?.[1])?.trim();
  return name || null;
}

/**
 * GET /export/pdf with the current filters; answers the PDF and the name to save it under:
 * the server's, else `receipt-<today>.pdf`.
 */
export async function exportPdf(filters: TransactionFilters, today: string): Promise<{ blob: Blob; filename: string }> {
  let res: Response;
  try {
    res = await fetch(buildUrl('/export/pdf', filterQuery(filters)), { headers: authHeaders() });
  } catch {
    throw networkError(FALLBACK);
  }
  if (!res.ok) throw await toApiError(res, FALLBACK);
  const blob = await res.blob();
  return { blob, filename: filenameFromDisposition(res.headers.get('Content-Disposition')) ?? `receipt-${today}.pdf` };
}

/** Hands a blob to the browser as a download. */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoke after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
