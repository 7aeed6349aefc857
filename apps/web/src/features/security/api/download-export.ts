import { authHeaders, buildUrl, networkError, toApiError } from '../../../lib/api-client';

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
