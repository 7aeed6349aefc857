import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ReceiptVariant, decryptReceipt, encryptReceipt } from './receipt-crypto.js';
import type { ProcessedReceipt } from './receipt-image.js';

const VARIANTS: readonly ReceiptVariant[] = ['full', 'thumb'];

export interface ReceiptStore {
  /** Encrypts and writes both variants under a new random key; on failure nothing is left. */
  save(image: ProcessedReceipt): Promise<string>;
  /** The decrypted variant, or null if it is missing or does not decrypt. */
  read(receiptKey: string, variant: ReceiptVariant): Promise<Buffer | null>;
  /** Deletes both variants; a missing file is not an error. */
  remove(receiptKey: string): Promise<void>;
}

/**
 * Encrypted receipt files under `dir` (DATA_DIR/receipts), two hex characters of fan-out:
 * `dir/ab/ab12…-full.bin`, `dir/ab/ab12…-thumb.bin`. Names come from a random UUID, never
 * from the upload.
 */
export function createReceiptStore(dir: string, encryptionKey: Buffer): ReceiptStore {
  const folder = (key: string) => join(dir, key.slice(0, 2));
  const path = (key: string, variant: ReceiptVariant) => join(folder(key), `${key}-${variant}.bin`);
  const context = (key: string, variant: ReceiptVariant) => `${key}:${variant}`;

  async function remove(receiptKey: string): Promise<void> {
    await Promise.all(VARIANTS.map((v) => rm(path(receiptKey, v), { force: true })));
  }

  return {
    async save(image) {
      const key = randomUUID();
      await mkdir(folder(key), { recursive: true, mode: 0o700 });
      const written: string[] = [];
      try {
        for (const variant of VARIANTS) {
          const target = path(key, variant);
          // Write aside, then rename: a reader never sees half a file.
          const temp = `${target}.${randomUUID()}.tmp`;
          written.push(temp);
          await writeFile(temp, encryptReceipt(encryptionKey, image[variant], context(key, variant)), { mode: 0o600 });
          await rename(temp, target);
          written.push(target);
        }
      } catch (error) {
        await Promise.all(written.map((p) => rm(p, { force: true })));
        throw error;
      }
      return key;
    },

    async read(receiptKey, variant) {
      let blob: Buffer;
      try {
        blob = await readFile(path(receiptKey, variant));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      return decryptReceipt(encryptionKey, blob, context(receiptKey, variant));
    },

    remove,
  };
}
