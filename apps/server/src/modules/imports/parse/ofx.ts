import type { ImportOptions } from '@ledgerly/shared';
import { readAmount } from './amount.js';
import { ImportFileError, type ParsedPosting, type ParseResult } from './types.js';

/*
 * OFX 1.x is SGML whose leaf elements are never closed, OFX 2.x is XML, and real files mix the
 * two (an XML prolog over unclosed SGML tags). XML parsers reject the SGML forms and the OFX
 * packages on npm are unmaintained wrappers that convert SGML to XML with regexes, so this is a
 * small tolerant tag reader. It never expands entities beyond the five XML built-ins.
 */

const TOKEN = /<!\[CDATA\[([\s\S]*?)\]\]>|<!--[\s\S]*?-->|<([/?!]?)([A-Za-z0-9_.:]+)[^>]*>|([^<]+)/g;
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

const safeChar = (code: number, fallback: string) =>
  code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback;

interface Draft {
  fields: Record<string, string>;
  account?: string;
}

/** OFX dates are YYYYMMDD[HHMMSS[.XXX]][[-5:EST]]; the calendar day is taken as printed. */
function ofxDate(value: string | undefined): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})/.exec(value ?? '');
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1 || d > new Date(Date.UTC(y, mo, 0)).getUTCDate()) return null;
  return `${m[1]!}-${m[2]!}-${m[3]!}`;
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

  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(body); m; m = TOKEN.exec(body)) {
    const [, cdata, slash, rawName, textPart] = m;
    if (rawName !== undefined) {
      if (slash === '?' || slash === '!') continue;
      const name = rawName.toUpperCase();
      openLeaf = null;
      if (slash === '/') {
        if (ACCOUNT_AGGREGATES.has(name)) inAccount = false;
        if (name === 'STMTTRN' && current) {
          drafts.push(current);
          current = null;
        }
        continue;
      }
      if (STATEMENTS.has(name)) account = undefined;
      if (ACCOUNT_AGGREGATES.has(name)) inAccount = true;
      if (name === 'STMTTRN') {
        if (current) drafts.push(current); // an SGML file that never closed the previous one
        current = { fields: {}, account };
      }
      openLeaf = name;
      continue;
    }
    const value = cdata !== undefined ? cdata.replace(/\s+/g, ' ').trim() : decodeText(textPart ?? '');
    if (!openLeaf || value === '') continue;
    if (current) {
      if (!(openLeaf in current.fields)) current.fields[openLeaf] = value;
      else if (openLeaf === 'MEMO' || openLeaf === 'NAME')
        current.fields[openLeaf] = `${current.fields[openLeaf] ?? ''} ${value}`;
    } else if (inAccount && openLeaf === 'ACCTID') {
      account = value;
    }
    if (cdata === undefined) openLeaf = null;
  }
  if (current) drafts.push(current);

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
    if (!date) errors.push(f.DTPOSTED ? `Unreadable date "${f.DTPOSTED}"` : 'No date');
    if (!read) errors.push(rawAmount ? `Unreadable amount "${rawAmount}"` : 'No amount');
    if (errors.length) posting.error = errors.join('; ');
    return posting;
  });
  return { format: 'ofx', options: { encoding, invertSign: invert }, needsReview: [], postings };
}
