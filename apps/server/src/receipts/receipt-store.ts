import { randomUUID } from 'node:crypto';
import { type ObjectStore, StorageUnavailableError } from './object-store.js';
import { type ReceiptVariant, decryptReceipt, encryptReceipt } from './receipt-crypto.js';
import type { ProcessedReceipt } from './receipt-image.js';

const VARIANTS: readonly ReceiptVariant[] = ['full', 'thumb'];

export interface ReceiptStore {
  /** Encrypts and writes both variants under a new random key; on failure nothing refers to them. */
  save(image: ProcessedReceipt): Promise<string>;
  /** The decrypted variant, or null if it is missing or does not decrypt. */
  read(receiptKey: string, variant: ReceiptVariant): Promise<Buffer | null>;
  /** Deletes both variants; a missing one is not an error. */
  remove(receiptKey: string): Promise<void>;
  /** Deletes both variants of many receipts, a batch per store call; stops at the first failure. */
  removeMany(receiptKeys: string[]): Promise<void>;
}

/** The object key of a receipt variant: two hex characters of fan-out, `ab/ab12…-full.bin`. */
export const receiptObjectKey = (key: string, variant: ReceiptVariant) => `${key.slice(0, 2)}/${key}-${variant}.bin`;

/**
 * Encrypted receipts in an object store (a local folder or S3, object-store.ts). Names come from
 * a random UUID, never from the upload; each variant is encrypted with its name bound in.
 */
export function createReceiptStore(objects: ObjectStore, encryptionKey: Buffer): ReceiptStore {
  const context = (key: string, variant: ReceiptVariant) => `${key}:${variant}`;
  const removeMany = (receiptKeys: string[]) =>
    objects.delete(receiptKeys.flatMap((key) => VARIANTS.map((v) => receiptObjectKey(key, v))));
  const remove = (receiptKey: string) => removeMany([receiptKey]);

  return {
    async save(image) {
      const key = randomUUID();
      try {
        for (const variant of VARIANTS) {
          await objects.put(
            receiptObjectKey(key, variant),
            encryptReceipt(encryptionKey, image[variant], context(key, variant)),
          );
        }
      } catch (error) {
        // Best effort: what cannot be deleted now is an orphan that housekeeping removes. A store
        // past its deadline would only make the answer wait another one, so it is not awaited.
        const cleanup = remove(key).catch(() => undefined);
        if (!(error instanceof StorageUnavailableError && error.timedOut)) await cleanup;
        throw error;
      }
      return key;
    },

    async read(receiptKey, variant) {
      const blob = await objects.get(receiptObjectKey(receiptKey, variant));
      return blob && decryptReceipt(encryptionKey, blob, context(receiptKey, variant));
    },

    remove,
    removeMany,
  };
}
