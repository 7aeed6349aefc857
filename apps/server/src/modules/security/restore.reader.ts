import { open as openFile } from 'node:fs/promises';
import type yauzl from 'yauzl';
import { lazy } from '../../lib/lazy.js';
import { DocumentError } from './export-format.js';

/** Limits that stop a zip bomb before it is inflated (declared sizes) and while it is (actual bytes). */
export const RESTORE_LIMITS = {
  /** The upload itself. */
  fileBytes: 2 * 1024 ** 3,
  entries: 250_000,
  jsonBytes: 512 * 1024 ** 2,
  receiptBytes: 10 * 1024 ** 2,
  totalBytes: 8 * 1024 ** 3,
  /** Beyond this ratio of inflated to compressed size an entry of over 1 MB is refused. */
  maxRatio: 200,
} as const;

export interface ZipEntryInfo {
  name: string;
  size: number;
}

export interface ExportArchive {
  entries: Map<string, ZipEntryInfo>;
  /** The whole entry, refused if it inflates past `limit` (whatever its header claimed). */
  read(name: string, limit: number): Promise<Buffer>;
  close(): void;
}

const notOurs = (why: string) => new DocumentError(`This file is not a Ledgerly export: ${why}`);

/**
 * Opens an uploaded export and checks its directory before anything is inflated: a zip,
 * `ledgerly.json` at the top, only the names an export has, and sizes and ratios within
 * RESTORE_LIMITS. yauzl also checks every entry's bytes against its declared size.
 */
/** yauzl is loaded with the first restore. */
const loadYauzl = lazy(async () => (await import('yauzl')).default);

export async function openArchive(path: string): Promise<ExportArchive> {
  const unzip = await loadYauzl();
  // A zip ends in its directory; yauzl would also refuse, but with a less helpful message.
  const handle = await openFile(path, 'r');
  const { size } = await handle.stat();
  await handle.close();
  if (size < 22) throw notOurs('it is not a zip file');
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    unzip.open(
      path,
      { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true },
      (err, z) => (err ? reject(notOurs('it is not a zip file')) : resolve(z)),
    ),
  );
  const entries = new Map<string, ZipEntryInfo>();
  const raw = new Map<string, yauzl.Entry>();
  try {
    if (zip.entryCount > RESTORE_LIMITS.entries) throw notOurs('it holds too many files');
    let total = 0;
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = entry.fileName;
        if (name.endsWith('/')) {
          zip.readEntry();
          return;
        }
        if (!/^([a-z]+\.(json|csv)|receipts\/[A-Za-z0-9_.-]{1,100})$/.test(name)) {
          reject(notOurs(`unexpected file ${JSON.stringify(name.slice(0, 120))}`));
          return;
        }
        if (raw.has(name)) {
          reject(notOurs(`${name} appears twice`));
          return;
        }
        const limit = name === 'ledgerly.json' ? RESTORE_LIMITS.jsonBytes : RESTORE_LIMITS.receiptBytes;
        total += entry.uncompressedSize;
        const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
        if (
          (name.endsWith('.csv') ? false : entry.uncompressedSize > limit) ||
          total > RESTORE_LIMITS.totalBytes ||
          (entry.uncompressedSize > 1024 * 1024 && ratio > RESTORE_LIMITS.maxRatio)
        ) {
          reject(new DocumentError('This file inflates to far more than an export can hold'));
          return;
        }
        raw.set(name, entry);
        entries.set(name, { name, size: entry.uncompressedSize });
        zip.readEntry();
      });
      zip.on('end', () => resolve());
      zip.on('error', () => reject(notOurs('the zip is damaged')));
      zip.readEntry();
    });
    if (!entries.has('ledgerly.json')) throw notOurs('ledgerly.json is missing');
  } catch (error) {
    zip.close();
    throw error;
  }

  return {
    entries,
    close: () => zip.close(),
    read: (name, limit) =>
      new Promise<Buffer>((resolve, reject) => {
        const entry = raw.get(name);
        if (!entry) {
          reject(notOurs(`${name} is missing`));
          return;
        }
        zip.openReadStream(entry, (err, stream) => {
          if (err) {
            reject(notOurs(`${name} cannot be read`));
            return;
          }
          const chunks: Buffer[] = [];
          let bytes = 0;
          stream.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
            if (bytes > limit) {
              stream.destroy();
              reject(new DocumentError('This file inflates to far more than an export can hold'));
              return;
            }
            chunks.push(chunk);
          });
          stream.on('error', () => reject(notOurs(`${name} is damaged`)));
          stream.on('end', () => resolve(Buffer.concat(chunks)));
        });
      }),
  };
}
