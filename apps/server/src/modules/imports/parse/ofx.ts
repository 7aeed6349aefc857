import type { ImportOptions } from '@ledgerly/shared';
import { ImportFileError, type ParseResult } from './types.js';

export function parseOfx(text: string, encoding: string, options: ImportOptions): ParseResult {
  void text;
  void encoding;
  void options;
  throw new ImportFileError('NOT_A_STATEMENT', 'ofx files cannot be read yet.');
}
