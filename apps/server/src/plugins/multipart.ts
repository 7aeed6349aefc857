import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { LIMITS } from '@ledgerly/shared';

/**
 * The rest of a request body nobody will read, read and dropped. A multipart handler that
 * answers before the body has arrived (a wrong part name, a parser limit, a refused file)
 * leaves busboy holding the request with backpressure; Node does not dump a body that is
 * being consumed, so the keep-alive connection would wait for it for ever and the next request
 * on it — behind a proxy, perhaps another user's — would get no answer. Draining keeps the
 * connection usable; a body that never ends is cut off by the request timeout (REQUEST_TIMEOUT_SECONDS).
 */
export function drainUnreadBody(raw: IncomingMessage): void {
  if (raw.readableEnded || raw.destroyed) return;
  raw.unpipe();
  raw.resume();
}

/**
 * Multipart uploads (receipts, statements, restores) with the app-wide part limits; a route
 * passes its own file limit. Every multipart answer drains what the handler left unread.
 */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: LIMITS.receiptMaxBytes, files: 1, fields: 20, fieldSize: 4096, parts: 25 },
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.isMultipart()) drainUnreadBody(request.raw);
    return payload;
  });
}
