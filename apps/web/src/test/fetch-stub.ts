import { vi } from 'vitest';

/**
 * fetch is the network, the one thing outside the web app: component tests replace it with a tiny
 * fake API that answers per method and path and records every call. The global is put back after
 * each test (test-setup.ts).
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** "METHOD /api/path": the path is matched exactly, without the query string. */
export type RouteKey = `${Method} /${string}`;

/** One call the app made, as it made it. */
export interface StubRequest {
  method: string;
  /** The address exactly as the app wrote it, e.g. `/api/analytics/dashboard?period=month`. */
  url: string;
  path: string;
  query: URLSearchParams;
  /** A JSON body parsed; any other body as it was given; undefined without one. */
  body: unknown;
  init: RequestInit | undefined;
}

/** A fixed answer (sent anew on every call), or one made from the request. A throw is a network failure. */
export type Answer = Response | ((request: StubRequest) => Response | Promise<Response>);

export interface FetchStub {
  /** Answers this method and path from now on, in place of any earlier answer for it. */
  on(route: RouteKey, answer: Answer): FetchStub;
  /** Answers every call no route matches (by default a 404 naming the call). */
  otherwise(answer: Answer): FetchStub;
  /** Every call made, in order. */
  readonly calls: readonly StubRequest[];
  /** The calls made to one method and path. */
  callsTo(route: RouteKey): StubRequest[];
}

/** A JSON response, as the API sends it. */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function readBody(body: RequestInit['body']): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

function answerWith(answer: Answer, request: StubRequest): Promise<Response> {
  // A Response body can be read once: a fixed answer is cloned for each call.
  if (answer instanceof Response) return Promise.resolve(answer.clone());
  return Promise.resolve().then(() => answer(request));
}

/** Replaces the global fetch with a fake API answering `routes`; add more with `on`. */
export function stubFetch(routes: Partial<Record<RouteKey, Answer>> = {}): FetchStub {
  const answers = new Map<string, Answer>(Object.entries(routes).filter((e): e is [string, Answer] => !!e[1]));
  let fallback: Answer = ({ method, path }) => json(404, { message: `unexpected ${method} ${path}` });
  const calls: StubRequest[] = [];

  const fakeFetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = input instanceof Request ? input.url : input.toString();
    const parsed = new URL(url, 'http://localhost');
    const request: StubRequest = {
      method: (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase(),
      url,
      path: parsed.pathname,
      query: parsed.searchParams,
      body: readBody(init?.body),
      init,
    };
    calls.push(request);
    return answerWith(answers.get(`${request.method} ${request.path}`) ?? fallback, request);
  };
  vi.stubGlobal('fetch', fakeFetch);

  const stub: FetchStub = {
    on(route, answer) {
      answers.set(route, answer);
      return stub;
    },
    otherwise(answer) {
      fallback = answer;
      return stub;
    },
    calls,
    callsTo(route) {
      return calls.filter((c) => `${c.method} ${c.path}` === route);
    },
  };
  return stub;
}
