import type { ApiErrorBody } from '@ledgerly/shared';
import { clearAuth, getToken } from './storage';

/** An API failure carrying the server's message (or the caller's fallback). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined | null>;
  /** Shown when the server gives no message. */
  fallback: string;
  /** Login and register handle their own 401s: no redirect. */
  skipAuthRedirect?: boolean;
  signal?: AbortSignal;
}

/**
 * A call that never reached the server (offline, DNS, the server down, a gateway answering for
 * it): the screen's own "Failed to …" (the spec's fallback) and why, so the user knows it is the
 * connection and not their input.
 */
export function networkError(fallback: string): ApiError {
  return new ApiError(`${fallback}: the server cannot be reached. Check your connection and try again.`, 0, 'NETWORK');
}

/** Gateways answer these, without our JSON, when the server behind them is down. */
const GATEWAY_DOWN = new Set([502, 503, 504]);

/** Called on a 401: storage is already cleared; the app sends the browser to /login. */
let onUnauthorized: () => void = () => {
  if (window.location.pathname !== '/login') window.location.assign('/login');
};
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  }
  const qs = params.toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

export function authHeaders(): Record<string, string> {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** Turns a failed response into an ApiError, applying the 401 rule. */
export async function toApiError(res: Response, fallback: string, skipAuthRedirect?: boolean): Promise<ApiError> {
  let body: Partial<ApiErrorBody> = {};
  try {
    body = (await res.json()) as Partial<ApiErrorBody>;
  } catch {
    // no JSON body: a gateway speaking for a server that is down, else the fallback
    if (GATEWAY_DOWN.has(res.status)) return networkError(fallback);
  }
  if (res.status === 401 && !skipAuthRedirect) {
    clearAuth();
    onUnauthorized();
  }
  return new ApiError(body.message || fallback, res.status, body.code, body.fields);
}

/** The one way the web app talks to the API: JSON in and out, bearer token when stored. */
export async function apiRequest<T>(path: string, opts: RequestOptions): Promise<T> {
  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), {
      method: opts.method ?? 'GET',
      headers: { 'Content-Type': 'application/json', ...authHeaders() },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw networkError(opts.fallback);
  }
  if (!res.ok) throw await toApiError(res, opts.fallback, opts.skipAuthRedirect);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}
