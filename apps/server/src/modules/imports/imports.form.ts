import type { FastifyRequest } from 'fastify';
import { IMPORT_LIMITS, IMPORT_MSG } from '@ledgerly/shared';
import { AppError, payloadTooLarge, unsupportedMedia, validationError } from '../../errors.js';

export interface ImportUpload {
  fileName: string;
  bytes: Buffer;
  options: string | undefined;
}

/**
 * Reads POST /imports: a multipart `file` (at most 20 MB, refused while streaming) and an
 * optional `options` text field, in either order.
 */
export async function readImportUpload(request: FastifyRequest): Promise<ImportUpload> {
  if (!request.isMultipart())
    throw unsupportedMedia('Upload the statement as multipart/form-data in a field named file');
  let file: { fileName: string; bytes: Buffer } | null = null;
  let options: string | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: IMPORT_LIMITS.maxBytes, files: 1 } })) {
      if (part.type === 'field') {
        if (part.fieldname === 'options') options = String(part.value);
        continue;
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw payloadTooLarge(IMPORT_MSG.tooLarge);
      if (part.fieldname === 'file') file = { fileName: part.filename || 'statement', bytes };
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw payloadTooLarge(IMPORT_MSG.tooLarge);
    if (error instanceof AppError || typeof code === 'string') throw error;
    throw validationError('The upload could not be read. Please try again.');
  }
  if (!file) throw validationError(IMPORT_MSG.noFile, { file: IMPORT_MSG.noFile });
  return { ...file, options };
}
