import type { z } from 'zod';
import { type AppError, validationError } from '../errors.js';

/** PostgreSQL text cannot hold U+0000; such input is refused before it reaches a query. */
export const NUL_MESSAGE = 'Text cannot contain NUL characters';

export const BODY_NOT_OBJECT = 'The request body must be a JSON object';

/**
 * A request's input as an object: none at all counts as empty; valid JSON that is not an object
 * (an array, a string, a number) is refused with one plain message, having no fields to name.
 */
export function objectBody(input: unknown): Record<string, unknown> {
  if (input === undefined || input === null) return {};
  if (typeof input !== 'object' || Array.isArray(input)) throw validationError(BODY_NOT_OBJECT);
  return input as Record<string, unknown>;
}

/** The top-level key whose value holds a NUL character anywhere inside it ('_' for the input itself). */
export function findNulField(input: unknown): string | undefined {
  const hasNul = (v: unknown, depth: number): boolean =>
    typeof v === 'string'
      ? v.includes('\u0000')
      : depth < 4 && v !== null && typeof v === 'object' && Object.values(v).some((x) => hasNul(x, depth + 1));
  if (input === null || typeof input !== 'object') return hasNul(input, 0) ? '_' : undefined;
  return Object.entries(input).find(([, v]) => hasNul(v, 1))?.[0];
}

/**
 * Checks input against a shared zod schema: the value it parses to, or the 400 to answer. The
 * message is the first problem (schemas list fields in the order the spec checks them) and
 * `fields` names the first problem of each field. Route schemas go through this (plugins/
 * type-provider.ts); services use `parse` for rules that need more than the request.
 */
export function check<S extends z.ZodType>(
  schema: S,
  input: unknown,
): { value: z.output<S>; error?: undefined } | { value?: undefined; error: AppError } {
  const nul = findNulField(input);
  if (nul) return { error: validationError(NUL_MESSAGE, { [nul]: NUL_MESSAGE }) };
  if (input !== undefined && input !== null && (typeof input !== 'object' || Array.isArray(input))) {
    return { error: validationError(BODY_NOT_OBJECT) };
  }
  const result = schema.safeParse(input ?? {});
  if (result.success) return { value: result.data };
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : '_';
    fields[key] ??= issue.message;
  }
  const first = result.error.issues[0]?.message ?? 'Invalid input';
  return { error: validationError(first, fields) };
}

/** Like `check`, throwing the 400. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = check(schema, input);
  if (result.error) throw result.error;
  return result.value;
}
