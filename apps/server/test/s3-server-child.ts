/**
 * s3rver in a process of its own (test/s3-server-process.ts starts it), so a test can freeze the
 * store with SIGSTOP: `node --import tsx test/s3-server-child.ts <port> <directory> <bucket>`.
 * Says "ready" on stdout once it listens.
 */
import S3rver from 's3rver';

const [port, directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: Number(port),
  directory: directory!,
  silent: true,
  configureBuckets: [{ name: bucket! }],
});
await server.run();
process.stdout.write('ready\n');
