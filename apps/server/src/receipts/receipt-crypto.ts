import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/** Two independent keys from the one app secret: one encrypts receipts, one signs their URLs. */
export interface ReceiptKeys {
  encryption: Buffer;
  signing: Buffer;
}

const SALT = 'ledgerly/receipts';

export function deriveReceiptKeys(appSecret: string): ReceiptKeys {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', appSecret, SALT, info, 32));
  return { encryption: derive('receipt-encryption/v1'), signing: derive('receipt-url-signing/v1') };
}

// File layout: magic (4) | IV (12) | GCM tag (16) | ciphertext.
const MAGIC = Buffer.from('LRC1');
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM with a fresh random IV. `context` (the file's key and variant) is bound as
 * associated data, so a file copied over another name does not decrypt.
 */
export function encryptReceipt(key: Buffer, plaintext: Buffer, context: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([MAGIC, iv, cipher.getAuthTag(), body]);
}

/** The plaintext, or null when the file is not ours, was altered, or belongs to another name. */
export function decryptReceipt(key: Buffer, blob: Buffer, context: string): Buffer | null {
  const head = MAGIC.length + IV_BYTES + TAG_BYTES;
  if (blob.length < head || !blob.subarray(0, MAGIC.length).equals(MAGIC)) return null;
  const iv = blob.subarray(MAGIC.length, MAGIC.length + IV_BYTES);
  const tag = blob.subarray(MAGIC.length + IV_BYTES, head);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(blob.subarray(head)), decipher.final()]);
  } catch {
    return null;
  }
}

export type ReceiptVariant = 'full' | 'thumb';

export interface ReceiptClaim {
  userId: string;
  transactionId: string;
  /** The stored receipt's key: replacing or removing the receipt voids earlier URLs. */
  receiptKey: string;
  variant: ReceiptVariant;
  /** Unix seconds after which the URL is refused. */
  exp: number;
}

export function signReceiptClaim(key: Buffer, claim: ReceiptClaim): string {
  const payload = ['v1', claim.userId, claim.transactionId, claim.receiptKey, claim.variant, String(claim.exp)].join(
    '|',
  );
  return createHmac('sha256', key).update(payload).digest('base64url');
}

export function verifyReceiptClaim(key: Buffer, claim: ReceiptClaim, sig: string): boolean {
  const expected = Buffer.from(signReceiptClaim(key, claim));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
