import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

/** Answers smaller than this go as they are: compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

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
  });
}
