import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RECEIPT_MIME_TYPES } from '@ledgerly/shared';
import type { AppContext } from '../../app-context.js';
import { notFound } from '../../errors.js';
import { uuidParam } from '../../lib/ids.js';
import * as service from './transactions.service.js';

const params = z.object({
  transactionId: uuidParam('Receipt'),
  variant: z.enum(['full', 'thumb'], { error: 'Receipt not found' }),
});
// Anything malformed here is refused like a wrong signature: the same 404.
const querystring = z.object({
  exp: z
    .string()
    .regex(/^\d{1,12}$/)
    .optional()
    .catch(undefined),
  sig: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/)
    .optional()
    .catch(undefined),
});

/**
 * GET /receipts/:transactionId/:variant?exp&sig (public scope) — the image behind a signed URL.
 * No bearer header (an <img> cannot send one): the HMAC, made for the owner by the transaction
 * answers, is the permission. Every refusal is the same 404, whatever was wrong.
 */
export const receiptsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/receipts/:transactionId/:variant',
    {
      schema: {
        tags: ['transactions'],
        summary: 'A receipt image behind a signed URL (no bearer header)',
        params,
        querystring,
        produces: [...RECEIPT_MIME_TYPES],
        response: {
          200: z.custom<Buffer>().meta({ type: 'string', format: 'binary', description: 'The image bytes' }),
        },
      },
    },
    async (request, reply) => {
      const { transactionId, variant } = request.params;
      const nowSec = Math.floor(Date.now() / 1000);
      const exp = Number(request.query.exp ?? 0);
      const sig = request.query.sig;
      if (exp <= nowSec || !sig) throw notFound('Receipt');
      const found = await service.signedReceipt(ctx.db, ctx.receipts, { transactionId, variant, exp, sig });
      if (!found) throw notFound('Receipt');
      return reply
        .header('content-type', found.mime)
        .header('cache-control', `private, max-age=${exp - nowSec}`)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .send(found.image);
    },
  );
};
