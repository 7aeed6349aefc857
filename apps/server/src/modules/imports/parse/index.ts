import type { ImportOptions } from '@ledgerly/shared';
import { decodeBytes } from './encoding.js';
import { sniffFormat } from './sniff.js';
import { parseCsv } from './csv.js';
import { parseOfx } from './ofx.js';
import { parseQif } from './qif.js';
import { parseCamt } from './camt.js';
import {
  ImportFileError,
  MAX_POSTINGS,
  storable,
  tooManyPostings,
  type ParsedPosting,
  type ParseResult,
} from './types.js';

export { ImportFileError, MAX_POSTINGS } from './types.js';
export type {
  EffectiveCsvColumns,
  EffectiveOptions,
  ImportFileErrorCode,
  ParsedPosting,
  ParseResult,
} from './types.js';

/**
 * Reads a bank statement file (CSV, OFX/QFX, QIF or CAMT, decided from its bytes) into postings.
 * Writes nothing; throws ImportFileError for a file that is not a statement at all. Rows that
 * cannot be read keep their place with an `error`, so the good rows still import.
 */
// The file's name is not used: the format comes from the content.
export function parseStatement(bytes: Uint8Array, options: ImportOptions = {}, _fileName?: string): ParseResult {
  const decoded = decodeBytes(bytes, options.encoding);
  const encoding = decoded.encoding;
  // NUL past the binary check's sample would reach the database, which refuses it in text.
  const text = decoded.text.includes('\u0000') ? decoded.text.replaceAll('\u0000', '') : decoded.text;
  const format = sniffFormat(text);
  let result: ParseResult;
  switch (format) {
    case 'ofx':
      result = parseOfx(text, encoding, options);
      break;
    case 'qif':
      result = parseQif(text, encoding, options);
      break;
    case 'camt':
      result = parseCamt(text, encoding, options);
      break;
    default:
      result = parseCsv(text, encoding, options);
  }
  if (result.postings.length > MAX_POSTINGS) throw tooManyPostings(result.postings.length);
  makeStorable(result);
  dropRepeatedIds(result);
  if (result.postings.length === 0) {
    throw new ImportFileError('NO_POSTINGS', 'No transactions were found in this file.');
  }
  return result;
}

/** Every text the preview stores, as the database can store it (see `storable`). */
function makeStorable(result: ParseResult): void {
  for (const p of result.postings) {
    p.description = storable(p.description);
    if (p.payee !== undefined) p.payee = storable(p.payee);
    if (p.account !== undefined) p.account = storable(p.account);
    if (p.externalId !== undefined) p.externalId = storable(p.externalId);
    if (p.category !== undefined) p.category = storable(p.category);
    if (p.error !== undefined) p.error = storable(p.error);
  }
}

/**
 * A bank id must name one posting. When a file repeats one (some banks reuse a reference for
 * every line of a batch), those postings fall back to the fingerprint, so two real payments are
 * never taken for one.
 */
function dropRepeatedIds(result: ParseResult): void {
  const seen = new Map<string, number>();
  const key = (p: ParsedPosting) => `${p.account ?? ''}\u0000${p.externalId ?? ''}`;
  for (const p of result.postings) if (p.externalId) seen.set(key(p), (seen.get(key(p)) ?? 0) + 1);
  for (const p of result.postings) if (p.externalId && seen.get(key(p))! > 1) delete p.externalId;
}
