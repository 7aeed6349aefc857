import type { FastifyRequest } from 'fastify';
import { MSG } from '@ledgerly/shared';
import { AppError, payloadTooLarge, validationError } from '../../errors.js';
import { objectBody } from '../../lib/validate.js';

export const MALFORMED_FORM = 'The upload could not be read. Please try again.';

/** The text fields of a create/update call and its receipt upload, if any. */
export interface TransactionForm {
  fields: Record<string, unknown>;
  receipt: Buffer | null;
}

/**
 * Reads a multipart/form-data body (text fields plus an optional `receipt` file) or a JSON
 * body (fields only). The whole body is read before anything is written anywhere; a file over
 * the multipart limit (5 MB) is refused while streaming, its bytes discarded.
 */
export async function readTransactionForm(request: FastifyRequest): Promise<TransactionForm> {
  if (!request.isMultipart()) {
    return { fields: { ...objectBody(request.body) }, receipt: null };
  }
  const fields: Record<string, unknown> = {};
  let receipt: Buffer | null = null;
  let strayFile = false;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = part.value;
        continue;
      }
      // toBuffer() throws FST_REQ_FILE_TOO_LARGE (413) once busboy truncates the file; the
      // truncated flag is checked too, for a file that ends exactly on the limit.
      const data = await part.toBuffer();
      if (part.file.truncated) throw payloadTooLarge(MSG.fileTooLarge);
      if (part.fieldname !== 'receipt') {
        strayFile = true;
        continue;
      }
      // A form's empty file input arrives as a part with no name and no bytes: no receipt.
      if (data.length === 0 && !part.filename) continue;
      receipt = data;
    }
  } catch (error) {
    // Limits and our own refusals carry a code; busboy's parse errors (a cut-off body, a
    // missing boundary) are plain errors and mean the client sent a broken form.
    if (error instanceof AppError || typeof (error as { code?: unknown }).code === 'string') throw error;
    throw validationError(MALFORMED_FORM);
  }
  if (strayFile) throw validationError('Only one file, named receipt, can be uploaded', { receipt: MSG.invalidImage });
  return { fields, receipt };
}
