import { ApiError, authHeaders, buildUrl, networkError, toApiError } from './api-client';

export interface ProgressSample {
  loaded: number;
  total: number;
  lengthComputable: boolean;
}

/**
 * The next value of an upload progress bar (0–100). With a known total it is the share sent so
 * far; with an unknown total it creeps by 5 up to 95, and only the finished request shows 100.
 * It never goes backwards.
 */
export function nextUploadProgress(previous: number, sample: ProgressSample): number {
  if (sample.lengthComputable && sample.total > 0) {
    const pct = Math.floor((sample.loaded / sample.total) * 100);
    return Math.max(previous, Math.min(100, Math.max(0, pct)));
  }
  return Math.max(previous, Math.min(95, previous + 5));
}

export interface UploadOptions {
  method: 'POST' | 'PUT';
  path: string;
  form: FormData;
  /** Shown when the server gives no message. */
  fallback: string;
  /** Called with 0–100 as the body goes out, and 100 when the answer arrives. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends multipart/form-data with the bearer token. XMLHttpRequest, not fetch, because only it
 * reports upload progress. Errors follow `apiRequest`: the server's message else the fallback,
 * and the 401 rule.
 */
export function uploadMultipart<T>({ method, path, form, fallback, onProgress, signal }: UploadOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let progress = 0;
    xhr.open(method, buildUrl(path));
    // No Content-Type: the browser writes the multipart boundary itself.
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);

    onProgress?.(0);
    xhr.upload.onprogress = (e) => {
      progress = nextUploadProgress(progress, e);
      onProgress?.(progress);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        try {
          resolve((xhr.status === 204 || !xhr.responseText ? undefined : JSON.parse(xhr.responseText)) as T);
        } catch {
          reject(new ApiError(fallback, xhr.status));
        }
        return;
      }
      const res = new Response(xhr.responseText || null, {
        status: xhr.status,
        headers: { 'Content-Type': xhr.getResponseHeader('Content-Type') ?? 'application/json' },
      });
      toApiError(res, fallback).then(reject, () => reject(new ApiError(fallback, xhr.status)));
    };
    xhr.onerror = () => reject(networkError(fallback));
    xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));

    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('The upload was aborted', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}
