import { join } from 'node:path';
import { deriveReceiptKeys } from './receipt-crypto.js';
import { type ReceiptStore, createReceiptStore } from './receipt-store.js';
import { type ReceiptUrlSigner, createReceiptUrlSigner } from './receipt-urls.js';

/** Receipt storage and URL signing, built once per app from the app secret (docs/transactions.md). */
export interface Receipts {
  store: ReceiptStore;
  sign: ReceiptUrlSigner;
  /** Verifies the signed URLs that `sign` makes. */
  signingKey: Buffer;
}

export function createReceipts(appSecret: string, dataDir: string): Receipts {
  const keys = deriveReceiptKeys(appSecret);
  return {
    store: createReceiptStore(join(dataDir, 'receipts'), keys.encryption),
    sign: createReceiptUrlSigner(keys.signing),
    signingKey: keys.signing,
  };
}
