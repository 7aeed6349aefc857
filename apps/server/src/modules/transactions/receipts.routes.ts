import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { isUuid } from '../../lib/ids.js';
import { type ReceiptVariant, verifyReceiptClaim } from './receipt-crypto.js';
import type { ReceiptStore } from './receipt-store.js';
import { findReceipt } from './transactions.repository.js';

interface ReceiptRequest {
  Params: { transactionId: string; variant: string };
  Querystring: { exp?: string; sig?: string };
}

const isVariant = (v: string): v is ReceiptVariant => v === 'full' || v === 'thumb';

/**
 * GET /receipts/:transactionId/:variant?exp&sig — the image behind a signed URL. No bearer
 * header (an <img> cannot send one): the HMAC, made for the owner by the transaction answers,
 * is the permission. Every refusal is the same 404, whatever was wrong.
 */
export async function receiptsRoutes(
  app: FastifyInstance,
  deps: { db: Db; receipts: ReceiptStore; signingKey: Buffer; now?: () => number },
): Promise<void> {
  const now = deps.now ?? Date.now;
  app.get<ReceiptRequest>('/receipts/:transactionId/:variant', async (request, reply) => {
    const { transactionId, variant } = request.params;
    const { exp: expText = '', sig = '' } = request.query;
    const nowSec = Math.floor(now() / 1000);
    const exp = /^\d{1,12}$/.test(expText) ? Number(expText) : 0;
    if (!isUuid(transactionId) || !isVariant(variant) || exp <= nowSec || !/^[A-Za-z0-9_-]{43}$/.test(sig)) {
      throw notFound('Receipt');
    }
    const row = await findReceipt(deps.db, transactionId);
    if (!row?.receiptKey || !row.receiptMime) throw notFound('Receipt');
    const claim = { userId: row.userId, transactionId, receiptKey: row.receiptKey, variant, exp };
    if (!verifyReceiptClaim(deps.signingKey, claim, sig)) throw notFound('Receipt');
    const image = await deps.receipts.read(row.receiptKey, variant);
    if (!image) throw notFound('Receipt');
    return reply
      .header('content-type', row.receiptMime)
      .header('cache-control', `private, max-age=${exp - nowSec}`)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .send(image);
  });
}
