/**
 * The receipt sweep (docs/transactions.md): removes encrypted receipt objects that no transaction
 * refers to, in the local folder or the S3 store alike. Saving a receipt writes its objects before
 * the row, and replacing or deleting one removes the old objects after the row changed; a crash
 * (or a store that was down) between the two steps leaves objects that nothing will ever read.
 * Runs at start-up and then daily; only objects older than an hour are considered, so an upload
 * whose row is still being written is never touched.
 */
import type { Db } from '../db/client.js';
import { receiptKeysInUse } from '../modules/ledger/index.js';
import { type ObjectStore, keyOfTemporary } from '../receipts/object-store.js';

export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;

/** `ab/<key>-<variant>.bin`; a local store's temporary file of one is `….bin.<uuid>.tmp`. */
const RECEIPT_OBJECT =
  /^[0-9a-f]{2}\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-(?:full|thumb)\.bin$/;

export interface ReceiptSweepResult {
  /** Receipt objects old enough to be looked at. */
  checked: number;
  /** Objects removed: orphans and left-over temporary files. */
  removed: number;
}

export interface ReceiptSweepOptions {
  now?: number;
  minAgeMs?: number;
  stopped?: () => boolean;
}

/** One pass over the store; exported for tests and one-off runs. */
export async function sweepOrphanReceipts(
  db: Db,
  objects: ObjectStore,
  { now = Date.now(), minAgeMs = ORPHAN_MIN_AGE_MS, stopped }: ReceiptSweepOptions = {},
): Promise<ReceiptSweepResult> {
  const result: ReceiptSweepResult = { checked: 0, removed: 0 };
  // First the old objects, then the keys in use: a key in use was stored within seconds of its
  // objects being written, so no object listed here can gain a row after the keys are read.
  const candidates: { object: string; key: string; temporary: boolean }[] = [];
  for await (const page of objects.list()) {
    for (const { key: object, modifiedAt } of page) {
      const temporaryOf = keyOfTemporary(object);
      const match = RECEIPT_OBJECT.exec(temporaryOf ?? object);
      if (!match || now - modifiedAt < minAgeMs) continue;
      candidates.push({ object, key: match[1]!, temporary: temporaryOf !== null });
    }
    if (stopped?.()) return result;
  }
  result.checked = candidates.length;
  if (!candidates.length) return result;
  const inUse = await receiptKeysInUse(db);
  const orphans = candidates.filter((c) => c.temporary || !inUse.has(c.key)).map((c) => c.object);
  for (let i = 0; i < orphans.length && !stopped?.(); i += 500) {
    const chunk = orphans.slice(i, i + 500);
    await objects.delete(chunk);
    result.removed += chunk.length;
  }
  return result;
}
