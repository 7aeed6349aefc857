import { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

/** The slowest a request body may arrive (config: BODY_MIN_BYTES_PER_SECOND, BODY_MIN_RATE_GRACE_SECONDS). */
export interface BodyRate {
  /** 0 turns the check off. */
  bytesPerSecond: number;
  /** The rate is enforced once the body has been awaited this long. */
  graceMs: number;
}

/** The rate is the mean over the last this many grace periods (a minute by default). */
export const WINDOW_GRACES = 6;

export const BODY_TOO_SLOW = 'The request body arrived too slowly. Please try again on a better connection.';

/**
 * Cuts a request whose body arrives slower than a minimum rate: a client trickling a body (a byte
 * a second) holds a connection and a request for at most the grace period (trickling from the
 * start) or the window (after a fast start), instead of the whole REQUEST_TIMEOUT_SECONDS.
 *
 * What counts is the body's bytes received per second of waiting for them, measured
 * every second (or half the grace, if shorter) from the request's arrival to its body's end, over
 * the last six grace periods. A second in which the server itself was not taking the body (its
 * reader paused, or a full buffer waiting to be read) does not count against the client, so a
 * slow consumer never cuts an upload. Too slow: the client gets 408 REQUEST_TIMEOUT in the app's
 * error shape, the connection is closed, and whatever was reading the body fails with the same
 * error, so nothing from the request is acted on.
 */
export function registerBodyRate(app: FastifyInstance, rate: BodyRate): void {
  if (rate.bytesPerSecond === 0) return;
  const cut = new WeakMap<FastifyRequest, AppError>();
  app.addHook('onRequest', (request, reply, done) => {
    const { headers } = request.raw;
    const hasBody =
      headers['transfer-encoding'] !== undefined ||
      (headers['content-length'] !== undefined && headers['content-length'] !== '0');
    // Only bodies coming over a connection (app.inject's arrive whole).
    if (hasBody && !request.raw.complete && request.raw.socket instanceof Socket)
      watch(request, reply, rate, (error) => cut.set(request, error));
    done();
  });
  // A request cut before anything started reading its body goes no further.
  app.addHook('preParsing', async (request, _reply, payload) => {
    const error = cut.get(request);
    if (error) throw error;
    return payload;
  });
}

function watch(request: FastifyRequest, reply: FastifyReply, rate: BodyRate, onCut: (error: AppError) => void): void {
  const raw = request.raw;
  const { socket } = raw;
  const windowMs = rate.graceMs * WINDOW_GRACES;
  const tickMs = Math.max(100, Math.min(1000, rate.graceMs / 2));
  const samples: { ms: number; bytes: number }[] = [];
  let awaitedMs = 0;
  let lastAt = performance.now();
  // The body's bytes as they arrive, read or not: those already in the request's buffer (nothing
  // reads a body before onRequest), then every chunk Node's HTTP parser pushes into the stream.
  // (Once an answered request's body is being discarded, Node no longer pushes it: then the
  // bytes read from the connection tell.)
  let received = raw.readableLength;
  let lastRead = 0;
  let lastSocketRead = socket.bytesRead;
  const push = raw.push.bind(raw);
  raw.push = (chunk: unknown, encoding?: BufferEncoding) => {
    if (chunk !== null && chunk !== undefined) received += (chunk as { length: number }).length;
    return push(chunk, encoding);
  };

  const timer = setInterval(tick, tickMs);
  timer.unref();
  // Watched until the body is all there or the connection gone, also after an early answer (a
  // 401 before the body was read): Node then reads the rest of the body before the next request.
  const stop = () => clearInterval(timer);

  function tick(): void {
    if (raw.complete || raw.readableEnded || raw.destroyed || socket.destroyed) {
      stop();
      return;
    }
    const now = performance.now();
    const sample = { ms: now - lastAt, bytes: Math.max(received - lastRead, socket.bytesRead - lastSocketRead) };
    lastAt = now;
    // The server is not taking more (its reader paused it, or has a full buffer left to read):
    // the time is not held against the client; the bytes count with the next second.
    if (raw.readableFlowing === false || raw.readableLength >= raw.readableHighWaterMark) return;
    lastRead = received;
    lastSocketRead = socket.bytesRead;
    samples.push(sample);
    awaitedMs += sample.ms;
    let spanMs = samples.reduce((sum, s) => sum + s.ms, 0);
    while (samples.length > 1 && spanMs - (samples[0]?.ms ?? 0) >= windowMs) spanMs -= samples.shift()?.ms ?? 0;
    if (awaitedMs < rate.graceMs) return;
    const bytes = samples.reduce((sum, s) => sum + s.bytes, 0);
    if ((bytes * 1000) / spanMs >= rate.bytesPerSecond) return;

    stop();
    const error = Object.assign(new AppError(408, 'REQUEST_TIMEOUT', BODY_TOO_SLOW), { statusCode: 408 });
    onCut(error);
    const answered = !reply.raw.headersSent && socket.writable;
    request.log.warn(
      { bytesPerSecond: Math.round((bytes * 1000) / spanMs), seconds: Math.round(spanMs / 100) / 10 },
      `Request body slower than ${rate.bytesPerSecond} bytes/s: ${answered ? 'answered 408 and ' : ''}closed the connection`,
    );
    // Nothing more is read, so the body cannot complete now; the answer goes out, then the
    // connection is dropped and the reader of the body (if any) fails with the same error.
    socket.pause();
    const close = () => raw.destroy(error);
    if (!answered) {
      close();
      return;
    }
    const body = JSON.stringify({ message: BODY_TOO_SLOW, code: 'REQUEST_TIMEOUT' });
    const fallback = setTimeout(close, 1000);
    fallback.unref();
    socket.end(
      'HTTP/1.1 408 Request Timeout\r\nContent-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      () => {
        clearTimeout(fallback);
        close();
      },
    );
  }
}
