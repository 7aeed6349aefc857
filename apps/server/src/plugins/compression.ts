import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

/** Answers smaller than this go as they are: compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/**
 * Answers up to this size are compressed in one synchronous call; larger ones through a stream.
 * A zlib stream per response (its context, the thread pool hop, the pipeline) costs far more CPU
 * than compressing 64 KB at once (brotli quality 4: about 0.3 ms), and most API answers are a
 * few KB to a few tens of KB. The library's default on two cores is 8 KB.
 */
export const COMPRESS_SYNC_MAX_BYTES = 64 * 1024;

/**
 * API answers over 1 KB are compressed (brotli, else gzip) for clients that accept it; images,
 * zips and PDFs are left alone by their type. The built web app's files are compressed once at
 * build time and served as such (static-spa.ts), not on every request.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    syncThreshold: COMPRESS_SYNC_MAX_BYTES,
  });
}
