import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../errors.js';
import { check } from '../lib/validate.js';
import { responseSerializerCompiler } from './serializer.js';

/**
 * Checks params, query and body with the route's zod schema, answering exactly the 400 of
 * DESIGN.md §3 (first message, per-field `fields`), not the library's own error shape. A path
 * parameter that does not fit (an id that is not a UUID) cannot name any row: it is a 404
 * whose message the params schema carries ("Budget not found").
 */
const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = check(schema, data);
    if (!result.error) return { value: result.value };
    if (httpPart === 'params') return { error: new AppError(404, 'NOT_FOUND', result.error.message) };
    return { error: result.error };
  };

/**
 * Routes declare zod schemas (fastify-type-provider-zod): input is checked and typed, answers
 * are written from their response schema, so undeclared fields never leave the server (compiled
 * from the schema where it is plain: serializer.ts).
 */
export function useZodSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
}
