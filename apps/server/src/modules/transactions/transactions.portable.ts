import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import { MSG } from '@ledgerly/shared';
import { unsupportedMedia } from '../../errors.js';
import {
  RECEIPT_MAX_SIDE,
  RECEIPT_THUMB_SIDE,
  type StoredType,
  loadSharp,
  sniffImageType,
  withDecodeSlot,
} from '../../receipts/receipt-image.js';
import type { ReceiptStore } from '../../receipts/receipt-store.js';
import type { Db } from '../../db/client.js';
import { transactions } from '../../db/schema.js';
import { type Cursor, type PagedRow, pageRows } from '../ledger/index.js';

/**
 * The user's receipt keys, a page at a time in key order (for deleting an account's files
 * after its rows are gone).
 */
export async function receiptKeysPage(db: Db, userId: string, after: string | null, limit: number): Promise<string[]> {
  const rows = await db
    .select({ key: transactions.receiptKey })
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        isNotNull(transactions.receiptKey),
        after ? gt(transactions.receiptKey, after) : undefined,
      ),
    )
    .orderBy(asc(transactions.receiptKey))
    .limit(limit);
  return rows.map((r) => r.key!);
}

/** Every receipt key of the user (a UUID each: 100k of them are a few MB). */
export async function allReceiptKeys(db: Db, userId: string): Promise<string[]> {
  const keys: string[] = [];
  for (let after: string | null = null; ;) {
    const page = await receiptKeysPage(db, userId, after, 5000);
    keys.push(...page);
    if (page.length < 5000) return keys;
    after = page[page.length - 1]!;
  }
}

export type PortableTransactionRow = PagedRow;

/**
 * Every transaction of the user, a page at a time in a stable order (date, creation, id), so
 * the export's memory stays flat however many there are.
 */
export async function* exportTransactions(db: Db, userId: string, pageSize = 1000) {
  let after: Cursor | undefined;
  for (;;) {
    const page = await pageRows(db, userId, {}, { limit: pageSize, after, order: 'oldest' });
    if (page.length) yield page;
    if (page.length < pageSize) return;
    after = page[page.length - 1]!.cursor;
  }
}

export async function countTransactions(db: Db, userId: string): Promise<number> {
  const rows = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(eq(transactions.userId, userId))
    .limit(1);
  return rows.length;
}

/** The stored (full) image of a receipt, decrypted; null if its file is missing. */
export function readReceiptImage(store: ReceiptStore, receiptKey: string): Promise<Buffer | null> {
  return store.read(receiptKey, 'full');
}

/**
 * Stores a receipt image from an export as it is (it was cleaned and sized when first
 * uploaded, so re-encoding would only lose quality and change its bytes), with a new thumbnail.
 * Refuses (415) anything that is not a JPEG, PNG or WebP image within our size that decodes.
 */
export async function storeRestoredReceipt(
  store: ReceiptStore,
  full: Buffer,
): Promise<{ key: string; mime: StoredType }> {
  const type = sniffImageType(full);
  if (type !== 'image/jpeg' && type !== 'image/png' && type !== 'image/webp') throw unsupportedMedia(MSG.invalidImage);
  const format = type.slice('image/'.length);
  const thumb = await withDecodeSlot(async () => {
    try {
      const sharp = await loadSharp();
      const image = sharp(full, { limitInputPixels: RECEIPT_MAX_SIDE * RECEIPT_MAX_SIDE, failOn: 'error' });
      const meta = await image.metadata();
      if (meta.format !== format || meta.width > RECEIPT_MAX_SIDE || meta.height > RECEIPT_MAX_SIDE) {
        return null;
      }
      const resized = image.resize({
        width: RECEIPT_THUMB_SIDE,
        height: RECEIPT_THUMB_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      });
      const encoded =
        type === 'image/jpeg'
          ? resized.jpeg({ quality: 85, mozjpeg: true })
          : type === 'image/webp'
            ? resized.webp({ quality: 85 })
            : resized.png({ compressionLevel: 9 });
      return await encoded.toBuffer();
    } catch {
      return null;
    }
  });
  if (!thumb) throw unsupportedMedia(MSG.invalidImage);
  return { key: await store.save({ mime: type, full, thumb }), mime: type };
}
