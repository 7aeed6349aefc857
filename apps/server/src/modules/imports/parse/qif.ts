import type { ImportOptions } from '@ledgerly/shared';
import { detectDecimalMark, readAmount } from './amount.js';
import { detectDateFormat, formatFromPattern, readDate, type DateFormat } from './dates.js';
import {
  ImportFileError,
  MAX_POSTINGS,
  shown,
  tooManyPostings,
  type ParsedPosting,
  type ParseResult,
} from './types.js';

/*
 * QIF is a line format (one field per line, a code letter first, `^` ends a record). The npm
 * QIF readers handle one date form and drop the section type, so this small reader is ours.
 */

const CASH_SECTIONS = /^(bank|cash|ccard|oth a|oth l|invoice)$/i;
const LIST_SECTIONS = /^(cat|class|memorized|prices|security|template|invitem)$/i;

interface Record {
  date?: string;
  amount?: string;
  payee?: string;
  memo?: string;
  category?: string;
  number?: string;
  account?: string;
}

export function parseQif(text: string, encoding: string, options: ImportOptions): ParseResult {
  const records: Record[] = [];
  let section: 'cash' | 'skip' | 'account' = 'skip';
  let account: string | undefined;
  let pendingAccount: string | undefined;
  let rec: Record = {};
  let touched = false;
  let sawType = false;

  const flush = () => {
    if (section === 'cash' && touched) {
      if (records.length >= MAX_POSTINGS) throw tooManyPostings();
      records.push({ ...rec, account });
    }
    if (section === 'account' && pendingAccount) account = pendingAccount;
    rec = {};
    touched = false;
  };

  for (const rawLine of text.split(/\r\n|\r|\n/)) {
    // trimEnd, not /\s+$/: the pattern retries from every space of a long run (quadratic)
    const line = rawLine.trimEnd();
    if (line === '') continue;
    if (line.startsWith('!')) {
      flush();
      // the name, then the rest after an optional colon (two \s* around it would backtrack)
      const header = /^!(Type|Account|Option|Clear)/i.exec(line);
      const kind = header?.[1]?.toLowerCase();
      if (kind === 'type') {
        sawType = true;
        let type = line.slice(header![0].length).trimStart();
        if (type.startsWith(':')) type = type.slice(1);
        type = type.trim();
        section = CASH_SECTIONS.test(type) ? 'cash' : 'skip';
        if (LIST_SECTIONS.test(type)) section = 'skip';
      } else if (kind === 'account') {
        section = 'account';
        pendingAccount = undefined;
      }
      continue;
    }
    const code = line[0]!;
    const value = line.slice(1).trim();
    if (code === '^') {
      flush();
      continue;
    }
    if (section === 'account') {
      if (code === 'N') pendingAccount = value;
      continue;
    }
    if (section !== 'cash') continue;
    touched = true;
    switch (code) {
      case 'D':
        rec.date = value;
        break;
      case 'T':
      case 'U':
        rec.amount ??= value;
        break;
      case 'P':
        rec.payee = value;
        break;
      case 'M':
        rec.memo = value;
        break;
      case 'L':
        rec.category = value;
        break;
      case 'N':
        rec.number = value;
        break;
      default:
        break; // C cleared, A address, S/E/$ split lines (the T total is the posting), ...
    }
  }
  flush();
  if (!sawType) throw new ImportFileError('NOT_A_STATEMENT', 'This QIF file has no !Type section.');

  const decimal = detectDecimalMark(
    records.map((r) => r.amount ?? ''),
    '.',
  );
  const needsReview: string[] = [];
  let dateFormat: DateFormat | null;
  if (options.dateFormat) {
    dateFormat = formatFromPattern(options.dateFormat);
    if (!dateFormat)
      throw new ImportFileError('BAD_OPTIONS', `"${options.dateFormat}" is not a date format such as M/D/YY.`);
  } else {
    // Quicken writes month first unless the user's locale says otherwise
    const detected = detectDateFormat(
      records.map((r) => r.date ?? ''),
      'MDY',
    );
    dateFormat = detected?.format ?? null;
    if (detected?.ambiguous) needsReview.push('dateFormat');
  }
  const invert = options.invertSign === true;
  const postings: ParsedPosting[] = records.map((r, index) => {
    const date = r.date && dateFormat ? readDate(r.date, dateFormat) : null;
    const read = r.amount ? readAmount(r.amount, decimal) : null;
    const posting: ParsedPosting = {
      index,
      date,
      amountCents: read ? (invert ? -read.cents : read.cents) || 0 : null,
      description: [r.payee, r.memo].filter(Boolean).join(' ') || (r.number ? `Check ${r.number}` : ''),
    };
    if (r.payee) posting.payee = r.payee;
    if (r.account) posting.account = r.account;
    // Quicken's first record "Opening Balance" (often with L[Account name]) opens the account.
    if (index === 0 && /^opening balance$/i.test(r.payee?.trim() ?? '')) posting.opening = true;
    // "[Account]" is a transfer, not a category; "Cat:Sub/Class" keeps the category part
    const category = r.category && !r.category.startsWith('[') ? r.category.split('/')[0]!.trim() : undefined;
    if (category) posting.category = category;
    const errors: string[] = [];
    if (!date) errors.push(r.date ? `Unreadable date "${shown(r.date)}"` : 'No date');
    if (!read) errors.push(r.amount ? `Unreadable amount "${shown(r.amount)}"` : 'No amount');
    if (errors.length) posting.error = errors.join('; ');
    return posting;
  });
  return {
    format: 'qif',
    options: { encoding, invertSign: invert, ...(dateFormat ? { dateFormat: dateFormat.pattern } : {}) },
    needsReview,
    postings,
  };
}
