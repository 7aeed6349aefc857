import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { S3_CREDENTIALS, s3StorageUrl } from './s3-server.js';

const CHILD = fileURLToPath(new URL('./s3-server-child.ts', import.meta.url));
const BUCKET = 'receipts';

export interface FreezableS3 {
  /** STORAGE_URL for the app. */
  storageUrl: string;
  /** Object keys under the prefix (without it); only while it runs. */
  keys(): Promise<string[]>;
  /** SIGSTOP: the port still takes connections (the kernel's backlog) but nothing answers. */
  freeze(): void;
  /** SIGCONT: it answers again, the requests it took while frozen first. */
  thaw(): void;
  /** Stops the process and deletes its files. */
  destroy(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) in a child process on loopback, on `port` (4569–4579),
 * for tests that freeze the store.
 */
export async function startFreezableS3(port: number, prefix = 'ledgerly'): Promise<FreezableS3> {
  process.env.AWS_ACCESS_KEY_ID = S3_CREDENTIALS.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = S3_CREDENTIALS.secretAccessKey;
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const directory = mkdtempSync(join(tmpdir(), 'ledgerly-s3-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', CHILD, String(port), directory, BUCKET], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.setEncoding('utf8');
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: string) => {
      output += chunk;
      if (output.includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code} before it was ready`)));
  });
  const client = new S3Client({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: S3_CREDENTIALS,
  });
  return {
    storageUrl: s3StorageUrl(port, prefix),
    async keys() {
      const answer = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `${prefix}/` }));
      return (answer.Contents ?? []).map((o) => o.Key!.slice(prefix.length + 1)).sort();
    },
    freeze: () => process.kill(child.pid!, 'SIGSTOP'),
    thaw: () => process.kill(child.pid!, 'SIGCONT'),
    async destroy() {
      client.destroy();
      if (child.exitCode === null && child.signalCode === null) {
        process.kill(child.pid!, 'SIGCONT');
        child.kill('SIGKILL');
        await once(child, 'exit');
      }
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
