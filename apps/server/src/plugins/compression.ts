import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';
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
 * The fastest levels: brotli 1 and gzip 1 (the library's defaults are brotli 4 and gzip 6). On
 * the visits' answers (a 26 KB list page, 7 KB dashboards, 2 KB of categories) brotli 4 took
 * 92–278 µs of CPU each and brotli 1 20–53 µs, for 13–19 % more bytes (3.9 KB instead of 3.3 KB
 * for the list); gzip 1 133 µs against gzip 6's 253 µs on the list (docs/performance.md, Issue 24
 * step 4). Every answer is compressed anew, so its CPU counts more than a few hundred bytes.
 */
export const BROTLI_QUALITY = 1;
export const GZIP_LEVEL = 1;

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
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      },
    },
    zlibOptions: { level: GZIP_LEVEL },
  });
}
