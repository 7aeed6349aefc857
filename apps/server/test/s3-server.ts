import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

/** s3rver's fixed credentials, which the app reads from the environment like any AWS key. */
export const S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3 {
  /** STORAGE_URL for the app: `s3://<bucket>/<prefix>?endpoint=…&forcePathStyle=true`. */
  storageUrl: string;
  /** Object keys under the prefix (without it). */
  keys(): Promise<string[]>;
  /** Stops the server (the store is down); `start` brings it back with the same objects. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and deletes its files. */
  destroy(): Promise<void>;
}

const BUCKET = 'receipts';

/** The STORAGE_URL of the test server on `port` (known before it starts). */
export const s3StorageUrl = (port: number, prefix = 'ledgerly') =>
  `s3://${BUCKET}/${prefix}?endpoint=${encodeURIComponent(`http://127.0.0.1:${port}`)}&region=us-east-1&forcePathStyle=true`;

/**
 * A real S3-compatible server (s3rver) on loopback, on a port of the 4569–4579 range, with one
 * bucket; objects live in a temporary folder that outlives stop/start.
 */
export async function startTestS3(port: number, prefix = 'ledgerly'): Promise<TestS3> {
  process.env.AWS_ACCESS_KEY_ID = S3_CREDENTIALS.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = S3_CREDENTIALS.secretAccessKey;
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const directory = mkdtempSync(join(tmpdir(), 'ledgerly-s3-'));
  const bucket = BUCKET;
  let server: S3rver | null = null;
  const start = async () => {
    server = new S3rver({ address: '127.0.0.1', port, directory, silent: true, configureBuckets: [{ name: bucket }] });
    await server.run();
  };
  const stop = async () => {
    await server?.close();
    server = null;
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3_CREDENTIALS });
  return {
    storageUrl: s3StorageUrl(port, prefix),
    async keys() {
      const answer = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `${prefix}/` }));
      return (answer.Contents ?? []).map((o) => o.Key!.slice(prefix.length + 1)).sort();
    },
    stop,
    start,
    async destroy() {
      await stop();
      client.destroy();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
