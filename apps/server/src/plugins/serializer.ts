import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

/*
 * Answers are written by a serializer compiled from the route's zod response schema
 * (docs/performance.md "Issue 24", step 3). Before, every answer was walked by zod
 * (`safeEncode`: a checked copy without undeclared fields) and then by `JSON.stringify`, two
 * passes and a copy: about 5 % of the server's CPU in the visits' profile. Now the schema is
 * turned into JSON Schema once (`z.toJSONSchema`, the conversion the API reference uses) and
 * from that into one function per schema node that checks the value's type and writes its JSON
 * text in a single pass: declared properties only, in the schema's order.
 *
 * Compiled: objects with declared properties, arrays of one item schema, strings, numbers,
 * integers, booleans, enums and constants, each possibly nullable, and unions told apart by a
 * constant property (zod's discriminated unions). Anything else (records, defaults, transforms,
 * `z.custom`, tuples, other unions) keeps zod's serializer for the whole answer.
 *
 * The text is byte for byte what zod's serializer writes: strings through `JSON.stringify`,
 * numbers as `JSON.stringify` writes them, an `undefined` property left out. A value of the wrong
 * type (a number where a string is declared, a missing required property, an unknown enum value,
 * a fraction where an integer is) throws, as zod's check did, so the route answers 500 instead of
 * a wrong answer. Under tests (`NODE_ENV=test`, as vitest sets it) every answer is also written by
 * zod and compared, and a difference fails the request: the whole server suite checks this.
 *
 * For a new response field: declare it in the zod response schema as before. A field whose
 * schema is not of the kinds above (say a `z.record`) makes its route fall back to zod, slower
 * but correct; prefer an array of objects.
 */

type Json = Record<string, unknown>;
type Write = (value: unknown, at: string) => string;

/** A value of an answer did not fit its schema: the route answers 500, as with zod. */
export class AnswerShapeError extends Error {
  constructor(at: string, expected: string, value: unknown) {
    super(`The answer's ${at || 'body'} should be ${expected}, not ${value === null ? 'null' : typeof value}`);
  }
}

const isObject = (s: unknown): s is Json => typeof s === 'object' && s !== null && !Array.isArray(s);
const isNull = (s: unknown) => isObject(s) && s.type === 'null' && Object.keys(s).length === 1;

/** Keywords that only describe or validate beyond the type: the written text does not depend on them. */
const IGNORED = new Set([
  '$schema',
  'description',
  'title',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'contentEncoding',
  'contentMediaType',
]);

const nullable =
  (write: Write): Write =>
  (value, at) =>
    value === null ? 'null' : write(value, at);

const writeString: Write = (value, at) => {
  if (typeof value !== 'string') throw new AnswerShapeError(at, 'a string', value);
  return JSON.stringify(value);
};
const writeNumber: Write = (value, at) => {
  if (typeof value !== 'number') throw new AnswerShapeError(at, 'a number', value);
  return Number.isFinite(value) ? `${value}` : 'null';
};
const writeInteger: Write = (value, at) => {
  if (!Number.isInteger(value)) throw new AnswerShapeError(at, 'a whole number', value);
  return `${value as number}`;
};
const writeBoolean: Write = (value, at) => {
  if (typeof value !== 'boolean') throw new AnswerShapeError(at, 'true or false', value);
  return value ? 'true' : 'false';
};
const PRIMITIVES: Record<string, Write> = {
  string: writeString,
  number: writeNumber,
  integer: writeInteger,
  boolean: writeBoolean,
};

/** Writes one of these values only (an enum or a constant), as JSON.stringify writes it. */
function oneOfValues(values: unknown[]): Write | null {
  if (!values.every((v) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')) return null;
  const texts = new Map<unknown, string>(values.map((v) => [v, JSON.stringify(v)]));
  const expected = values.map((v) => JSON.stringify(v)).join(' or ');
  return (value, at) => {
    const text = texts.get(value);
    if (text === undefined) throw new AnswerShapeError(at, expected, value);
    return text;
  };
}

/** A union of objects told apart by one property with a constant in each (a discriminated union). */
function discriminated(alternatives: unknown[]): Write | null {
  if (alternatives.length < 2 || !alternatives.every(isObject)) return null;
  const first = alternatives[0] as Json;
  if (!isObject(first.properties)) return null;
  for (const key of Object.keys(first.properties)) {
    const branches = new Map<unknown, Write>();
    for (const alt of alternatives) {
      const props = alt.properties;
      const tag = isObject(props) && isObject(props[key]) ? props[key].const : undefined;
      if (tag === undefined || branches.has(tag) || !(alt.required as unknown[] | undefined)?.includes(key)) break;
      const write = compileNode(alt);
      if (!write) return null;
      branches.set(tag, write);
    }
    if (branches.size !== alternatives.length) continue;
    return (value, at) => {
      const write = isObject(value) ? branches.get(value[key]) : undefined;
      if (!write)
        throw new AnswerShapeError(
          `${at}.${key}`,
          [...branches.keys()].map((t) => JSON.stringify(t)).join(' or '),
          value,
        );
      return write(value, at);
    };
  }
  return null;
}

function object(s: Json): Write | null {
  if (!isObject(s.properties)) return null;
  const required = new Set((s.required as string[] | undefined) ?? []);
  const fields: { name: string; prefix: string; write: Write; required: boolean }[] = [];
  for (const [name, property] of Object.entries(s.properties)) {
    const write = compileNode(property);
    if (!write) return null;
    fields.push({ name, prefix: `${JSON.stringify(name)}:`, write, required: required.has(name) });
  }
  return (value, at) => {
    if (!isObject(value)) throw new AnswerShapeError(at, 'an object', value);
    let text = '';
    for (const field of fields) {
      const v = value[field.name];
      if (v === undefined) {
        if (field.required) throw new AnswerShapeError(`${at}.${field.name}`, 'present', v);
        continue;
      }
      text += `${text === '' ? '' : ','}${field.prefix}${field.write(v, `${at}.${field.name}`)}`;
    }
    return `{${text}}`;
  };
}

function array(s: Json): Write | null {
  const item = compileNode(s.items);
  if (!item) return null;
  return (value, at) => {
    if (!Array.isArray(value)) throw new AnswerShapeError(at, 'a list', value);
    if (value.length === 0) return '[]';
    let text = '[';
    for (let i = 0; i < value.length; i++) text += `${i === 0 ? '' : ','}${item(value[i], `${at}[${i}]`)}`;
    return `${text}]`;
  };
}

/** The writer of one JSON Schema node as `z.toJSONSchema` makes it, or null if it is not compiled. */
export function compileNode(schema: unknown): Write | null {
  if (!isObject(schema)) return null;
  const keys = Object.keys(schema).filter((k) => !IGNORED.has(k));
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives !== undefined) {
    if (keys.length !== 1 || !Array.isArray(alternatives)) return null;
    const rest = alternatives.filter((a) => !isNull(a));
    if (rest.length === alternatives.length - 1) {
      const inner = rest.length === 1 ? compileNode(rest[0]) : discriminated(rest);
      return inner && nullable(inner);
    }
    return rest.length === alternatives.length ? discriminated(rest) : null;
  }
  if ('const' in schema) return oneOfValues([schema.const]);
  if (Array.isArray(schema.enum)) return oneOfValues(schema.enum);
  let type = schema.type;
  let orNull = false;
  if (Array.isArray(type)) {
    if (type.length !== 2 || !type.includes('null')) return null;
    type = type.find((t) => t !== 'null');
    orNull = true;
  }
  const allowed =
    type === 'object'
      ? ['type', 'properties', 'required', 'additionalProperties']
      : type === 'array'
        ? ['type', 'items']
        : ['type'];
  if (!keys.every((k) => allowed.includes(k))) return null;
  // zod's strip: undeclared properties are left out, as here; a record's own schema is not compiled.
  if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) return null;
  const write =
    type === 'object' ? object(schema) : type === 'array' ? array(schema) : (PRIMITIVES[type as string] ?? null);
  return write && orNull ? nullable(write) : write;
}

export type Serialize = (data: unknown) => string;

/** A compiled serializer for the zod schema, or null when it must stay zod's. */
export function compileSerializer(schema: z.ZodType): Serialize | null {
  let json: unknown;
  try {
    json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', cycles: 'throw', reused: 'inline' });
  } catch {
    return null;
  }
  const write = compileNode(json);
  return write && ((data) => write(data, ''));
}

const verifying = process.env.NODE_ENV === 'test';

/**
 * Fastify's serializer compiler for zod response schemas: compiled when the schema allows it,
 * on the route's first answer (nothing added to start-up), otherwise zod's as before.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  const viaZod = zodSerializerCompiler(route) as Serialize;
  const schema = route.schema;
  if (!(schema instanceof $ZodType)) return viaZod;
  let chosen: Serialize | undefined;
  const choose = (): Serialize => {
    const compiled = compileSerializer(schema);
    if (!compiled) return viaZod;
    if (!verifying) return compiled;
    return (data) => {
      const expected = viaZod(data);
      const written = compiled(data);
      if (written !== expected)
        throw new Error(
          `The compiled serializer of ${route.method} ${route.url} wrote ${written.slice(0, 2000)} where zod wrote ${expected.slice(0, 2000)}`,
        );
      return written;
    };
  };
  return (data) => (chosen ??= choose())(data);
};

/** Whether the zod schema's answers are compiled (the test lists the hot routes' schemas). */
export const isCompiled = (schema: z.ZodType): boolean => compileSerializer(schema) !== null;
