import { beforeAll, describe, expect, it } from 'vitest';
import { type Category, todayIn } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../test/build-test-app.js';
import { createCategory, createTransaction } from '../test/factories.js';
import { toErrorReply } from './plugins/error-handler.js';
import { getBatch, preview, upload } from '../test/imports-helpers.js';

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

describe('ranges ending on the last date there is, 9999-12-31', () => {
  it('are answered by every analytics range (they gave a 500) and count what lies inside', async () => {
    const { token: own } = await registerUser(t, { timezone: 'UTC' });
    const food = await createCategory(t, own, { name: 'Food' });
    const today = todayIn('UTC');
    await createTransaction(t, own, {
      categoryId: food.id,
      type: 'expense',
      amount: 12.5,
      date: today,
      description: 'Lunch',
    });
    for (const range of ['endDate=9999-12-31', `startDate=${today}&endDate=9999-12-31`, `startDate=${today}`]) {
      const summary = await t.request({ method: 'GET', url: `/api/analytics/summary?${range}`, token: own });
      expect(summary.statusCode, `${range}: ${summary.body}`).toBe(200);
      expect(summary.json().data, range).toMatchObject({ totalExpense: 12.5, transactionCount: 1 });
      const breakdown = await t.request({
        method: 'GET',
        url: `/api/analytics/category-breakdown?${range}`,
        token: own,
      });
      expect(breakdown.statusCode, range).toBe(200);
      expect(breakdown.json().data, range).toMatchObject({ total: 12.5, breakdown: [{ categoryName: 'Food' }] });
      const top = await t.request({ method: 'GET', url: `/api/analytics/top-categories?${range}`, token: own });
      expect(top.statusCode, range).toBe(200);
      expect(top.json().data, range).toHaveLength(1);
      const pattern = await t.request({ method: 'GET', url: `/api/analytics/daily-pattern?${range}`, token: own });
      expect(pattern.statusCode, range).toBe(200);
      expect(
        pattern.json<{ data: { count: number }[] }>().data.reduce((n, d) => n + d.count, 0),
        range,
      ).toBe(1);
    }
    // Inside the last month of all, from a day that is not its first: no whole month follows.
    const last = await t.request({
      method: 'GET',
      url: '/api/analytics/summary?startDate=9999-12-05&endDate=9999-12-31',
      token: own,
    });
    expect(last.statusCode).toBe(200);
    expect(last.json().data).toMatchObject({ transactionCount: 0 });
    // The ledger's own filters refuse dates after today with their message, as before.
    for (const url of [
      '/api/transactions',
      '/api/transactions/summary',
      '/api/transactions/export.csv',
      '/api/export/pdf',
    ]) {
      const res = await t.request({ method: 'GET', url: `${url}?endDate=9999-12-31`, token: own });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ code: 'VALIDATION_FAILED', fields: { endDate: expect.any(String) } });
    }
  });
});

describe('unpaired surrogates (half a UTF-16 pair: valid JSON, no text a database can hold)', () => {
  const BAD = 'Text cannot contain invalid Unicode characters';
  const raw = (method: 'POST' | 'PUT', url: string, json: string) =>
    t.request({ method, url, token, payload: json, headers: { 'content-type': 'application/json' } });

  it('are refused in JSON bodies, naming the field, at any depth (import-profile headers gave a 500)', async () => {
    const cases: [method: 'POST' | 'PUT', url: string, json: string, field: string][] = [
      ['POST', '/api/import-profiles', '{"name":"Bank","header":["Date","\\ud800"],"options":{}}', 'header'],
      ['POST', '/api/import-profiles', '{"name":"\\udfff Bank","header":["Date"],"options":{}}', 'name'],
      [
        'POST',
        '/api/import-profiles',
        '{"name":"Bank","header":["Date"],"options":{"csv":{"columns":{"description":["Memo\\ud800"]}}}}',
        'options',
      ],
      ['POST', '/api/categories', '{"name":"Food \\ud83d","type":"expense"}', 'name'],
      ['PUT', '/api/settings', '{"firstName":"\\udc00Ann","currency":"USD"}', 'firstName'],
      ['POST', '/api/rules', `{"contains":"shop\\ud800","categoryId":"${category.id}"}`, 'contains'],
      [
        'POST',
        '/api/recurring',
        `{"categoryId":"${category.id}","type":"expense","amount":5,"description":"Rent\\ud800","startDate":"2024-01-01"}`,
        'description',
      ],
    ];
    for (const [method, url, json, field] of cases) {
      const res = await raw(method, url, json);
      expect(res.statusCode, `${url} ${json}`).toBe(400);
      expect(res.json(), `${url} ${json}`).toEqual({
        message: BAD,
        code: 'VALIDATION_FAILED',
        fields: { [field]: BAD },
      });
    }
    // A whole pair (an emoji written as two escapes) is a character like any other.
    const emoji = await raw(
      'POST',
      '/api/import-profiles',
      '{"name":"Bank \\ud83d\\ude00","header":["Date"],"options":{}}',
    );
    expect(emoji.statusCode, emoji.body).toBe(201);
    expect(emoji.json().data.name).toBe('Bank 😀');
    const profiles = await t.request({ method: 'GET', url: '/api/import-profiles', token });
    expect(profiles.json().data).toHaveLength(1);
    const rules = await t.request({ method: 'GET', url: '/api/rules', token });
    expect(rules.json().data).toHaveLength(0);
  });

  it('are refused in the import options of an upload and of a re-read, and nothing is written', async () => {
    // Its own user: a preview creates an "Uncategorized" category, which other tests here do not expect.
    const { token } = await registerUser(t);
    const statement = 'Date,Description,Amount\n2024-01-05,Coffee,-3.50\n';
    const options = '{"csv":{"columns":{"description":["Description\\ud800"]}}}';
    const res = await upload(t, token, statement, options);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: BAD, code: 'VALIDATION_FAILED', fields: { options: BAD } });
    const listed = await t.request({ method: 'GET', url: '/api/imports', token });
    expect(listed.json().data).toHaveLength(0);

    const batch = await preview(t, token, statement);
    const again = await t.request({
      method: 'PUT',
      url: `/api/imports/${batch.id}`,
      token,
      payload: `{"options":${options}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: BAD, code: 'VALIDATION_FAILED', fields: { options: BAD } });
    expect((await getBatch(t, token, batch.id)).options).toEqual(batch.options);
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
