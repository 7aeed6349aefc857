import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { type TestDatabase, createTestDatabase } from '../test/test-db.js';

type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, unknown> }>>;
  components: { securitySchemes: Record<string, unknown> };
};

let app: FastifyInstance;
let db: TestDatabase;
let dataDir: string;
const routes: { method: string; url: string }[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ledgerly-openapi-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    APP_SECRET: 'test-secret-test-secret-test-secret-42',
    RECURRING_SWEEP: 'off',
    HOUSEKEEPING: 'off',
    // A loaded test machine lags: no 503 from the overload guard here.
    PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
  });
  db = await createTestDatabase();
  app = await buildApp(config, {
    database: db,
    logger: false,
    webDist: join(dataDir, 'no-web'),
    onRoute: (route) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url });
    },
  });
  await app.ready();
});

afterAll(async () => {
  // Unset when beforeAll failed half-way.
  await (app as FastifyInstance | undefined)?.close();
  await (db as TestDatabase | undefined)?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

const fetchDocument = async () => {
  const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  return res.json<OpenApiDocument>();
};

/** The API routes the document must describe: not the reference's own files, not HEAD twins. */
const apiRoutes = () =>
  routes.filter(
    (r) =>
      r.url.startsWith('/api/') &&
      r.method !== 'HEAD' &&
      !r.url.startsWith('/api/docs') &&
      r.url !== '/api/openapi.json',
  );

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const doc = await fetchDocument();
    expect(doc.openapi).toMatch(/^3\.1\./);
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every registered API route with its method', async () => {
    const doc = await fetchDocument();
    const listed = apiRoutes();
    expect(listed.length).toBeGreaterThan(30);
    const missing = listed.filter(({ method, url }) => {
      const path = url.replace(/:(\w+)/g, '{$1}');
      return !doc.paths[path]?.[method.toLowerCase()];
    });
    expect(missing).toEqual([]);
  });

  it('documents the answer of every call: a success with its schema, and its error answers', async () => {
    const doc = await fetchDocument();
    const undocumented: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const responses = operation.responses as Record<string, { content?: Record<string, { schema?: unknown }> }>;
        const success = Object.keys(responses).filter((status) => status.startsWith('2'));
        const described = success.some(
          (status) =>
            status === '204' || Object.values(responses[status]!.content ?? {}).some((c) => c.schema !== undefined),
        );
        if (!described) undocumented.push(`${method.toUpperCase()} ${path}`);
        if (!responses['500']) undocumented.push(`${method.toUpperCase()} ${path} (no error answers)`);
      }
    }
    expect(undocumented).toEqual([]);
  });

  it('marks the protected routes with bearer auth and a 401, and the public ones without', async () => {
    const doc = await fetchDocument();
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const categories = doc.paths['/api/categories']!.get!;
    expect(categories.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(categories.responses)).toEqual(expect.arrayContaining(['200', '400', '401']));
    for (const path of ['/api/health', '/api/auth/login', '/api/receipts/{transactionId}/{variant}']) {
      const operation = Object.values(doc.paths[path]!)[0]!;
      expect(operation.security).toBeUndefined();
    }
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({
      description: expect.stringContaining('Authorization: Bearer'),
    });
    const put = doc.paths['/api/categories/{id}']!.put!;
    expect(Object.keys(put.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '404', '409']));
  });
});

describe('the account routes (DESIGN §8)', () => {
  type Operation = {
    requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
    responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  };
  const op = (doc: OpenApiDocument, path: string, method: string) => doc.paths[path]![method] as unknown as Operation;

  it('document their bodies, answers and errors', async () => {
    const doc = await fetchDocument();
    const bodyFields = (path: string, method: string) =>
      Object.keys(op(doc, path, method).requestBody!.content['application/json']!.schema.properties ?? {});
    expect(bodyFields('/api/account/password', 'put')).toEqual(['currentPassword', 'newPassword', 'revokeApiTokens']);
    expect(bodyFields('/api/account/tokens', 'post')).toEqual(['name', 'scope']);
    expect(bodyFields('/api/account/2fa/enable', 'post')).toEqual(['code']);
    expect(bodyFields('/api/account/2fa/disable', 'post')).toEqual(['password', 'code']);
    expect(bodyFields('/api/account', 'delete')).toEqual(['password', 'code']);
    expect(op(doc, '/api/account/restore', 'post').requestBody!.content['multipart/form-data']).toBeDefined();

    const created = op(doc, '/api/account/tokens', 'post').responses['201']!;
    expect(JSON.stringify(created.content)).toContain('"token"');
    expect(JSON.stringify(op(doc, '/api/account/sessions', 'get').responses['200']!.content)).toContain('lastUsedAt');
    expect(op(doc, '/api/account/export', 'get').responses['200']!.content!['application/zip']).toBeDefined();
    expect(Object.keys(op(doc, '/api/account/2fa/enable', 'post').responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '429']),
    );
    expect(Object.keys(op(doc, '/api/account/tokens/{id}', 'delete').responses)).toEqual(
      expect.arrayContaining(['204', '401', '403', '404']),
    );
    expect(Object.keys(op(doc, '/api/account/tokens', 'get').responses)).toEqual(
      expect.arrayContaining(['200', '401', '403']),
    );
    expect(Object.keys(op(doc, '/api/account/password', 'put').responses)).toEqual(
      expect.arrayContaining(['204', '400', '401', '403', '429']),
    );
  });
});

describe('the exchange-rate routes (DESIGN §12)', () => {
  type Operation = {
    parameters?: { name: string; in: string }[];
    requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
    responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  };
  const op = (doc: OpenApiDocument, path: string, method: string) => doc.paths[path]![method] as unknown as Operation;

  it('document their query, body, answers and errors', async () => {
    const doc = await fetchDocument();
    const list = op(doc, '/api/rates', 'get');
    expect(list.parameters!.filter((p) => p.in === 'query').map((p) => p.name)).toEqual(['currency', 'start', 'end']);
    const answer = JSON.stringify(list.responses['200']!.content);
    for (const field of ['currency', 'day', 'rate', 'source', 'missing', 'dataset']) expect(answer).toContain(field);
    const put = op(doc, '/api/rates', 'put');
    expect(Object.keys(put.requestBody!.content['application/json']!.schema.properties ?? {})).toEqual([
      'currency',
      'day',
      'rate',
    ]);
    expect(Object.keys(put.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '409']));
    expect(Object.keys(op(doc, '/api/rates/{id}', 'delete').responses)).toEqual(
      expect.arrayContaining(['204', '401', '404']),
    );
  });
});

describe('cross-currency transfers (DESIGN §12)', () => {
  type Operation = {
    description?: string;
    requestBody?: { content: Record<string, { schema: { properties?: Record<string, { description?: string }> } }> };
    responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  };
  const op = (doc: OpenApiDocument, path: string, method: string) => doc.paths[path]![method] as unknown as Operation;

  it('document both amounts or an amount and a rate, the stored rate, and the refusals', async () => {
    const doc = await fetchDocument();
    for (const [path, method] of [
      ['/api/transfers', 'post'],
      ['/api/transfers/{id}', 'put'],
    ] as const) {
      const operation = op(doc, path, method);
      const body = operation.requestBody!.content['application/json']!.schema.properties ?? {};
      expect(Object.keys(body)).toEqual(expect.arrayContaining(['amount', 'toAmount', 'rate']));
      expect(body.rate!.description).toContain('units of the destination');
      expect(operation.description).toContain('10 times');
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['400', '401']));
      expect(JSON.stringify(operation.responses[method === 'post' ? '201' : '200']!.content)).toContain('"rate"');
    }
  });
});

describe('the tag filter (DESIGN §11)', () => {
  it('is documented on the list, its summary, the PDF and the analytics reads', async () => {
    const doc = await fetchDocument();
    for (const path of [
      '/api/transactions',
      '/api/transactions/summary',
      '/api/export/pdf',
      '/api/analytics/summary',
      '/api/analytics/category-breakdown',
      '/api/analytics/top-categories',
      '/api/analytics/dashboard',
    ]) {
      const params = (doc.paths[path]!.get as unknown as { parameters?: { name: string; in: string }[] }).parameters;
      const names = (params ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      expect(names, path).toEqual(expect.arrayContaining(['tagIds', 'tagMode']));
    }
  });
});

describe('GET /api/docs', () => {
  it('serves the interactive reference from its own files under the app CSP', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs' });
    const html =
      page.statusCode === 302 ? await app.inject({ method: 'GET', url: String(page.headers.location) }) : page;
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toContain('text/html');
    const csp = String(html.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    // No inline script (the CSP would block it) and nothing from another host.
    expect(html.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html.body).not.toMatch(/(src|href)="(https?:)?\/\//);
    const scripts = [...html.body.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      const url = new URL(src, 'http://localhost/api/docs/').pathname;
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('is titled "Ledgerly API" with our mark as its icon and logo', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Ledgerly API</title>');
    expect(page.body).not.toContain('Swagger UI</title>');
    const icon = /<link rel="icon" type="image\/svg\+xml" href="([^"]+)"/.exec(page.body)?.[1];
    expect(icon).toBeDefined();
    const iconRes = await app.inject({ method: 'GET', url: new URL(icon!, 'http://localhost/api/docs/').pathname });
    expect(iconRes.statusCode).toBe(200);
    expect(iconRes.headers['content-type']).toContain('image/svg+xml');
    expect(iconRes.body).toContain('#4f46e5');
    // The top bar's logo is swapped for ours by the initializer script (a file, not inline).
    const init = await app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
    const logo = /img\.src = 'data:image\/svg\+xml;base64,([^']+)'/.exec(init.body)?.[1];
    expect(Buffer.from(logo ?? '', 'base64').toString()).toContain('<title>Ledgerly API</title>');
  });
});
