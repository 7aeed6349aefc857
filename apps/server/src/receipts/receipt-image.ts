import type { Sharp } from 'sharp';
import { lazy } from '../lib/lazy.js';
import { MSG } from '@ledgerly/shared';
import { AppError, unsupportedMedia } from '../errors.js';

/** Types we accept, decided from the file's first bytes. */
export type UploadType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';
/** Types we store: GIFs become PNG (first frame, lossless). */
export type StoredType = 'image/jpeg' | 'image/png' | 'image/webp';

export interface ProcessedReceipt {
  mime: StoredType;
  full: Buffer;
  thumb: Buffer;
}

/** Longest side of the stored image and of its thumbnail, in pixels. */
export const RECEIPT_MAX_SIDE = 2000;
export const RECEIPT_THUMB_SIDE = 200;
/** Refuse decompression bombs: a 5 MB file may still claim gigapixels. */
const MAX_INPUT_PIXELS = 70_000_000;

const startsWith = (buf: Buffer, bytes: number[], offset = 0) =>
  buf.length >= offset + bytes.length && bytes.every((b, i) => buf[offset + i] === b);
const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

/** The image type named by the file's magic number, or null; the name and declared type are ignored. */
export function sniffImageType(buf: Buffer): UploadType | null {
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(buf, ascii('GIF87a')) || startsWith(buf, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

const SHARP_FORMAT: Record<UploadType, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

function encode(image: Sharp, mime: StoredType): Sharp {
  // Without keepMetadata()/withMetadata() sharp writes no EXIF, XMP or IPTC: GPS positions go.
  if (mime === 'image/jpeg') return image.jpeg({ quality: 85, mozjpeg: true });
  if (mime === 'image/webp') return image.webp({ quality: 85 });
  return image.png({ compressionLevel: 9 });
}

/**
 * Decodes an uploaded receipt, turns it upright by its EXIF orientation, caps its size and
 * re-encodes it without any metadata, plus a thumbnail. Throws 415 for anything that is not a
 * JPEG, PNG, GIF or WebP image that really decodes.
 */
/** Images decoded at once: each may take a few hundred MB while being turned upright. */
export const MAX_PARALLEL_DECODES = 2;
let decoding = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when fewer than MAX_PARALLEL_DECODES others are running; the rest wait in order. */
export async function withDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (decoding >= MAX_PARALLEL_DECODES) await new Promise<void>((resolve) => waiting.push(resolve));
  else decoding += 1;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, or is given back.
    const next = waiting.shift();
    if (next) next();
    else decoding -= 1;
  }
}

/** Checks, decodes and re-encodes an upload, a few at a time (see withDecodeSlot). */
export function processReceipt(upload: Buffer): Promise<ProcessedReceipt> {
  return withDecodeSlot(() => decodeReceipt(upload));
}

/** sharp (libvips) is loaded with the first image. */
export const loadSharp = lazy(async () => (await import('sharp')).default);

async function decodeReceipt(upload: Buffer): Promise<ProcessedReceipt> {
  const type = sniffImageType(upload);
  if (!type) throw unsupportedMedia(MSG.invalidImage);
  const mime: StoredType = type === 'image/gif' ? 'image/png' : type;
  const sharp = await loadSharp();
  const input = () => sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
  try {
    const meta = await input().metadata();
    if (meta.format !== SHARP_FORMAT[type]) throw unsupportedMedia(MSG.invalidImage);
    const full = await encode(
      input().autoOrient().resize({
        width: RECEIPT_MAX_SIDE,
        height: RECEIPT_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      }),
      mime,
    ).toBuffer();
    const thumb = await encode(
      sharp(full).resize({
        width: RECEIPT_THUMB_SIDE,
        height: RECEIPT_THUMB_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      }),
      mime,
    ).toBuffer();
    return { mime, full, thumb };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'The image has too many pixels');
    }
    throw unsupportedMedia(MSG.invalidImage);
  }
}
