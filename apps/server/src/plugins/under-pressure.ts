import type { FastifyInstance } from 'fastify';
import underPressure from '@fastify/under-pressure';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';

/** Seconds a client is told to wait when the server is overloaded. */
export const PRESSURE_RETRY_AFTER_SECONDS = 10;

/**
 * Answers 503 with Retry-After while the event loop lags (a long PGlite query, a CPU-bound
 * report) or the heap is near its limit, instead of queueing more work (docs/operations.md).
 */
export async function registerUnderPressure(app: FastifyInstance, config: Config): Promise<void> {
  const { maxEventLoopDelayMs, maxHeapUsedBytes } = config.pressure;
  if (maxEventLoopDelayMs === 0 && maxHeapUsedBytes === 0) return;
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    maxHeapUsedBytes,
    retryAfter: PRESSURE_RETRY_AFTER_SECONDS,
    pressureHandler: () =>
      Promise.reject(
        new AppError(503, 'OVERLOADED', 'The server is busy. Please try again in a few seconds.', undefined, {
          'retry-after': String(PRESSURE_RETRY_AFTER_SECONDS),
        }),
      ),
  });
}
