import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';
import { AppError } from '../errors.js';
import { toErrorReply } from './error-handler.js';

/** Seconds a client is told to wait while the database does not answer. */
export const DB_RETRY_AFTER_SECONDS = 5;

const MESSAGE = 'The database is unavailable. Please try again shortly.';
const RETRY_AFTER = { 'retry-after': String(DB_RETRY_AFTER_SECONDS) };

const dbUnavailable = (cause: unknown, message = MESSAGE) => {
  const error = new AppError(503, 'DB_UNAVAILABLE', message, undefined, RETRY_AFTER);
  error.cause = cause;
  return error;
};

/**
 * Every /api request while PostgreSQL does not answer (db/liveness.ts): 503 DB_UNAVAILABLE with
 * Retry-After at once, before any hook asks the database; a request already waiting on it fails
 * as soon as the server is found silent (about a second), when its connections are dropped.
 * Whatever error such a request then meets (a dropped connection, a rollback that could not be
 * sent) is answered as that same 503; so is any other failure to reach the database. PGlite runs
 * in the process and cannot stop answering: nothing is registered for it.
 */
export function registerDbGuard(scope: FastifyInstance, database: Database): void {
  const liveness = database.liveness;
  if (!liveness) return;
  const outagesAtStart = new WeakMap<FastifyRequest, number>();

  const down = () => scope.log.warn('The database stopped answering: requests get 503 until it answers again');
  const up = () => scope.log.info('The database answers again');
  liveness.on('down', down);
  liveness.on('up', up);
  scope.addHook('onClose', async () => {
    liveness.off('down', down);
    liveness.off('up', up);
  });

  scope.addHook('onRequest', async (request, reply) => {
    outagesAtStart.set(request, liveness.outages);
    // Answered, not thrown: the outage is logged once, not as an error per request.
    if (liveness.down) return reply.code(503).headers(RETRY_AFTER).send({ message: MESSAGE, code: 'DB_UNAVAILABLE' });
  });

  // Runs before the app's error handler (app.ts), which answers what this one throws.
  scope.setErrorHandler((error, request) => {
    // The app's own answers stand (an overload's 503 included); only the database's gets Retry-After.
    if (error instanceof AppError && error.code !== 'DB_UNAVAILABLE') throw error;
    const [status, body] = toErrorReply(error);
    // Not known for a request refused before this scope's hook ran (under-pressure, rate limits).
    const started = outagesAtStart.get(request);
    const overlapped = liveness.down || (started !== undefined && started !== liveness.outages);
    if (body.code === 'DB_UNAVAILABLE') throw dbUnavailable(error, body.message);
    if (status >= 500 && overlapped) throw dbUnavailable(error);
    throw error;
  });
}
