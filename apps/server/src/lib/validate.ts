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

/**
 * Half of a UTF-16 surrogate pair on its own: JSON may carry one (`"\ud800"`), but it is no
 * character, so no database text or JSON value can hold it (PostgreSQL refused it with a 500).
 */
export const UNPAIRED_SURROGATE_MESSAGE = 'Text cannot contain invalid Unicode characters';

/** A surrogate code point: in a `u` regex only an unpaired half reads as one. */
const UNPAIRED = /\p{Cs}/u;

/** Nesting followed before giving up on a value; request schemas are far shallower. */
const MAX_TEXT_DEPTH = 64;

/**
 * The first text in `input` (strings and object keys, at any depth) that no database text can
 * hold — a NUL character or an unpaired surrogate — with the top-level key it sits under ('_'
 * for the input itself) and the message to answer. Walked without recursion, so a deeply nested
 * body cannot overflow the stack.
 */
export function findBadText(input: unknown): { field: string; message: string } | undefined {
  const problem = (text: string) =>
    text.includes('\u0000') ? NUL_MESSAGE : UNPAIRED.test(text) ? UNPAIRED_SURROGATE_MESSAGE : undefined;
  const stack: { value: unknown; field: string; depth: number }[] = [];
  const push = (value: unknown, field: string, depth: number) => {
    if (typeof value === 'string' || (value !== null && typeof value === 'object')) stack.push({ value, field, depth });
  };
  const topLevel = input !== null && typeof input === 'object' && !Array.isArray(input);
  if (topLevel) {
    // Listed in reverse so the first key is looked at first.
    for (const [key, value] of Object.entries(input).reverse()) {
      const bad = problem(key);
      if (bad) return { field: '_', message: bad };
      push(value, key, 1);
    }
  } else push(input, '_', 0);
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value, field, depth } = item;
    if (typeof value === 'string') {
      const bad = problem(value);
      if (bad) return { field, message: bad };
      continue;
    }
    if (depth >= MAX_TEXT_DEPTH) continue;
    for (const [key, inner] of Object.entries(value as object).reverse()) {
      const bad = problem(key);
      if (bad) return { field, message: bad };
      push(inner, field, depth + 1);
    }
  }
  return undefined;
}

/** The 400 for text no database can hold (see findBadText), or undefined when all is well. */
export function badTextError(input: unknown): AppError | undefined {
  const bad = findBadText(input);
  return bad ? validationError(bad.message, { [bad.field]: bad.message }) : undefined;
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
  const bad = badTextError(input);
  if (bad) return { error: bad };
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

/** Days kept per schema maker: the users' todays span at most three dates at any moment. */
const DAYS_KEPT = 4;
const byDay = new Map<(today: string) => unknown, Map<string, unknown>>();

/**
 * `make(today)`, made once per day and kept: a request schema that depends on the user's today
 * (no date after it) was built anew for every request, and building a zod object schema, with
 * zod compiling its check on first use, cost more than checking the input (about 0.4 ms for the
 * transaction form; docs/performance.md, Issue 24). The schema must depend on `today` only.
 */
export function forDay<S>(make: (today: string) => S, today: string): S {
  let days = byDay.get(make);
  if (!days) byDay.set(make, (days = new Map<string, unknown>()));
  let schema = days.get(today) as S | undefined;
  if (schema === undefined) {
    schema = make(today);
    days.set(today, schema);
    if (days.size > DAYS_KEPT) days.delete(days.keys().next().value!);
  }
  return schema;
}
