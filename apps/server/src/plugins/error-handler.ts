import type { FastifyError, FastifyInstance } from 'fastify';
import type { ApiErrorBody, ErrorCode } from '@ledgerly/shared';
import { MSG } from '@ledgerly/shared';
import { AppError } from '../errors.js';
import { PG, pgErrorCode } from '../lib/pg-errors.js';
import { NUL_MESSAGE } from '../lib/validate.js';

const DB_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  '57P01',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
  // statement_timeout (DB_STATEMENT_TIMEOUT_SECONDS)
  '57014',
]);

export const CHECK_MESSAGE = 'These values cannot be saved together. Check the form and try again.';

/** node-postgres's own time-outs carry no code, only these messages. */
const DB_TIMEOUT_MESSAGE =
  /^(Query read timeout|timeout exceeded when trying to connect|Connection terminated due to connection timeout|Connection terminated unexpectedly)/;

function dbTimedOut(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 5; depth++) {
    if (e instanceof Error && DB_TIMEOUT_MESSAGE.test(e.message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

function reply(
  status: number,
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
): [number, ApiErrorBody] {
  return [status, fields ? { message, code, fields } : { message, code }];
}

/** The codes of an error and of its causes (drizzle wraps the driver's error in `cause`). */
function causeCodes(error: unknown): string[] {
  const codes: string[] = [];
  let e: unknown = error;
  for (let depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    e = (e as { cause?: unknown }).cause;
  }
  return codes;
}

/**
 * What a failed request logs of its error: the type, the first line of the message and the
 * codes, with the stack. drizzle's "Failed query: … params: …" message carries the bound
 * values (emails, password and token hashes, descriptions), which do not belong in a log.
 */
export function serializeError(error: unknown): {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
} {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const firstLine = (m: string) => {
    const line = m.split('\n')[0] ?? '';
    return line.startsWith('Failed query:') ? 'Failed query' : line;
  };
  const cause = error.cause instanceof Error ? error.cause : undefined;
  return {
    type: error.name,
    message: firstLine(error.message),
    codes: causeCodes(error),
    ...(cause ? { cause: { type: cause.name, message: firstLine(cause.message) } } : {}),
    // Only the frames: the stack's head repeats the whole message.
    stack: (error.stack ?? '')
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n'),
  };
}

/** Maps any thrown error to the error model of DESIGN.md §3; never leaks a stack trace. */
export function toErrorReply(error: unknown): [number, ApiErrorBody, Record<string, string>?] {
  if (error instanceof AppError) {
    const [s, b] = reply(error.status, error.code, error.message, error.fields);
    return [s, b, error.headers];
  }
  const e = error as FastifyError & { code?: string };
  switch (e.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return reply(400, 'BAD_JSON', 'The request body is not valid JSON');
    case 'FST_INVALID_JSON_FIELD_ERROR':
      // A multipart field declared as application/json whose text is not JSON.
      return reply(400, 'BAD_JSON', 'A form field is not valid JSON');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return reply(400, 'BAD_JSON', 'The request body is empty');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return reply(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large');
    case 'FST_REQ_FILE_TOO_LARGE':
      return reply(413, 'PAYLOAD_TOO_LARGE', MSG.fileTooLarge);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return reply(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type');
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return reply(413, 'PAYLOAD_TOO_LARGE', 'Too many parts in the upload');
    case 'FST_ERR_VALIDATION':
      return reply(400, 'VALIDATION_FAILED', e.message);
  }
  // Text the database cannot store (U+0000) that slipped past validation is still bad input.
  if (pgErrorCode(error) === PG.characterNotInRepertoire) return reply(400, 'VALIDATION_FAILED', NUL_MESSAGE);
  // A CHECK constraint refused the row: bad input the validation did not catch, never a 500.
  if (pgErrorCode(error) === PG.checkViolation) return reply(400, 'VALIDATION_FAILED', CHECK_MESSAGE);
  if (causeCodes(error).some((code) => DB_DOWN_CODES.has(code)) || dbTimedOut(error)) {
    return reply(503, 'DB_UNAVAILABLE', 'The database is unavailable. Please try again shortly.');
  }
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    // Statuses outside the error model (a library's 406, say) are plain bad input.
    const status = [404, 413, 415].includes(e.statusCode) ? e.statusCode : 400;
    const code: ErrorCode =
      status === 404
        ? 'NOT_FOUND'
        : status === 413
          ? 'PAYLOAD_TOO_LARGE'
          : status === 415
            ? 'UNSUPPORTED_MEDIA_TYPE'
            : 'VALIDATION_FAILED';
    return reply(status, code, e.message || 'Bad request');
  }
  return reply(500, 'INTERNAL', 'Something went wrong. Please try again.');
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, res) => {
    const [status, body, headers] = toErrorReply(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    if (headers) res.headers(headers);
    return res.status(status).send(body);
  });
}
