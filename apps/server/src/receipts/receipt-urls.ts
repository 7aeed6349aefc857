import { type ReceiptVariant, signReceiptClaim } from './receipt-crypto.js';

/** Signed URLs live one to two hours: `exp` is rounded up to the next full hour plus one, so a
 * URL stays the same for an hour and the browser's image cache keeps working across reloads. */
const WINDOW_SECONDS = 3600;

export interface ReceiptUrls {
  receiptUrl: string | null;
  receiptThumbUrl: string | null;
}

export type ReceiptUrlSigner = (tx: { id: string; userId: string; receiptKey: string | null }) => ReceiptUrls;

export function receiptExpiry(nowMs: number): number {
  return (Math.floor(nowMs / 1000 / WINDOW_SECONDS) + 2) * WINDOW_SECONDS;
}

export function receiptPath(transactionId: string, variant: ReceiptVariant, exp: number, sig: string): string {
  return `/api/receipts/${transactionId}/${variant}?exp=${exp}&sig=${sig}`;
}

/** Signs the two receipt URLs of a transaction (both null when it has no receipt). */
export function createReceiptUrlSigner(signingKey: Buffer, now: () => number = Date.now): ReceiptUrlSigner {
  return (tx) => {
    const receiptKey = tx.receiptKey;
    if (!receiptKey) return { receiptUrl: null, receiptThumbUrl: null };
    const exp = receiptExpiry(now());
    const url = (variant: ReceiptVariant) => {
      const claim = { userId: tx.userId, transactionId: tx.id, receiptKey, variant, exp };
      return receiptPath(tx.id, variant, exp, signReceiptClaim(signingKey, claim));
    };
    return { receiptUrl: url('full'), receiptThumbUrl: url('thumb') };
  };
}
