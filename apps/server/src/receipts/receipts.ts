import { join } from 'node:path';
import { deriveReceiptKeys } from './receipt-crypto.js';
import { type ObjectStore, createObjectStore } from './object-store.js';
import { type ReceiptStore, createReceiptStore } from './receipt-store.js';
import { type ReceiptUrlSigner, createReceiptUrlSigner } from './receipt-urls.js';

/** Receipt storage and URL signing, built once per app from the app secret (docs/transactions.md). */
export interface Receipts {
  store: ReceiptStore;
  /** Where the encrypted files are: DATA_DIR/receipts or STORAGE_URL (housekeeping lists it). */
  objects: ObjectStore;
  sign: ReceiptUrlSigner;
  /** Verifies the signed URLs that `sign` makes. */
  signingKey: Buffer;
}

/** `timeoutMs` is the deadline of each store call (STORAGE_TIMEOUT_SECONDS). */
export function createReceipts(appSecret: string, dataDir: string, storageUrl?: string, timeoutMs?: number): Receipts {
  const keys = deriveReceiptKeys(appSecret);
  const objects = createObjectStore(storageUrl, join(dataDir, 'receipts'), timeoutMs);
  return {
    objects,
    store: createReceiptStore(objects, keys.encryption),
    sign: createReceiptUrlSigner(keys.signing),
    signingKey: keys.signing,
  };
}
