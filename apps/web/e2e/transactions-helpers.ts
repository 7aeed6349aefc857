import { expect, type Page } from '@playwright/test';
import { deflateSync } from 'node:zlib';
import type { Category, Transaction } from '@ledgerly/shared';
import { SCREENSHOT_DIR, api, pageToken } from './helpers';
import { addDays, today } from './clock';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * A real RGB PNG. `noise` fills it with pseudo-random pixels so it does not compress: a bigger
 * upload whose progress can be watched.
 */
export function makePng(width: number, height: number, opts: { noise?: boolean } = {}): Buffer {
  let seed = 42;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed & 0xff;
  };
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const o = 1 + x * 3;
      if (opts.noise) {
        row[o] = rand();
        row[o + 1] = rand();
        row[o + 2] = rand();
      } else {
        // A receipt-ish picture: white paper with grey "lines of text".
        const ink = y % 12 < 3 && x > width * 0.1 && x < width * (0.5 + ((y * 7) % 40) / 100);
        row[o] = row[o + 1] = row[o + 2] = ink ? 90 : 250;
      }
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Creates the default categories and answers them by name. */
export async function initCategories(page: Page): Promise<Record<string, Category>> {
  const init = await api(page, 'POST', '/categories/initialize');
  expect(init.ok()).toBe(true);
  const res = await api(page, 'GET', '/categories');
  const { data } = (await res.json()) as { data: Category[] };
  return Object.fromEntries(data.map((c) => [c.name, c]));
}

export interface NewTransaction {
  category: Category;
  amount: string;
  description?: string;
  date: string;
  receipt?: Buffer;
}

/** POST /api/transactions as the page's user (multipart, like the app). */
export async function createTransaction(page: Page, tx: NewTransaction): Promise<Transaction> {
  const token = await pageToken(page);
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {
    categoryId: tx.category.id,
    type: tx.category.type,
    amount: tx.amount,
    description: tx.description ?? '',
    date: tx.date,
  };
  if (tx.receipt) multipart.receipt = { name: 'receipt.png', mimeType: 'image/png', buffer: tx.receipt };
  const res = await page.request.post('/api/transactions', {
    multipart,
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: Transaction }).data;
}

/** Opens the Transactions tab from the desktop sidebar or, on a phone, the menu. */
export async function openTransactionsTab(page: Page): Promise<void> {
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  if (await nav.isVisible()) {
    await nav.getByRole('button', { name: 'Transactions' }).click();
  } else {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Transactions' }).click();
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
}

/** Today in the e2e users' time zone and dates relative to it. */
export const utcToday = today;
export function daysAgo(n: number): string {
  return addDays(today(), -n);
}

/** A screenshot of what is on screen (open dialogs are fixed to the viewport, not the page). */
export async function viewportScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png` });
}

export const TODAY = utcToday();
export const FIRST_OF_MONTH = `${TODAY.slice(0, 7)}-01`;
export const FIRST_OF_YEAR = `${TODAY.slice(0, 4)}-01-01`;

/** 'Showing N of M transactions'. */
export const counter = (page: Page) => page.getByText(/^Showing \d+ of \d+ transactions$/);
export const list = (page: Page) => page.getByRole('list', { name: 'Transactions' });
export const card = (page: Page, text: string) => list(page).getByRole('listitem').filter({ hasText: text });
/** One of the summary cards, by its label. */
export const summary = (page: Page, label: string) =>
  page.locator('[data-tone]').filter({ has: page.getByText(label, { exact: true }) });
