import { isIsoDate } from '@ledgerly/shared';
import { validationError } from '../../errors.js';
import { isUuid } from '../../lib/ids.js';

/** Position of a row in the newest-first order: (date, created_at, id), all descending. */
export interface Cursor {
  date: string;
  /** created_at in UTC with microseconds, as PostgreSQL prints it (JS dates keep only ms). */
  createdAt: string;
  id: string;
}

/** A real UTC instant with microseconds; a cursor is client input, and a bad timestamp must not reach SQL. */
const CREATED_AT = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{6}Z$/;
const isCreatedAt = (text: string) => {
  const m = CREATED_AT.exec(text);
  return m !== null && isIsoDate(m[1]!);
};

/** Opaque to clients: base64url of a JSON triple. */
export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.date, c.createdAt, c.id])).toString('base64url');
}

export function decodeCursor(text: string): Cursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    value = null;
  }
  if (
    Array.isArray(value) &&
    value.length === 3 &&
    typeof value[0] === 'string' &&
    typeof value[1] === 'string' &&
    typeof value[2] === 'string' &&
    isIsoDate(value[0]) &&
    isCreatedAt(value[1]) &&
    isUuid(value[2])
  ) {
    return { date: value[0], createdAt: value[1], id: value[2] };
  }
  throw validationError('Invalid cursor', { cursor: 'Invalid cursor' });
}
