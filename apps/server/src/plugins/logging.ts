import { createRequire } from 'node:module';
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import type { PrettyOptions } from 'pino-pretty';
import type { Config } from '../config.js';
import { serializeError } from './error-handler.js';

/** Where log lines go instead of stdout (tests read them). */
export interface LogStream {
  write(line: string): void;
}

/**
 * pino-pretty in this thread, loaded only for a terminal. (As a pino transport it would run in a
 * worker thread: a second JavaScript engine, some 20 MB and a slower start for a few log lines.)
 */
function prettyStream(): LogStream {
  const require = createRequire(import.meta.url);
  const pretty = require('pino-pretty') as (options: PrettyOptions) => LogStream;
  return pretty({ translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,reqId', singleLine: true });
}

/**
 * The app's logger (pino): JSON lines, or readable lines through pino-pretty when stdout is a
 * terminal. Its serializers keep secrets out of every line, the requests' and the background
 * jobs' alike (jobs log through this logger too): a request is its path without the query
 * string (signed receipt links, search text), an error is its type, first message line and codes
 * (drizzle's "Failed query … params: …" carries bound values: emails, hashes, descriptions).
 */
export function loggerOptions(config: Config, stream?: LogStream): FastifyServerOptions['logger'] {
  // JSON lines go through process.stdout, which writes files and pipes synchronously on Linux,
  // not through pino's default asynchronous writer. PGlite runs each statement on the event
  // loop's thread, so a long import commit holds the loop for seconds: a line logged just before
  // it (`import commit started`) stayed in memory until the commit had ended whenever the previous
  // line's write was still in flight, and a process killed meanwhile lost it (docs/operations.md).
  const output = stream ? { stream } : { stream: process.stdout.isTTY ? prettyStream() : process.stdout };
  return {
    level: config.logLevel,
    ...output,
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: request.url.split('?')[0],
        remoteAddress: request.ip,
      }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      err: serializeError,
    },
  };
}

/**
 * One line per request, written when the answer has gone out: method, path, status and time.
 * Fastify's default writes two (one on arrival, one at the end); its LogController is the
 * documented way to change the request lines.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
