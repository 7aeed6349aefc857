/**
 * The receipt sweep (docs/transactions.md): removes encrypted receipt files that no transaction
 * refers to. Saving a receipt writes its files before the row, and replacing or deleting one
 * removes the old files after the row changed; a crash between the two steps leaves files that
 * nothing will ever read. Runs at start-up and then daily; only files older than an hour are
 * considered, so an upload whose row is still being written is never touched.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { transactions } from '../db/schema.js';

export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;

/** `<key>-<variant>.bin`, or a temporary file of one (`….bin.<uuid>.tmp`) left by a crash. */
const RECEIPT_FILE =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-(?:full|thumb)\.bin(\.[0-9a-f-]{36}\.tmp)?$/;

export interface ReceiptSweepResult {
  /** Receipt files old enough to be looked at. */
  checked: number;
  /** Files removed: orphans and left-over temporary files. */
  removed: number;
}

export interface ReceiptSweepOptions {
  now?: number;
  minAgeMs?: number;
  stopped?: () => boolean;
}

async function listDir(path: string): Promise<string[]> {
  try {
    return await readdir(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** One pass over `dir` (DATA_DIR/receipts); exported for tests and one-off runs. */
export async function sweepOrphanReceipts(
  db: Db,
  dir: string,
  { now = Date.now(), minAgeMs = ORPHAN_MIN_AGE_MS, stopped }: ReceiptSweepOptions = {},
): Promise<ReceiptSweepResult> {
  const result: ReceiptSweepResult = { checked: 0, removed: 0 };
  // First the old files, then the keys in use: a key in use was stored within seconds of its
  // files being written, so no file listed here can gain a row after the keys are read.
  const candidates: { path: string; key: string; temporary: boolean }[] = [];
  for (const folder of await listDir(dir)) {
    if (!/^[0-9a-f]{2}$/.test(folder)) continue;
    for (const name of await listDir(join(dir, folder))) {
      const match = RECEIPT_FILE.exec(name);
      if (!match) continue;
      const path = join(dir, folder, name);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile() || now - info.mtimeMs < minAgeMs) continue;
      candidates.push({ path, key: match[1]!, temporary: Boolean(match[2]) });
    }
  }
  result.checked = candidates.length;
  if (!candidates.length) return result;
  const rows = await db
    .select({ key: transactions.receiptKey })
    .from(transactions)
    .where(isNotNull(transactions.receiptKey));
  const inUse = new Set(rows.map((r) => r.key));
  for (const file of candidates) {
    if (stopped?.()) break;
    if (!file.temporary && inUse.has(file.key)) continue;
    await rm(file.path, { force: true });
    result.removed += 1;
  }
  return result;
}
