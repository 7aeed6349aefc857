import { beforeAll, describe, expect, it } from 'vitest';
import type { Category } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../test/build-test-app.js';
import { createCategory } from '../test/factories.js';
import { toErrorReply } from './plugins/error-handler.js';

/** Odd input on any route is a 400 or 404 with a human message, never a 500, and changes nothing. */
const t = useTestApp();
let token = '';
let category: Category;

beforeAll(async () => {
  token = (await registerUser(t)).token;
  category = await createCategory(t, token);
});

const NUL = 'Text cannot contain NUL characters';

describe('NUL characters (PostgreSQL text cannot hold them)', () => {
  it('are refused in JSON bodies of every writing route, naming the field', async () => {
    const cases: [method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>, field: string][] = [
      [
        'POST',
        '/api/transactions',
        { categoryId: category.id, type: 'expense', amount: 5, date: '2024-01-01', description: 'a\u0000b' },
        'description',
      ],
      ['POST', '/api/categories', { name: 'Food\u0000', type: 'expense' }, 'name'],
      [
        'POST',
        '/api/recurring',
        { categoryId: category.id, type: 'expense', amount: 5, description: 'Rent\u0000', startDate: '2024-01-01' },
        'description',
      ],
      ['PUT', '/api/settings', { firstName: 'Ann\u0000', currency: 'USD' }, 'firstName'],
    ];
    for (const [method, url, payload, field] of cases) {
      const res = await t.request({ method, url, token, payload });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ message: NUL, code: 'VALIDATION_FAILED', fields: { [field]: NUL } });
    }
    const register = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'nul@example.com', password: 'secret123', lastName: '\u0000' },
    });
    expect(register.statusCode).toBe(400);
    expect(register.json().message).toBe(NUL);

    // Nothing was written.
    const list = async (url: string) => (await t.request({ method: 'GET', url, token })).json<{ data: unknown[] }>();
    expect((await list('/api/transactions')).data).toHaveLength(0);
    expect((await list('/api/categories')).data).toHaveLength(1);
    expect((await list('/api/recurring')).data).toHaveLength(0);
    expect((await list('/api/settings')).data).toMatchObject({ firstName: null });
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nul@example.com', password: 'secret123' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('are refused in multipart fields and in the search filter', async () => {
    const boundary = 'NulBoundary';
    const part = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const body =
      part('categoryId', category.id) +
      part('type', 'expense') +
      part('amount', '12.50') +
      part('date', '2024-01-01') +
      part('description', 'x\u0000y') +
      `--${boundary}--\r\n`;
    const res = await t.request({
      method: 'POST',
      url: '/api/transactions',
      token,
      payload: body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ description: NUL });

    for (const url of ['/api/transactions', '/api/transactions/summary', '/api/export/pdf']) {
      const found = await t.request({ method: 'GET', url: `${url}?search=%00`, token });
      expect(found.statusCode, url).toBe(400);
      expect(found.json(), url).toEqual({ message: NUL, code: 'VALIDATION_FAILED', fields: { search: NUL } });
    }
  });

  it('that reach the database anyway are a 400, not a 500', () => {
    const fromDriver = Object.assign(new Error('Failed query: insert ...'), {
      cause: Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' }),
    });
    expect(toErrorReply(fromDriver)).toEqual([400, { message: NUL, code: 'VALIDATION_FAILED' }]);
  });
});

describe('transactions: forged cursors and broken uploads', () => {
  it('answers a cursor with an impossible timestamp 400, not 500', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const createdAt of [
      '2025-13-45T99:99:99.000000Z',
      '2025-02-30T10:00:00.000000Z',
      '2025-01-01T24:00:00.000000Z',
    ]) {
      const cursor = Buffer.from(JSON.stringify(['2025-01-01', createdAt, id])).toString('base64url');
      const res = await t.request({ method: 'GET', url: `/api/transactions?cursor=${cursor}`, token });
      expect(res.statusCode, createdAt).toBe(400);
      expect(res.json(), createdAt).toEqual({
        message: 'Invalid cursor',
        code: 'VALIDATION_FAILED',
        fields: { cursor: 'Invalid cursor' },
      });
    }
  });

  it('answers a cut-off or boundary-less multipart body 400 and creates nothing', async () => {
    const boundary = 'CutBoundary';
    const bodies: [contentType: string, payload: string][] = [
      [`multipart/form-data; boundary=${boundary}`, 'garbage'],
      [
        `multipart/form-data; boundary=${boundary}`,
        `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nexp`,
      ],
      ['multipart/form-data', 'x'],
    ];
    for (const method of ['POST', 'PUT'] as const) {
      const url = method === 'POST' ? '/api/transactions' : '/api/transactions/00000000-0000-4000-8000-000000000000';
      for (const [contentType, payload] of bodies) {
        const res = await t.request({ method, url, token, payload, headers: { 'content-type': contentType } });
        // PUT on an unknown id may be refused before or after reading the body, never with a 500.
        expect([400, 404], `${method} ${payload}`).toContain(res.statusCode);
        expect(res.json().message, `${method} ${payload}`).toMatch(
          /^(The upload could not be read|Transaction not found)/,
        );
      }
    }
    const res = await t.request({
      method: 'POST',
      url: '/api/transactions',
      token,
      payload: 'garbage',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.json()).toEqual({
      message: 'The upload could not be read. Please try again.',
      code: 'VALIDATION_FAILED',
    });
    const list = await t.request({ method: 'GET', url: '/api/transactions', token });
    expect(list.json().data).toHaveLength(0);
  });
});

describe('repeated or malformed query parameters', () => {
  it('get the human message of the parameter, on the field it belongs to', async () => {
    const cases: [url: string, field: string, message: string][] = [
      ['/api/transactions?startDate=2024-01-01&startDate=2024-02-01', 'startDate', 'Dates must be YYYY-MM-DD'],
      ['/api/transactions/summary?endDate=a&endDate=b', 'endDate', 'Dates must be YYYY-MM-DD'],
      ['/api/export/pdf?categoryId=a&categoryId=b', 'categoryId', 'Unknown category'],
      ['/api/transactions?search=rent&search=food', 'search', 'Search must be a single text'],
      ['/api/transactions?cursor=a&cursor=b', 'cursor', 'Invalid cursor'],
      ['/api/analytics/summary?startDate=a&startDate=b', 'startDate', 'Dates must be YYYY-MM-DD'],
      ['/api/categories?type=expense&type=income', 'type', 'Type must be expense or income'],
      ['/api/budgets/status?period=monthly&period=yearly', 'period', 'Period must be monthly or yearly'],
    ];
    for (const [url, field, message] of cases) {
      const res = await t.request({ method: 'GET', url, token });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ message, code: 'VALIDATION_FAILED', fields: { [field]: message } });
    }
  });

  it('still treat an empty type or period as absent', async () => {
    const categories = await t.request({ method: 'GET', url: '/api/categories?type=', token });
    expect(categories.statusCode).toBe(200);
    expect(categories.json().data).toHaveLength(1);
    const budgets = await t.request({ method: 'GET', url: '/api/budgets/status?period=', token });
    expect(budgets.statusCode).toBe(200);
    const incomeOnly = await t.request({ method: 'GET', url: '/api/categories?type=income', token });
    expect(incomeOnly.json().data).toHaveLength(0);
  });
});

describe('analytics at the end of the calendar', () => {
  it('answers a daily trend that ends on 9999-12-31 (it looped forever, eating memory)', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/analytics/daily-trends?startDate=9999-12-01&endDate=9999-12-31',
      token,
    });
    expect(res.statusCode).toBe(200);
    const points = res.json<{ data: { date: string }[] }>().data;
    expect(points).toHaveLength(31);
    expect(points[0]?.date).toBe('9999-12-01');
    expect(points.at(-1)?.date).toBe('9999-12-31');
  });
});

describe('JSON bodies that are not objects', () => {
  it('get one plain message on every writing route, and change nothing', async () => {
    const routes: [method: 'POST' | 'PUT', url: string][] = [
      ['POST', '/api/categories'],
      ['PUT', `/api/categories/${category.id}`],
      ['POST', '/api/transactions'],
      ['POST', '/api/budgets'],
      ['POST', '/api/recurring'],
      ['PUT', '/api/settings'],
      ['POST', '/api/auth/register'],
      ['POST', '/api/auth/login'],
    ];
    for (const [method, url] of routes) {
      for (const body of ['[]', '"text"', '42', '[{"name":"Food"}]']) {
        const res = await t.request({
          method,
          url,
          token,
          payload: body,
          headers: { 'content-type': 'application/json' },
        });
        expect(res.statusCode, `${method} ${url} ${body}`).toBe(400);
        expect(res.json(), `${method} ${url} ${body}`).toEqual({
          message: 'The request body must be a JSON object',
          code: 'VALIDATION_FAILED',
        });
      }
    }
    const list = async (url: string) => (await t.request({ method: 'GET', url, token })).json<{ data: unknown }>();
    expect((await list('/api/categories')).data).toEqual([category]);
    expect((await list('/api/transactions')).data).toEqual([]);
    expect((await list('/api/recurring')).data).toEqual([]);
  });
});
