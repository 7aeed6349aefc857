import type { ImportFormat } from '@ledgerly/shared';

/** Most postings one file may hold (DESIGN §7); the 20 MB byte limit is the route's. */
export const MAX_POSTINGS = 200_000;

export type ImportFileErrorCode =
  | 'NOT_A_STATEMENT'
  | 'EMPTY_FILE'
  | 'BINARY_FILE'
  | 'TRUNCATED_FILE'
  | 'TOO_MANY_POSTINGS'
  | 'XML_TOO_COMPLEX'
  | 'NO_POSTINGS'
  | 'BAD_OPTIONS';

/** A file that cannot be read as a statement at all; `message` is meant for the user. */
export class ImportFileError extends Error {
  constructor(
    readonly code: ImportFileErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ImportFileError';
  }
}

export interface EffectiveCsvColumns {
  date?: string;
  amount?: string;
  debit?: string;
  credit?: string;
  direction?: string;
  description?: string[];
  payee?: string;
}

/** Every option the reader actually used, detected or given. */
export interface EffectiveOptions {
  encoding: string;
  invertSign: boolean;
  dateFormat?: string;
  csv?: {
    delimiter: string;
    headerRow: number;
    decimalSeparator: '.' | ',';
    columns: EffectiveCsvColumns;
  };
}

export interface ParsedPosting {
  /** 0-based position among the file's postings (stable for the same file and options). */
  index: number;
  /** YYYY-MM-DD as printed in the file (time-zone suffixes are not applied); null if unreadable. */
  date: string | null;
  /** Signed cents, account holder's view (+ money in), rounded per posting; null if unreadable. */
  amountCents: number | null;
  description: string;
  payee?: string;
  /** The statement's account id / IBAN when the file names one. */
  account?: string;
  /** The bank's own id: OFX FITID, CAMT AcctSvcrRef or EndToEndId. */
  externalId?: string;
  /** The file's own category name (QIF L, a CSV category column). */
  category?: string;
  /** Why the row cannot be read; the row stays in the list so the user sees it. */
  error?: string;
}

export interface ParseResult {
  format: ImportFormat;
  options: EffectiveOptions;
  /** What could not be decided for sure, e.g. 'dateFormat' when every day is ≤ 12. */
  needsReview: string[];
  /** CSV header cells, for recognising a saved profile. */
  header?: string[];
  postings: ParsedPosting[];
}
