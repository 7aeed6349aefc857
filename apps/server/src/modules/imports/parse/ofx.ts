import { isIsoDate, type ImportOptions } from '@ledgerly/shared';
import { readAmount } from './amount.js';
import {
  ImportFileError,
  MAX_POSTINGS,
  shown,
  statementCurrency,
  tooManyPostings,
  type ParsedPosting,
  type ParseResult,
} from './types.js';

/*
 * OFX 1.x is SGML whose leaf elements are never closed, OFX 2.x is XML, and real files mix the
 * two (an XML prolog over unclosed SGML tags). XML parsers reject the SGML forms and the OFX
 * packages on npm are unmaintained wrappers that convert SGML to XML with regexes, so this is a
 * small tolerant tag reader. It never expands entities beyond the five XML built-ins.
 */

const ACCOUNT_AGGREGATES = new Set(['BANKACCTFROM', 'CCACCTFROM', 'INVACCTFROM']);
const STATEMENTS = new Set(['STMTRS', 'CCSTMTRS', 'INVSTMTRS']);

function decodeText(s: string): string {
  if (!s.includes('&')) return /\s\s|[\t\n\r]/.test(s) ? s.replace(/\s+/g, ' ').trim() : s.trim();
  return s
    .replace(
      /&(lt|gt|amp|quot|apos|nbsp);|&#(\d{1,7});|&#x([0-9a-f]{1,6});/gi,
      (m, name: string | undefined, dec: string | undefined, hex: string | undefined) => {
        if (dec) return safeChar(Number(dec), m);
        if (hex) return safeChar(parseInt(hex, 16), m);
        const named: Partial<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'", nbsp: ' ' };
        return named[name!.toLowerCase()] ?? m;
      },
    )
    .replace(/\s+/g, ' ')
    .trim();
}

/** A character reference's character; a lone surrogate half (`&#55296;`) cannot be stored: U+FFFD. */
const safeChar = (code: number, fallback: string) =>
  code > 0 && code <= 0x10ffff ? (code >= 0xd800 && code <= 0xdfff ? '\uFFFD' : String.fromCodePoint(code)) : fallback;

/**
 * `indexOf` that remembers its last answer. Asked with positions that only grow, it scans each
 * part of the text at most once, where a pattern such as `<[^>]*>` rescans the rest of the file
 * from every `<` that has no `>` after it (quadratic).
 */
function finder(text: string, needle: string): (from: number) => number {
  let at = -2;
  return (from) => {
    if (at === -1 || at >= from) return at;
    at = text.indexOf(needle, from);
    return at;
  };
}

const isNameChar = (c: number) =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 46 || c === 58;

interface TokenHandlers {
  /** `<NAME ...>`, `</NAME>`, `<?NAME ...>` or `<!NAME ...>`; `slash` is the mark after `<`. */
  tag(slash: string, name: string): void;
  text(raw: string): void;
  cdata(raw: string): void;
}

/**
 * Reads the body as tags, text and CDATA in one pass: CDATA sections, comments, tags (to their
 * first `>`) and text (to the next `<`). A `<` that starts none of these is skipped.
 */
function scanTokens(body: string, on: TokenHandlers): void {
  const n = body.length;
  const gt = finder(body, '>');
  const cdataEnd = finder(body, ']]>');
  const commentEnd = finder(body, '-->');
  let i = 0;
  while (i < n) {
    if (body.charCodeAt(i) !== 60 /* < */) {
      let next = body.indexOf('<', i);
      if (next < 0) next = n;
      on.text(body.slice(i, next));
      i = next;
      continue;
    }
    if (body.startsWith('<![CDATA[', i)) {
      const end = cdataEnd(i + 9);
      if (end >= 0) {
        on.cdata(body.slice(i + 9, end));
        i = end + 3;
        continue;
      }
    } else if (body.startsWith('<!--', i)) {
      const end = commentEnd(i + 4);
      if (end >= 0) {
        i = end + 3;
        continue;
      }
    }
    let start = i + 1;
    let slash = '';
    const mark = body[start];
    if (mark === '/' || mark === '?' || mark === '!') {
      slash = mark;
      start += 1;
    }
    let end = start;
    while (end < n && isNameChar(body.charCodeAt(end))) end += 1;
    const close = end > start ? gt(end) : -1;
    if (close >= 0) {
      on.tag(slash, body.slice(start, end));
      i = close + 1;
    } else {
      i += 1;
    }
  }
}

interface Draft {
  fields: Record<string, string>;
  account?: string;
}

/** OFX dates are YYYYMMDD[HHMMSS[.XXX]][[-5:EST]]; the calendar day is taken as printed. */
function ofxDate(value: string | undefined): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})/.exec(value ?? '');
  if (!m) return null;
  const date = `${m[1]!}-${m[2]!}-${m[3]!}`;
  // a real day within the API's range of dates (from 1900): not 0000-01-01, 2026-02-30, month 13
  return isIsoDate(date) ? date : null;
}

export function parseOfx(text: string, encoding: string, options: ImportOptions): ParseResult {
  const start = text.search(/<OFX>/i);
  if (start < 0) throw new ImportFileError('NOT_A_STATEMENT', 'This OFX file has no <OFX> body; it may be cut off.');
  const body = text.slice(start);
  if (!/<\/OFX>/i.test(body.slice(-4096)) && !/<\/OFX>/i.test(body)) {
    throw new ImportFileError(
      'TRUNCATED_FILE',
      'This OFX file is cut off before its end. Download it again from your bank.',
    );
  }

  const drafts: Draft[] = [];
  let account: string | undefined;
  let inAccount = false;
  let current: Draft | null = null;
  let openLeaf: string | null = null;
  // LEDGERBAL of the last statement: its amount and date as printed.
  let inLedger = false;
  const ledger: { amount?: string; date?: string } = {};
  // CURDEF of each statement (an SGML file may leave it empty: then it states none).
  const currencies: string[] = [];

  const finish = (draft: Draft) => {
    if (drafts.length >= MAX_POSTINGS) throw tooManyPostings();
    drafts.push(draft);
  };
  const keep = (value: string, cdata: boolean) => {
    if (!openLeaf || value === '') return;
    if (current) {
      if (!(openLeaf in current.fields)) current.fields[openLeaf] = value;
      else if (openLeaf === 'MEMO' || openLeaf === 'NAME')
        current.fields[openLeaf] = `${current.fields[openLeaf] ?? ''} ${value}`;
    } else if (inAccount && openLeaf === 'ACCTID') {
      account = value;
    } else if (openLeaf === 'CURDEF') {
      currencies.push(value);
    } else if (inLedger && openLeaf === 'BALAMT') {
      ledger.amount = value;
    } else if (inLedger && openLeaf === 'DTASOF') {
      ledger.date = value;
    }
    if (!cdata) openLeaf = null;
  };

  scanTokens(body, {
    tag(slash, rawName) {
      if (slash === '?' || slash === '!') return;
      const name = rawName.toUpperCase();
      openLeaf = null;
      if (slash === '/') {
        if (ACCOUNT_AGGREGATES.has(name)) inAccount = false;
        if (name === 'LEDGERBAL') inLedger = false;
        if (name === 'STMTTRN' && current) {
          finish(current);
          current = null;
        }
        return;
      }
      if (STATEMENTS.has(name)) account = undefined;
      if (ACCOUNT_AGGREGATES.has(name)) inAccount = true;
      if (name === 'LEDGERBAL') inLedger = true;
      // SGML leaves LEDGERBAL's children unclosed; the next aggregate ends it.
      else if (inLedger && name !== 'BALAMT' && name !== 'DTASOF') inLedger = false;
      if (name === 'STMTTRN') {
        if (current) finish(current); // an SGML file that never closed the previous one
        current = { fields: {}, account };
      }
      openLeaf = name;
    },
    text(raw) {
      if (openLeaf) keep(decodeText(raw), false);
    },
    cdata(raw) {
      if (openLeaf) keep(raw.replace(/\s+/g, ' ').trim(), true);
    },
  });
  // (assigned in the handlers above, which the compiler does not follow)
  const last = current as Draft | null;
  if (last) finish(last);

  const invert = options.invertSign === true;
  const postings: ParsedPosting[] = drafts.map((d, index) => {
    const f = d.fields;
    const date = ofxDate(f.DTPOSTED) ?? ofxDate(f.DTUSER);
    const rawAmount = f.TRNAMT ?? '';
    const read = readAmount(rawAmount, rawAmount.includes(',') && !rawAmount.includes('.') ? ',' : '.');
    const name = f.NAME ?? f.PAYEEID;
    const memo = f.MEMO;
    let description = name ?? memo ?? (f.CHECKNUM ? `Check ${f.CHECKNUM}` : '');
    if (name && memo && memo !== name) description = `${name} ${memo}`;
    const posting: ParsedPosting = {
      index,
      date,
      amountCents: read ? (invert ? -read.cents : read.cents) || 0 : null,
      description,
    };
    if (name) posting.payee = name;
    if (d.account) posting.account = d.account;
    if (f.FITID) posting.externalId = f.FITID;
    const errors: string[] = [];
    if (!date) errors.push(f.DTPOSTED ? `Unreadable date "${shown(f.DTPOSTED)}"` : 'No date');
    if (!read) errors.push(rawAmount ? `Unreadable amount "${shown(rawAmount)}"` : 'No amount');
    if (errors.length) posting.error = errors.join('; ');
    return posting;
  });
  const result: ParseResult = {
    format: 'ofx',
    options: { encoding, invertSign: invert },
    needsReview: [],
    postings,
    ...statementCurrency(currencies),
  };
  const balance = ledger.amount
    ? readAmount(ledger.amount, ledger.amount.includes(',') && !ledger.amount.includes('.') ? ',' : '.')
    : null;
  const asOf = ofxDate(ledger.date);
  if (balance && asOf) result.closing = { date: asOf, cents: (invert ? -balance.cents : balance.cents) || 0 };
  return result;
}
