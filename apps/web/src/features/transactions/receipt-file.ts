import { LIMITS, MSG, RECEIPT_MIME_TYPES } from '@ledgerly/shared';

/** What the file picker offers: the four image formats, by type and by extension. */
export const RECEIPT_ACCEPT = [...RECEIPT_MIME_TYPES, 'image/jpg', '.jpg', '.jpeg', '.png', '.gif', '.webp'].join(',');

const ALLOWED_TYPES = new Set<string>([...RECEIPT_MIME_TYPES, 'image/jpg']);
const ALLOWED_EXTENSION = /\.(jpe?g|png|gif|webp)$/i;

/**
 * The spec's message if the chosen file cannot be a receipt, else null. The server checks the
 * bytes; this is the quick check before anything is sent.
 */
export function receiptFileError(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  const typeOk = file.type ? ALLOWED_TYPES.has(file.type.toLowerCase()) : ALLOWED_EXTENSION.test(file.name);
  if (!typeOk) return MSG.invalidImage;
  if (file.size > LIMITS.receiptMaxBytes) return MSG.fileTooLarge;
  return null;
}

/**
 * Whether the browser can decode the file as an image. The type and name can lie (a PDF renamed
 * .jpg says image/jpeg); decoding cannot. Where the browser has no createImageBitmap (jsdom), the
 * server's check of the bytes is the only one.
 */
export async function receiptDecodes(file: Blob): Promise<boolean> {
  if (typeof createImageBitmap !== 'function') return true;
  try {
    const bitmap = await createImageBitmap(file);
    bitmap.close();
    return true;
  } catch {
    return false;
  }
}
