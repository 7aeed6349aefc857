import type { ImportBatch } from '@ledgerly/shared';
import { expect } from 'vitest';
import type { TestApp } from './build-test-app.js';
import { multipart } from './multipart.js';

/** Uploads a statement file (text or bytes) and answers the raw response. */
export function upload(
  t: TestApp,
  token: string,
  data: string | Buffer,
  options?: unknown,
  filename = 'statement.csv',
) {
  const fields: Record<string, string> = {};
  if (options !== undefined) fields.options = typeof options === 'string' ? options : JSON.stringify(options);
  return t.request({
    method: 'POST',
    url: '/api/imports',
    token,
    ...multipart(fields, [{ field: 'file', filename, data: typeof data === 'string' ? Buffer.from(data) : data }]),
  });
}

/** Uploads a statement that must preview, and answers its batch. */
export async function preview(t: TestApp, token: string, data: string | Buffer, options?: unknown) {
  const res = await upload(t, token, data, options);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: ImportBatch }>().data;
}

export async function getBatch(t: TestApp, token: string, id: string, query = '') {
  const res = await t.request({ method: 'GET', url: `/api/imports/${id}${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: ImportBatch }>().data;
}

/** Commits and waits (by polling the batch, not by sleeping a fixed time) until it is no longer importing. */
export async function commit(t: TestApp, token: string, id: string) {
  const res = await t.request({ method: 'POST', url: `/api/imports/${id}/commit`, token });
  expect(res.statusCode, res.body).toBe(200);
  let batch = res.json<{ data: ImportBatch }>().data;
  while (batch.status === 'importing') {
    await new Promise((resolve) => setImmediate(resolve));
    batch = await getBatch(t, token, id);
  }
  return batch;
}

/** Every transaction of the user (all dates), newest first. */
export async function allTransactions(t: TestApp, token: string) {
  const res = await t.request({ method: 'GET', url: '/api/transactions?limit=500', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    data: { id: string; amount: number; type: string; description: string | null; date: string; categoryId: string }[];
    meta: { total: number };
  }>();
}

/** A CSV statement with ISO dates and a signed amount. */
export const csv = (rows: [string, string, string][]) =>
  ['Date,Description,Amount', ...rows.map(([d, text, amount]) => `${d},${text},${amount}`)].join('\n') + '\n';
