/**
 * A receipt store that stops answering (hardening item 7): a real s3rver in a child process,
 * frozen with SIGSTOP. Every call has a deadline (STORAGE_TIMEOUT_SECONDS, 2 s here): upload,
 * receipt, export and delete answer as when the store refuses, well before the 120 s they hung
 * for; after SIGCONT everything works again and nothing is left that housekeeping does not take.
 */
import { isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { todayIn } from '@ledgerly/shared';
import { transactions } from '../db/schema.js';
import { registerUser, useTestApp } from '../../test/build-test-app.js';
import { createCategory, createTransactionWithReceipt } from '../../test/factories.js';
import { multipart } from '../../test/multipart.js';
import { png } from '../../test/receipt-fixtures.js';
import { s3StorageUrl } from '../../test/s3-server.js';
import { type FreezableS3, startFreezableS3 } from '../../test/s3-server-process.js';
import { readZip } from '../../test/zip.js';
import { ORPHAN_MIN_AGE_MS, sweepOrphanReceipts } from '../jobs/receipt-sweep.js';
import { receiptObjectKey } from './receipt-store.js';
import { createReceipts } from './receipts.js';

const PORT = 4572;
const DEADLINE_SECONDS = 2;
/** The bound the answers are held to: the deadline and generous room for a busy 2-core machine. */
const BOUND_SECONDS = DEADLINE_SECONDS + 6;

let s3: FreezableS3;
beforeAll(async () => {
  s3 = await startFreezableS3(PORT);
});
afterAll(async () => {
  await (s3 as FreezableS3 | undefined)?.destroy(); // unset when beforeAll failed
});
const t = useTestApp({ STORAGE_URL: s3StorageUrl(PORT), STORAGE_TIMEOUT_SECONDS: String(DEADLINE_SECONDS) });

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

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
    }[];
  return { ...auth, create, post, list };
}

/** Sends a request and measures how long its answer took, in seconds. */
async function timed(send: () => Promise<LightMyRequestResponse>) {
  const started = performance.now();
  const res = await send();
  return { res, seconds: (performance.now() - started) / 1000 };
}

function expectUnavailable({ res, seconds }: { res: LightMyRequestResponse; seconds: number }) {
  expect(res.statusCode).toBe(503);
  expect(res.json()).toEqual({
    code: 'STORAGE_UNAVAILABLE',
    message: 'Receipt storage is unavailable. Please try again shortly.',
  });
  expect(res.headers['retry-after']).toBe('30');
  expect(seconds).toBeLessThan(BOUND_SECONDS);
}

/** The objects the transactions refer to: what should be in the bucket once orphans are swept. */
async function objectsInUse(): Promise<string[]> {
  const rows = await t.db.db
    .select({ key: transactions.receiptKey })
    .from(transactions)
    .where(isNotNull(transactions.receiptKey));
  return rows.flatMap((r) => [receiptObjectKey(r.key!, 'full'), receiptObjectKey(r.key!, 'thumb')]).sort();
}

describe('a frozen receipt store (SIGSTOP)', () => {
  it('answers upload, receipt, export and delete within the deadline, and works again after SIGCONT', async () => {
    const user = await userWithCategory();
    // The first calls load the S3 client and warm the child up, which on a busy machine can take
    // longer than the short deadline of this test: tried until one is stored.
    let first!: LightMyRequestResponse;
    await vi.waitFor(
      async () => {
        first = await user.post();
        expect(first.statusCode).toBe(201);
      },
      { timeout: 30_000, interval: 100 },
    );
    const kept = first.json().data as { id: string; receiptUrl: string };
    const doomed = await user.create();
    const leaving = await userWithCategory();
    await leaving.create();
    const plain = await registerUser(t);

    s3.freeze();
    try {
      // An upload: 503, and no row.
      expectUnavailable(await timed(() => user.post()));
      // Serving a receipt: 503 (not 404: it still exists).
      expectUnavailable(await timed(() => t.request({ method: 'GET', url: kept.receiptUrl })));
      // An export with receipts: 503 before the download starts.
      expectUnavailable(await timed(() => t.request({ method: 'GET', url: '/api/account/export', token: user.token })));
      // An account without receipts exports as usual: the store is not asked.
      const plainExport = await timed(() =>
        t.request({ method: 'GET', url: '/api/account/export', token: plain.token }),
      );
      expect(plainExport.res.statusCode).toBe(200);
      // Deleting a transaction or an account answers as when the store refuses: done, the files
      // left for housekeeping.
      const deleted = await timed(() =>
        t.request({ method: 'DELETE', url: `/api/transactions/${doomed.id}`, token: user.token }),
      );
      expect(deleted.res.statusCode).toBe(204);
      expect(deleted.seconds).toBeLessThan(BOUND_SECONDS);
      const gone = await timed(() =>
        t.request({ method: 'DELETE', url: '/api/account', token: leaving.token, payload: { password: 'secret123' } }),
      );
      expect(gone.res.statusCode).toBe(204);
      expect(gone.seconds).toBeLessThan(BOUND_SECONDS);
      expect((await user.list()).map((tx) => tx.id)).toEqual([kept.id]);
    } finally {
      s3.thaw();
    }

    // Awake: the receipt is served whole, the export has it, uploads work.
    const full = await t.request({ method: 'GET', url: kept.receiptUrl });
    expect(full.statusCode).toBe(200);
    expect(full.rawPayload.subarray(0, 4)).toEqual(PNG_MAGIC);
    const exported = await t.request({ method: 'GET', url: '/api/account/export', token: user.token });
    expect(exported.statusCode).toBe(200);
    const files = await readZip(exported.rawPayload);
    expect([...files.keys()].filter((name) => name.startsWith('receipts/'))).toEqual([`receipts/${kept.id}.png`]);
    await user.create();

    // Calls cut off by the deadline reach the store when it wakes (a write may land after its
    // 503); nothing refers to what they left, and housekeeping removes it.
    const objects = createReceipts(t.config.appSecret, t.config.dataDir, t.config.storageUrl).objects;
    await vi.waitFor(
      async () => {
        await sweepOrphanReceipts(t.db.db, objects, { now: Date.now() + 2 * ORPHAN_MIN_AGE_MS });
        expect(await s3.keys()).toEqual(await objectsInUse());
      },
      { timeout: 15_000, interval: 500 },
    );
  });
});
