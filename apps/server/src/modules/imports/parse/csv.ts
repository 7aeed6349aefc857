import { isCurrencyCode, type ImportOptions } from '@ledgerly/shared';
import { readAmount, type DecimalMark } from './amount.js';
import { detectColumns, detectDecimal, findDateColumn, headerNames, type ColumnRoles } from './csv-columns.js';
import { checkLineLengths, detectDelimiter, splitRows } from './csv-dialect.js';
import {
  directionOf as directionFor,
  headerScore,
  isBalanceText,
  isPendingText,
  normaliseHeader,
  type Role,
} from './csv-words.js';
import { detectDateFormat, formatFromPattern, readDate, type DateFormat } from './dates.js';
import {
  ImportFileError,
  shown,
  statementCurrency,
  type EffectiveCsvColumns,
  type ParsedPosting,
  type ParseResult,
} from './types.js';

const HEADER_SCAN = 40;
const HEADER_ROLES: Role[] = [
  'date',
  'amount',
  'debit',
  'credit',
  'description',
  'payee',
  'balance',
  'account',
  'category',
];

const nonEmpty = (row: string[]) => row.reduce((n, c) => (c ? n + 1 : n), 0);

/** The header is the first line, among the first few, that names at least two known columns. */
function findHeaderRow(rows: string[][]): number {
  let best = -1;
  let bestScore = 1;
  for (let i = 0; i < Math.min(HEADER_SCAN, rows.length); i++) {
    const row = rows[i]!;
    if (nonEmpty(row) < 2) continue;
    const score = row.filter(
      (cell) => cell && cell.length <= 60 && HEADER_ROLES.some((r) => headerScore(cell, r) > 0),
    ).length;
    if (score > bestScore) {
      best = i;
      bestScore = score;
    }
  }
  if (best >= 0) return best;
  // no known words: the line above the first one that holds a date
  for (let i = 1; i < Math.min(HEADER_SCAN, rows.length); i++) {
    if (rows[i]!.some((c) => detectDateFormat([c]) !== null)) return i - 1;
  }
  return 0;
}

function columnIndex(header: string[], name: string | undefined, what: string): number | undefined {
  if (name === undefined) return undefined;
  const i = header.indexOf(name);
  if (i < 0) throw new ImportFileError('BAD_OPTIONS', `The ${what} column "${name}" is not in the file's header.`);
  return i;
}

function rolesFromOptions(
  header: string[],
  given: NonNullable<NonNullable<ImportOptions['csv']>['columns']>,
  detected: ColumnRoles,
): ColumnRoles {
  const roles: ColumnRoles = { ...detected };
  const date = columnIndex(header, given.date, 'date');
  if (date !== undefined) roles.date = date;
  if (given.amount !== undefined) {
    roles.amount = columnIndex(header, given.amount, 'amount');
    roles.debit = undefined;
    roles.credit = undefined;
  }
  if (given.debit !== undefined || given.credit !== undefined) {
    roles.debit = columnIndex(header, given.debit, 'debit');
    roles.credit = columnIndex(header, given.credit, 'credit');
    if (given.amount === undefined) roles.amount = undefined;
  }
  if (given.direction !== undefined) roles.direction = columnIndex(header, given.direction, 'direction');
  if (given.description !== undefined)
    roles.description = given.description.map((d) => columnIndex(header, d, 'description')!);
  if (given.payee !== undefined) roles.payee = columnIndex(header, given.payee, 'payee');
  return roles;
}

/**
 * The currency column: the one the user named, else the first column not taken by another role
 * whose every filled cell (of the sample, at least one) is an ISO 4217 code.
 */
function currencyColumn(header: string[], sample: string[][], roles: ColumnRoles, given?: string): number | undefined {
  if (given !== undefined) return columnIndex(header, given, 'currency');
  const taken = new Set(
    [roles.date, roles.amount, roles.debit, roles.credit, roles.direction, roles.payee, ...roles.description].filter(
      (c): c is number => c !== undefined,
    ),
  );
  for (let c = 0; c < header.length; c++) {
    if (taken.has(c)) continue;
    let filled = 0;
    let codes = true;
    for (const row of sample) {
      const cell = (row[c] ?? '').trim();
      if (!cell) continue;
      filled++;
      if (!isCurrencyCode(cell)) {
        codes = false;
        break;
      }
    }
    if (codes && filled > 0) return c;
  }
  return undefined;
}

/** Card statements print purchases as positive numbers. */
function looksLikeCardStatement(header: string[], rows: string[][]): boolean {
  if (
    header.some((h) =>
      /\b(card|cards|karte|kreditkarte|tarjeta|carte|kaart|kort|mastercard|visa|amex)\b/.test(normaliseHeader(h)),
    )
  )
    return true;
  return rows.slice(0, 50).some((r) => r.some((c) => /^[*xX•]{4}[ -]?\d{4}$/.test(c)));
}

export function parseCsv(text: string, encoding: string, options: ImportOptions): ParseResult {
  const given = options.csv ?? {};
  checkLineLengths(text);
  const delimiter = given.delimiter ?? detectDelimiter(text);
  const rows = splitRows(text, delimiter);
  while (rows.length > 0 && nonEmpty(rows[rows.length - 1]!) === 0) rows.pop();
  if (rows.length === 0) throw new ImportFileError('EMPTY_FILE', 'The file is empty.');

  const headerRow = given.headerRow ?? findHeaderRow(rows);
  if (headerRow >= rows.length)
    throw new ImportFileError(
      'BAD_OPTIONS',
      `The file has only ${rows.length} lines; the header row cannot be ${headerRow}.`,
    );
  const dataRows = rows.slice(headerRow + 1);
  const width = Math.max(rows[headerRow]!.length, ...dataRows.slice(0, 2000).map((r) => r.length));
  const header = headerNames(rows[headerRow]!, width);
  const sample = dataRows.length > 2000 ? dataRows.slice(0, 2000) : dataRows;

  const dateCol = findDateColumn(sample, width);
  if (dateCol === null && given.columns?.date === undefined) {
    throw new ImportFileError(
      'NOT_A_STATEMENT',
      'This file does not look like a bank statement: no column of dates was found.',
    );
  }
  const detected = detectColumns(header, sample, dateCol ?? 0);
  const roles = given.columns ? rolesFromOptions(header, given.columns, detected.roles) : detected.roles;
  if (roles.amount === undefined && roles.debit === undefined && roles.credit === undefined) {
    throw new ImportFileError(
      'NOT_A_STATEMENT',
      'This file does not look like a bank statement: no column of amounts was found.',
    );
  }
  const needsReview: string[] = [];
  if (detected.guessedAmount && !given.columns) needsReview.push('columns');

  const decimal: DecimalMark = given.decimalSeparator ?? detectDecimal(sample, roles, delimiter);

  const dateValues: string[] = [];
  for (const r of dataRows) if (r[roles.date]) dateValues.push(r[roles.date]!);
  let dateFormat: DateFormat;
  if (options.dateFormat) {
    const f = formatFromPattern(options.dateFormat);
    if (!f)
      throw new ImportFileError(
        'BAD_OPTIONS',
        `"${options.dateFormat}" is not a date format such as DD.MM.YYYY or M/D/YY.`,
      );
    dateFormat = f;
  } else {
    const d = detectDateFormat(dateValues, 'DMY');
    if (!d) throw new ImportFileError('NOT_A_STATEMENT', 'No dates could be read in the date column.');
    dateFormat = d.format;
    if (d.ambiguous) needsReview.push('dateFormat');
  }

  // sign convention: explicit flags, a one-sided flag column (CR on card payments), or a card
  // statement printing purchases positive
  const sides = roles.direction === detected.roles.direction ? detected.directionSides : undefined;
  const oneSided = sides && sides.size === 1 ? [...sides][0] : undefined;
  let invertSign = options.invertSign;
  if (invertSign === undefined) {
    invertSign = false;
    if (roles.amount !== undefined && (roles.direction === undefined || oneSided === 1)) {
      const anyNegative = dataRows.some((r) => {
        const v = r[roles.amount!];
        return v ? (readAmount(v, decimal)?.cents ?? 0) < 0 : false;
      });
      if (!anyNegative && (oneSided === 1 || looksLikeCardStatement(header, sample))) {
        invertSign = true;
        needsReview.push('invertSign');
      }
    }
  }

  const postings = readRows(dataRows, roles, { decimal, dateFormat, invertSign, oneSided });
  const currencyCol = currencyColumn(header, sample, roles, given.columns?.currency);
  const currencies: string[] = [];
  if (currencyCol !== undefined) {
    for (const row of dataRows) {
      const cell = (row[currencyCol] ?? '').trim().toUpperCase();
      if (isCurrencyCode(cell)) currencies.push(cell);
    }
  }

  const names = (cols: (number | undefined)[]) =>
    cols.filter((c): c is number => c !== undefined).map((c) => header[c]!);
  const columns: EffectiveCsvColumns = { date: header[roles.date] };
  if (roles.amount !== undefined) columns.amount = header[roles.amount];
  if (roles.debit !== undefined) columns.debit = header[roles.debit];
  if (roles.credit !== undefined) columns.credit = header[roles.credit];
  if (roles.direction !== undefined) columns.direction = header[roles.direction];
  columns.description = names(roles.description);
  if (roles.payee !== undefined) columns.payee = header[roles.payee];
  if (currencyCol !== undefined) columns.currency = header[currencyCol];

  const result: ParseResult = {
    format: 'csv',
    options: {
      encoding,
      invertSign,
      dateFormat: dateFormat.pattern,
      csv: { delimiter, headerRow, decimalSeparator: decimal, columns },
    },
    needsReview,
    header,
    postings,
    ...statementCurrency(currencies),
  };
  const closing = closingAbove(rows.slice(0, headerRow), postings, { decimal, dateFormat, invertSign });
  if (closing) result.closing = closing;
  return result;
}

/** A label of the current or closing balance ("Kontostand vom 31.10.2026:", "Account Balance:"). */
const CLOSING_LABEL =
  /^(?:(?:closing|ending|end|current|ledger|book(?:ed)?|account|new|final)\s+)?(?:balance|kontostand|saldo|solde|endsaldo|schlusssaldo)\b(?!.*\b(?:available|verfügbar|opening|start|anfang|previous|alt)\b)/i;

/**
 * The closing balance a CSV states in the lines above its header: a line whose first cell is a
 * balance label and whose next filled cell an amount. Its date is the one in the label ("vom
 * 31.10.2026"), else the latest posting's date (an export's current balance).
 */
function closingAbove(
  lines: string[][],
  postings: ParsedPosting[],
  s: { decimal: DecimalMark; dateFormat: DateFormat; invertSign: boolean },
): ParseResult['closing'] {
  for (const line of lines) {
    const cells = line.map((c) => c.trim()).filter(Boolean);
    if (cells.length < 2) continue;
    const label = cells[0]!.replace(/\s+/g, ' ');
    if (label.length > 80 || !CLOSING_LABEL.test(label)) continue;
    const value = cells[1]!.replace(/\s*[A-Z]{3}$/, '');
    const amount = readAmount(value, s.decimal);
    if (!amount) continue;
    const dated = /(\d{1,4}[./-]\d{1,2}[./-]\d{1,4})/.exec(label);
    let date = dated ? readDate(dated[1]!, s.dateFormat) : null;
    if (!date) {
      for (const p of postings) if (p.date && !p.error && (!date || p.date > date)) date = p.date;
    }
    if (!date) continue;
    return { date, cents: (s.invertSign ? -amount.cents : amount.cents) || 0 };
  }
  return undefined;
}

interface ReadSettings {
  decimal: DecimalMark;
  dateFormat: DateFormat;
  invertSign: boolean;
  oneSided: 1 | -1 | undefined;
}

function readRows(dataRows: string[][], roles: ColumnRoles, s: ReadSettings): ParsedPosting[] {
  const postings: ParsedPosting[] = [];
  const moneyCols = [roles.amount, roles.debit, roles.credit].filter((c): c is number => c !== undefined);
  const textOf = (row: string[]) => {
    const parts = roles.description.map((c) => row[c] ?? '').filter(Boolean);
    return parts.join(' ').replace(/\s+/g, ' ').trim();
  };
  let last: ParsedPosting | null = null;

  for (const row of dataRows) {
    const filled = nonEmpty(row);
    if (filled === 0) continue;
    const dateText = row[roles.date] ?? '';
    const hasMoney = moneyCols.some((c) => row[c]);
    const description = textOf(row);
    const payee = roles.payee !== undefined ? row[roles.payee] || undefined : undefined;

    if (roles.status !== undefined && isPendingText(row[roles.status] ?? '')) continue;
    const mark = roles.split !== undefined ? (row[roles.split] ?? '').trim().toLowerCase() : '';
    if (mark === 'line') {
      // A line of the split row above it (our own export, docs/splits.md): not a posting.
      if (last?.lines) {
        const amount = readMoney(row, roles, s);
        const category = roles.category !== undefined ? (row[roles.category] ?? '').trim() : '';
        if (typeof amount === 'string' || !category || amount === 0) {
          last.error ??= `Split line ${last.lines.length + 1}: ${typeof amount === 'string' ? amount : 'no category or amount'}`;
        } else {
          const line: { category: string; amountCents: number; note?: string } = { category, amountCents: amount };
          if (description) line.note = description;
          last.lines.push(line);
        }
      }
      continue;
    }
    if (!dateText) {
      if (!hasMoney) {
        // a continuation line: its text belongs to the posting above
        const extra = description || row.filter(Boolean).join(' ');
        if (last && extra) last.description = `${last.description} ${extra}`.replace(/\s+/g, ' ').trim();
        continue;
      }
    }
    if (isPendingText(dateText) || isBalanceText(dateText)) continue;
    if (description && !payee && isBalanceText(description)) continue;

    const date = dateText ? readDate(dateText, s.dateFormat) : null;
    if (!date && filled < 2) continue; // a note or footer line, not a posting
    const posting: ParsedPosting = {
      index: postings.length,
      date,
      amountCents: null,
      description: description || payee || '',
    };
    if (payee) posting.payee = payee;
    if (roles.account !== undefined && row[roles.account]) posting.account = row[roles.account];
    if (roles.category !== undefined && row[roles.category]) posting.category = row[roles.category];
    if (roles.id !== undefined && row[roles.id]) posting.externalId = row[roles.id];
    if (roles.tags !== undefined && row[roles.tags]) {
      // Names joined by ";" (our export doubles a ";" inside a name).
      const names = row[roles.tags]!.replaceAll(';;', '\u0000')
        .split(';')
        .map((n) => n.replaceAll('\u0000', ';').trim())
        .filter(Boolean);
      if (names.length) posting.tags = names;
    }
    if (mark === 'split') {
      // Its category cell is the "Split (n)" label; the lines below it carry the categories.
      posting.lines = [];
      delete posting.category;
    }

    const errors: string[] = [];
    if (!date) errors.push(dateText ? `Unreadable date "${shown(dateText)}"` : 'No date');
    const amount = readMoney(row, roles, s);
    if (typeof amount === 'string') errors.push(amount);
    else posting.amountCents = amount;
    if (errors.length > 0) posting.error = errors.join('; ');
    postings.push(posting);
    last = posting;
  }
  return postings;
}

/** The row's signed amount in cents, or a reason it cannot be read. */
function readMoney(row: string[], roles: ColumnRoles, s: ReadSettings): number | string {
  const flip = s.invertSign ? -1 : 1;
  if (roles.amount !== undefined) {
    const raw = row[roles.amount] ?? '';
    if (!raw) return 'No amount';
    const read = readAmount(raw, s.decimal);
    if (!read) return `Unreadable amount "${shown(raw)}"`;
    let cents = read.cents;
    if (roles.direction !== undefined) {
      const mark = row[roles.direction] ?? '';
      const dir = mark ? directionFor(mark) : null;
      if (s.oneSided !== undefined) {
        // A lone flag marks the rows that go against the printed convention: DR beside printed
        // credits, or CR beside card purchases printed positive (then invertSign turns both).
        if (dir !== null) cents = -Math.abs(cents);
      } else if (dir !== null) cents = Math.abs(cents) * dir;
    }
    return cents * flip || 0;
  }
  const debitRaw = roles.debit !== undefined ? (row[roles.debit] ?? '') : '';
  const creditRaw = roles.credit !== undefined ? (row[roles.credit] ?? '') : '';
  if (!debitRaw && !creditRaw) return 'No amount';
  const debit = debitRaw ? readAmount(debitRaw, s.decimal) : { cents: 0, signed: false };
  const credit = creditRaw ? readAmount(creditRaw, s.decimal) : { cents: 0, signed: false };
  if (!debit) return `Unreadable amount "${shown(debitRaw)}"`;
  if (!credit) return `Unreadable amount "${shown(creditRaw)}"`;
  return (Math.abs(credit.cents) - Math.abs(debit.cents)) * flip || 0;
}
