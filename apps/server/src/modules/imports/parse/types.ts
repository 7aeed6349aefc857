import type { ImportFormat } from '@ledgerly/shared';

/** Most postings one file may hold (DESIGN §7); the 20 MB byte limit is the route's. */
export const MAX_POSTINGS = 200_000;

/**
 * Bounds that keep every pattern and every split linear in the file's size ("Hardening first",
 * items 1 and 10): no date or amount is longer than this, so a longer cell is unreadable
 * before any pattern sees it.
 */
export const MAX_DATE_TEXT = 64;
export const MAX_AMOUNT_TEXT = 64;
/** Longest physical line of a CSV file, and most fields and rows it may split into. */
export const MAX_CSV_LINE = 64 * 1024;
export const MAX_CSV_COLUMNS = 500;
export const MAX_CSV_ROWS = 2 * MAX_POSTINGS;
/** Most elements of an XML (CAMT) file. */
export const MAX_XML_ELEMENTS = 3_000_000;

export type ImportFileErrorCode =
  | 'NOT_A_STATEMENT'
  | 'EMPTY_FILE'
  | 'BINARY_FILE'
  | 'TRUNCATED_FILE'
  | 'TOO_MANY_POSTINGS'
  | 'XML_TOO_COMPLEX'
  | 'NO_POSTINGS'
  | 'BAD_OPTIONS'
  | 'LINE_TOO_LONG'
  | 'TOO_WIDE'
  | 'PARSE_TIMEOUT'
  | 'PARSE_OUT_OF_MEMORY';

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
  currency?: string;
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
  /** A QIF "Opening Balance" record: the account's opening balance, not income or expense. */
  opening?: boolean;
  /** Tag names (a CSV "Tags" column, our own export's: names joined by ";"). */
  tags?: string[];
  /**
   * A split row's lines (our own CSV export: the rows marked "line" below one marked "split"):
   * each line's category name, signed amount (+ income) and note. Present (maybe empty) on a split row.
   */
  lines?: { category: string; amountCents: number; note?: string }[];
}

export interface ParseResult {
  format: ImportFormat;
  options: EffectiveOptions;
  /** What could not be decided for sure, e.g. 'dateFormat' when every day is ≤ 12. */
  needsReview: string[];
  /** CSV header cells, for recognising a saved profile. */
  header?: string[];
  postings: ParsedPosting[];
  /** The closing balance the file states (OFX LEDGERBAL, CAMT CLBD of the last statement, a CSV balance line). */
  closing?: ClosingBalance;
  /**
   * The statement's currency when the file states one (OFX CURDEF, CAMT Ccy, a CSV currency
   * column with one code): an ISO 4217 code, upper case. Several codes in one file: the first.
   */
  currency?: string;
  /** Every code the file states, when it states more than one (then the import needs review). */
  currencies?: string[];
}

/** A statement's own closing balance: signed cents, account holder's view (a card owing money is negative). */
export interface ClosingBalance {
  date: string;
  cents: number;
}

/** The refusal of a file holding more postings (or lines) than one import may take. */
export const tooManyPostings = (count?: number) =>
  new ImportFileError(
    'TOO_MANY_POSTINGS',
    count === undefined
      ? `This file holds more than ${MAX_POSTINGS.toLocaleString('en-US')} postings; at most that many can be imported at once. Split it into smaller periods.`
      : `This file has ${count.toLocaleString('en-US')} postings; at most ${MAX_POSTINGS.toLocaleString('en-US')} can be imported at once. Split it into smaller periods.`,
  );

/** A file's text quoted in a message: at most `max` characters, so a huge cell is not repeated. */
export function shown(raw: string, max = 40): string {
  if (raw.length <= max) return raw;
  let cut = raw.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1); // not half a surrogate pair
  return `${cut}…`;
}

const NOT_STORABLE_SOURCE = '\\u0000|[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';
const HAS_NOT_STORABLE = new RegExp(NOT_STORABLE_SOURCE);
const NOT_STORABLE = new RegExp(NOT_STORABLE_SOURCE, 'g');

/**
 * Text as the database can store it: NUL characters dropped (PostgreSQL text refuses them) and
 * lone surrogate halves (from character references such as `&#55296;`) replaced by U+FFFD.
 */
export function storable(text: string): string {
  if (!HAS_NOT_STORABLE.test(text)) return text;
  return text.replace(NOT_STORABLE, (c) => (c === '\u0000' ? '' : '\uFFFD'));
}

/** The statement currency of a file from the codes it states (in order): the first, and all when several. */
export function statementCurrency(codes: Iterable<string>): Pick<ParseResult, 'currency' | 'currencies'> {
  const seen = [...new Set([...codes].map((c) => c.trim().toUpperCase()).filter((c) => /^[A-Z]{3}$/.test(c)))];
  if (seen.length === 0) return {};
  return seen.length === 1 ? { currency: seen[0]! } : { currency: seen[0]!, currencies: seen };
}
