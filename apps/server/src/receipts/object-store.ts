/**
 * Where receipt files live (DESIGN §9): a local folder (DATA_DIR/receipts, the default) or any
 * S3-compatible object store (`STORAGE_URL=s3://bucket/prefix?endpoint=…`). The store only moves
 * bytes: receipts are encrypted before they reach it (receipt-store.ts).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { AppError } from '../errors.js';
import { lazy } from '../lib/lazy.js';
import { type S3Location, parseStorageUrl } from './storage-url.js';

export interface StoredObject {
  key: string;
  /** Last written, in ms since the epoch. */
  modifiedAt: number;
}

export interface ObjectStore {
  /** 'local' or 's3', for logs and docs. */
  readonly kind: 'local' | 's3';
  /** Writes the whole object or nothing: a reader never sees half of it. */
  put(key: string, body: Buffer): Promise<void>;
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** Deletes the objects; missing ones are not an error. */
  delete(keys: string[]): Promise<void>;
  /** Every object, in pages (housekeeping); local stores also list left-over temporary files. */
  list(): AsyncIterable<StoredObject[]>;
}

/** The store did not answer or refused: 503, and nothing was written (see STORAGE_UNAVAILABLE). */
export class StorageUnavailableError extends AppError {
  constructor(
    cause: unknown,
    /** True when the store did not answer within its deadline (it may still act on the call later). */
    readonly timedOut = false,
  ) {
    super(503, 'STORAGE_UNAVAILABLE', 'Receipt storage is unavailable. Please try again shortly.', undefined, {
      'retry-after': '30',
    });
    this.cause = cause;
  }
}

/** The default deadline of one store call (STORAGE_TIMEOUT_SECONDS). */
export const DEFAULT_STORAGE_TIMEOUT_MS = 10_000;

/**
 * Runs one store call with a deadline: `work` gets a signal that aborts after `ms` (the S3 client
 * cancels its request with it), and the call rejects with StorageUnavailableError at the deadline
 * even if `work` does not heed the signal (a file system call cannot be cut short).
 */
export async function withDeadline<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const reason = new Error(`the receipt store did not answer within ${ms} ms`);
      controller.abort(reason);
      reject(new StorageUnavailableError(reason, true));
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** The pages of `pages`, each with its own deadline. */
async function* pagesWithDeadline<T>(ms: number, pages: AsyncIterator<T>): AsyncGenerator<T> {
  for (;;) {
    const next = await withDeadline(ms, () => pages.next());
    if (next.done) return;
    yield next.value;
  }
}

/** Keys handed to one delete call at most (S3's DeleteObjects takes 1000). */
const DELETE_BATCH = 1000;

// ── Local folder ──────────────────────────────────────────────────────────────────────────

const TEMP_SUFFIX = /\.[0-9a-f-]{36}\.tmp$/;

/**
 * Objects as files under `dir`; a key's slashes are folders. Writes go aside, then are renamed.
 * Each call has a deadline of `timeoutMs` (a hung network file system answers 503, not never).
 */
export function createLocalObjectStore(dir: string, timeoutMs = DEFAULT_STORAGE_TIMEOUT_MS): ObjectStore {
  const path = (key: string) => join(dir, ...key.split('/'));

  async function* walk(folder: string, prefix: string): AsyncGenerator<StoredObject> {
    let names: string[];
    try {
      names = await readdir(folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const name of names) {
      const full = join(folder, name);
      const info = await stat(full).catch(() => null);
      if (!info) continue;
      if (info.isDirectory()) yield* walk(full, `${prefix}${name}/`);
      else if (info.isFile()) yield { key: `${prefix}${name}`, modifiedAt: info.mtimeMs };
    }
  }

  async function* pages(): AsyncGenerator<StoredObject[]> {
    let page: StoredObject[] = [];
    for await (const object of walk(dir, '')) {
      page.push(object);
      if (page.length >= 1000) {
        yield page;
        page = [];
      }
    }
    if (page.length) yield page;
  }

  return {
    kind: 'local',
    put: (key, body) =>
      withDeadline(timeoutMs, async (signal) => {
        const target = path(key);
        await mkdir(dirname(target), { recursive: true, mode: 0o700 });
        const temp = `${target}.${randomUUID()}.tmp`;
        try {
          await writeFile(temp, body, { mode: 0o600, signal });
          await rename(temp, target);
        } catch (error) {
          await rm(temp, { force: true });
          throw error;
        }
      }),
    get: (key) =>
      withDeadline(timeoutMs, async (signal) => {
        try {
          return await readFile(path(key), { signal });
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
          throw error;
        }
      }),
    async delete(keys) {
      for (let i = 0; i < keys.length; i += DELETE_BATCH) {
        const batch = keys.slice(i, i + DELETE_BATCH);
        await withDeadline(timeoutMs, () => Promise.all(batch.map((key) => rm(path(key), { force: true }))));
      }
    },
    list: () => pagesWithDeadline(timeoutMs, pages()),
  };
}

/** A local store's temporary file (`<key>.<uuid>.tmp`, left by a crash mid-write) → its key. */
export function keyOfTemporary(key: string): string | null {
  return TEMP_SUFFIX.test(key) ? key.replace(TEMP_SUFFIX, '') : null;
}

// ── S3-compatible ─────────────────────────────────────────────────────────────────────────

/** What the S3 client waits for a connection, in ms (at most the call's deadline). */
const S3_CONNECT_TIMEOUT_MS = 3_000;

/** The AWS SDK (some 20 MB of code) is loaded when an S3 store is first used. */
const loadS3 = lazy(() => import('@aws-sdk/client-s3'));

/**
 * Objects in an S3 bucket under a prefix; every failure but "no such key" is StorageUnavailableError.
 * Every request has a deadline of `timeoutMs`, retries and reading the body included: a store
 * that stops answering (frozen, or a network that drops packets) is a 503 after it, like one that
 * refuses.
 */
export function createS3ObjectStore(
  location: S3Location,
  timeoutMs = DEFAULT_STORAGE_TIMEOUT_MS,
  client?: S3Client,
): ObjectStore {
  const connect = lazy(async () => {
    const sdk = await loadS3();
    const s3 =
      client ??
      new sdk.S3Client({
        region: location.region,
        endpoint: location.endpoint,
        forcePathStyle: location.forcePathStyle,
        // Two tries within the deadline, then the call gives up with a 503 rather than hang.
        maxAttempts: 2,
        requestHandler: {
          connectionTimeout: Math.min(S3_CONNECT_TIMEOUT_MS, timeoutMs),
          // Without throwOnRequestTimeout the SDK only logs a request past its timeout.
          requestTimeout: timeoutMs,
          throwOnRequestTimeout: true,
        },
        // Checksums only where S3 requires them: many S3-compatible stores refuse the newer ones.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
    return { sdk, s3 };
  });
  const { bucket, prefix } = location;
  const unavailable = (error: unknown): never => {
    throw error instanceof StorageUnavailableError ? error : new StorageUnavailableError(error);
  };

  return {
    kind: 's3',
    async put(key, body) {
      const { sdk, s3 } = await connect();
      // One PUT: S3 stores the whole object or none of it.
      const command = new sdk.PutObjectCommand({
        Bucket: bucket,
        Key: prefix + key,
        Body: body,
        ContentLength: body.length,
      });
      await withDeadline(timeoutMs, (abortSignal) => s3.send(command, { abortSignal })).catch(unavailable);
    },
    async get(key) {
      const { sdk, s3 } = await connect();
      try {
        return await withDeadline(timeoutMs, async (abortSignal) => {
          const answer = await s3.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: prefix + key }), {
            abortSignal,
          });
          const body = answer.Body;
          if (!body) return null;
          // The body arrives after the answer's head: a store that stalls mid-body is cut off too.
          if (body instanceof Readable) abortSignal.addEventListener('abort', () => body.destroy(), { once: true });
          return Buffer.from(await body.transformToByteArray());
        });
      } catch (error) {
        if (error instanceof sdk.NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        return unavailable(error);
      }
    },
    async delete(keys) {
      const { sdk, s3 } = await connect();
      for (let i = 0; i < keys.length; i += DELETE_BATCH) {
        const command = new sdk.DeleteObjectsCommand({
          Bucket: bucket,
          Delete: { Objects: keys.slice(i, i + DELETE_BATCH).map((key) => ({ Key: prefix + key })), Quiet: true },
        });
        const answer = await withDeadline(timeoutMs, (abortSignal) => s3.send(command, { abortSignal })).catch(
          unavailable,
        );
        const failed = (answer.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
        if (failed.length)
          unavailable(new Error(`could not delete ${failed.length} objects: ${failed[0]?.Code ?? 'unknown error'}`));
      }
    },
    async *list() {
      const { sdk, s3 } = await connect();
      let token: string | undefined;
      do {
        const command = new sdk.ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token });
        const answer = await withDeadline(timeoutMs, (abortSignal) => s3.send(command, { abortSignal })).catch(
          unavailable,
        );
        yield (answer.Contents ?? [])
          .filter((o) => o.Key?.startsWith(prefix))
          .map((o) => ({ key: o.Key!.slice(prefix.length), modifiedAt: o.LastModified?.getTime() ?? 0 }));
        token = answer.IsTruncated ? answer.NextContinuationToken : undefined;
      } while (token);
    },
  };
}

/** The configured store: S3 when STORAGE_URL is set, else the folder; `timeoutMs` per call. */
export function createObjectStore(
  storageUrl: string | undefined,
  localDir: string,
  timeoutMs = DEFAULT_STORAGE_TIMEOUT_MS,
): ObjectStore {
  return storageUrl
    ? createS3ObjectStore(parseStorageUrl(storageUrl), timeoutMs)
    : createLocalObjectStore(localDir, timeoutMs);
}
