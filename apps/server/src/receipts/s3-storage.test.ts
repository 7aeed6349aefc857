/**
 * Receipts in an S3-compatible store (STORAGE_URL, DESIGN §9), against a real S3 server
 * (s3rver) on loopback: upload, serve, delete, account deletion, orphans, and a store that is down.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../test/build-test-app.js';
import { createCategory, createTransaction, createTransactionWithReceipt } from '../../test/factories.js';
import { multipart } from '../../test/multipart.js';
import { png } from '../../test/receipt-fixtures.js';
import { type TestS3, s3StorageUrl, startTestS3 } from '../../test/s3-server.js';
import { ORPHAN_MIN_AGE_MS, sweepOrphanReceipts } from '../jobs/receipt-sweep.js';
import { createReceipts } from './receipts.js';

const PORT = 4569;
let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3(PORT);
});
afterAll(async () => {
  await (s3 as TestS3 | undefined)?.destroy(); // unset when beforeAll failed
});
const t = useTestApp({ STORAGE_URL: s3StorageUrl(PORT) });

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
const objectsOf = (keys: string[], receiptKey: string) => keys.filter((k) => k.includes(receiptKey));

async function userWithCategory() {
  const auth = await registerUser(t);
  const cat = await createCategory(t, auth.token);
  const fields = {
    categoryId: cat.id,
    type: 'expense' as const,
    amount: '12.5',
    description: 'Lunch',
    date: todayIn('UTC'),
  };
  const receipt = async () => ({ filename: 'r.png', contentType: 'image/png', data: await png() });
  /** Creates one with a receipt (201 asserted). */
  const create = async () => createTransactionWithReceipt(t, auth.token, { ...fields, receipt: await receipt() });
  /** Sends the same form as it is, for an upload that may be refused. */
  const post = async () =>
    t.request({ method: 'POST', url: '/api/transactions', token: auth.token, ...multipart(fields, [await receipt()]) });
  const list = async () =>
    (await t.request({ method: 'GET', url: '/api/transactions', token: auth.token })).json().data as {
      id: string;
      receiptUrl: string | null;
      receiptThumbUrl: string | null;
    }[];
  return { ...auth, fields, create, post, list };
}

/** The receipt key of a receipt URL's transaction, read from the bucket listing by elimination. */
const receiptKeyOf = (before: string[], after: string[]) => {
  const added = after.filter((k) => !before.includes(k));
  expect(added).toHaveLength(2);
  return /([0-9a-f-]{36})-full\.bin$/.exec(added.find((k) => k.endsWith('-full.bin'))!)![1]!;
};

describe('receipts in S3', () => {
  it('uploads encrypted objects, serves them and deletes them with the transaction', async () => {
    const user = await userWithCategory();
    const before = await s3.keys();
    const tx = await user.create();
    const after = await s3.keys();
    const key = receiptKeyOf(before, after);
    expect(objectsOf(after, key)).toEqual([
      `${key.slice(0, 2)}/${key}-full.bin`,
      `${key.slice(0, 2)}/${key}-thumb.bin`,
    ]);
    // Nothing on the local disk.
    expect(existsSync(join(t.config.dataDir, 'receipts'))).toBe(false);

    const full = await t.request({ method: 'GET', url: tx.receiptUrl });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/png');
    expect(full.rawPayload.subarray(0, 4)).toEqual(PNG_MAGIC);
    expect((await t.request({ method: 'GET', url: tx.receiptThumbUrl })).statusCode).toBe(200);

    const removed = await t.request({ method: 'DELETE', url: `/api/transactions/${tx.id}`, token: user.token });
    expect(removed.statusCode).toBe(204);
    expect(objectsOf(await s3.keys(), key)).toEqual([]);
    expect((await t.request({ method: 'GET', url: tx.receiptUrl })).statusCode).toBe(404);
  });

  it('stores only ciphertext: the objects are not the image', async () => {
    const user = await userWithCategory();
    const before = await s3.keys();
    await user.create();
    const key = receiptKeyOf(before, await s3.keys());
    const raw = await createReceipts(t.config.appSecret, t.config.dataDir, t.config.storageUrl).objects.get(
      `${key.slice(0, 2)}/${key}-full.bin`,
    );
    expect(raw!.subarray(0, 4).toString()).toBe('LRC1');
    expect(raw!.includes(PNG_MAGIC)).toBe(false);
  });

  it('deleting the account removes every object of the user and no other', async () => {
    const other = await userWithCategory();
    await other.create();
    const user = await userWithCategory();
    const start = await s3.keys();
    for (let i = 0; i < 3; i++) await user.create();
    const mine = (await s3.keys()).filter((k) => !start.includes(k));
    expect(mine).toHaveLength(6);
    const gone = await t.request({
      method: 'DELETE',
      url: '/api/account',
      token: user.token,
      payload: { password: 'secret123' },
    });
    expect(gone.statusCode).toBe(204);
    const left = await s3.keys();
    expect(left.filter((k) => mine.includes(k))).toEqual([]);
    expect(left).toEqual(start);
    const theirs = (await other.list())[0]!;
    expect((await t.request({ method: 'GET', url: theirs.receiptUrl! })).statusCode).toBe(200);
  });

  it('housekeeping removes old orphans in the bucket and keeps the receipts in use', async () => {
    const user = await userWithCategory();
    await user.create();
    const objects = createReceipts(t.config.appSecret, t.config.dataDir, t.config.storageUrl).objects;
    const orphan = 'ab/ab0e0f5c-1d2b-4c3a-9e8f-7a6b5c4d3e2f-full.bin';
    await objects.put(orphan, Buffer.from('left by a crash'));
    await objects.put('notes/readme.txt', Buffer.from('not ours'));
    const inUse = (await s3.keys()).filter((k) => k !== orphan && k !== 'notes/readme.txt');

    // Young: an upload whose row may still be on its way is left alone.
    expect((await sweepOrphanReceipts(t.db.db, objects)).removed).toBe(0);
    // An hour later it is an orphan.
    const later = Date.now() + 2 * ORPHAN_MIN_AGE_MS;
    const result = await sweepOrphanReceipts(t.db.db, objects, { now: later });
    expect(result).toEqual({ checked: inUse.length + 1, removed: 1 });
    expect(await s3.keys()).toEqual([...inUse, 'notes/readme.txt'].sort());
    const tx = (await user.list())[0]!;
    expect((await t.request({ method: 'GET', url: tx.receiptUrl! })).statusCode).toBe(200);
  });

  it('a store that is down answers 503 STORAGE_UNAVAILABLE; nothing is lost or half-written', async () => {
    const user = await userWithCategory();
    const kept = await user.create();
    const doomed = await user.create();
    const beforeDown = await s3.keys();
    await s3.stop();
    try {
      // An upload: 503, and no transaction row.
      const upload = await user.post();
      expect(upload.statusCode).toBe(503);
      expect(upload.json()).toEqual({
        code: 'STORAGE_UNAVAILABLE',
        message: 'Receipt storage is unavailable. Please try again shortly.',
      });
      expect(upload.headers['retry-after']).toBe('30');
      expect((await user.list()).map((tx) => tx.id).sort()).toEqual([kept.id, doomed.id].sort());

      // Replacing a receipt: 503, and the transaction keeps its old one.
      const replace = await t.request({
        method: 'PUT',
        url: `/api/transactions/${kept.id}`,
        token: user.token,
        ...multipart({ ...user.fields, amount: '99' }, [
          { filename: 'r.png', contentType: 'image/png', data: await png(50, 50) },
        ]),
      });
      expect(replace.statusCode).toBe(503);

      // Serving one: 503, not a 404 (the receipt still exists).
      const served = await t.request({ method: 'GET', url: kept.receiptUrl });
      expect(served.statusCode).toBe(503);
      expect(served.json().code).toBe('STORAGE_UNAVAILABLE');

      // A transaction without a receipt is unaffected, and deleting one with a receipt still
      // works: its objects are left for housekeeping.
      await createTransaction(t, user.token, { ...user.fields, multipart: true });
      expect(
        (await t.request({ method: 'DELETE', url: `/api/transactions/${doomed.id}`, token: user.token })).statusCode,
      ).toBe(204);
    } finally {
      await s3.start();
    }
    // Back up: nothing was written while down, and the kept receipt is whole and unchanged.
    expect(await s3.keys()).toEqual(beforeDown);
    const now = (await user.list()).find((tx) => tx.id === kept.id)!;
    expect(now.receiptUrl).toBe(kept.receiptUrl);
    const full = await t.request({ method: 'GET', url: kept.receiptUrl });
    expect(full.statusCode).toBe(200);
    expect(full.rawPayload.subarray(0, 4)).toEqual(PNG_MAGIC);
    // The deleted transaction's objects are orphans now; housekeeping takes them.
    const objects = createReceipts(t.config.appSecret, t.config.dataDir, t.config.storageUrl).objects;
    const swept = await sweepOrphanReceipts(t.db.db, objects, { now: Date.now() + 2 * ORPHAN_MIN_AGE_MS });
    expect(swept.removed).toBe(2);
    expect((await s3.keys()).length).toBe(beforeDown.length - 2);
  });
});

describe('STORAGE_URL', () => {
  it('is checked at start-up with a message naming what is wrong', async () => {
    const { loadConfig } = await import('../config.js');
    const base = { DATA_DIR: t.config.dataDir, APP_SECRET: t.config.appSecret };
    for (const [url, message] of [
      ['http://bucket/x', 'must start with s3://'],
      ['s3://B!/x', 'names no valid bucket'],
      ['s3://key:secret@bucket/x', 'must not hold credentials'],
      ['s3://bucket/x?endpoint=ftp://x', 'endpoint must be an http:// or https:// URL'],
      ['s3://bucket/x?forcePathStyle=yes', 'forcePathStyle must be true or false'],
      ['s3://bucket/x?regoin=eu', "has an unknown option 'regoin'"],
    ] as const) {
      expect(() => loadConfig({ ...base, STORAGE_URL: url })).toThrow(`STORAGE_URL: ${message}`);
    }
    expect(loadConfig({ ...base, STORAGE_URL: 's3://bucket?region=eu-west-1' }).storageUrl).toBe(
      's3://bucket?region=eu-west-1',
    );
  });
});
