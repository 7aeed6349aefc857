import type { FastifyInstance, RouteOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@ledgerly/shared';
import { FAVICON_SVG, LOGO_SVG } from './openapi-brand.js';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

/** Documents error answers a route gives besides the usual ones: `response: { 200: …, ...errorAnswers(409) }`. */
export const errorAnswers = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<number, typeof apiErrorSchema>;

/**
 * A body documented with `schema` but checked by the service, not the route: for the few
 * payloads whose check needs more than the request (the user's today, their categories,
 * reported together with the schema's problems in one `fields` map). The handler gets
 * `unknown`, honestly, and passes it to the service.
 */
export function checkedByService(schema: z.ZodType) {
  const { $schema: _dialect, ...documented } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return z.unknown().meta(documented);
}

/** Error answers every route can give, added to the route's own (documentation and serialisation). */
function withErrors(route: RouteOptions, statuses: number[]): void {
  const schema = (route.schema ??= {});
  if (schema.hide) return;
  const response = (schema.response ??= {}) as Record<string, unknown>;
  for (const status of statuses) response[status] ??= apiErrorSchema;
}

/**
 * Documents the errors of every /api route: 400 when it takes input, 404 when it has path
 * parameters, 500 and 503 always. The protected scope adds 401 and bearer auth (app.ts).
 */
export function documentErrors(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    const s = route.schema ?? {};
    withErrors(route, [...(s.body || s.querystring ? [400] : []), ...(s.params ? [404] : []), 500, 503]);
  });
}

/** Marks every route of a scope as needing the bearer session, with its 401. */
export function documentAuth(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    const schema = (route.schema ??= {});
    schema.security ??= [{ bearerAuth: [] }];
    // A personal API token of `read` scope is refused on every call that changes something.
    const reads = [route.method].flat().every((m) => m === 'GET' || m === 'HEAD');
    withErrors(route, reads ? [401] : [401, 403]);
  });
}

/**
 * The OpenAPI 3.1 document, generated from the route schemas (@fastify/swagger), at
 * /api/openapi.json, and an interactive reference of it at /api/docs (Swagger UI, served from
 * the package's own files: no CDN, and no inline script, so the app's CSP holds).
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Ledgerly API',
        version: '1',
        description:
          'The HTTP API of Ledgerly. Answers are `{data}` (lists may add `meta`); errors are ' +
          '`{message, code, fields?}`. Sign in with POST /api/auth/login and send the token as a bearer header.',
      },
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description:
              'The session token of POST /api/auth/login (or register), or a personal API token made in ' +
              'Settings → Account & security (POST /api/account/tokens). Example: ' +
              '`curl -H "Authorization: Bearer $LEDGERLY_TOKEN" http://localhost:3000/api/transactions`. ' +
              'A token of `read` scope gets 403 READ_ONLY on every call that changes something; managing the ' +
              'account (password, sessions, two-factor, tokens, restore, deletion) needs a session token.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { validatorUrl: null, deepLinking: true },
    // Our name and mark rather than Swagger's: the tab reads "Ledgerly API".
    theme: {
      title: 'Ledgerly API',
      favicon: [{ filename: 'favicon.svg', rel: 'icon', type: 'image/svg+xml', sizes: 'any', content: FAVICON_SVG }],
    },
    logo: { type: 'image/svg+xml', content: LOGO_SVG, href: '/', target: '_self' },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}
