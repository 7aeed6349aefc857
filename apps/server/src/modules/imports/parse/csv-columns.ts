import { detectDecimalMark, readAmount, type DecimalMark } from './amount.js';
import { detectDateFormat } from './dates.js';
import { directionOf, headerScore, isSingleLetterMark, normaliseHeader, type Role } from './csv-words.js';

export interface ColumnRoles {
  date: number;
  amount?: number;
  debit?: number;
  credit?: number;
  direction?: number;
  description: number[];
  payee?: number;
  account?: number;
  category?: number;
  status?: number;
  id?: number;
  /** Tag names joined by ";" (our own export, docs/tags.md). */
  tags?: number;
  /** "split" on a split row, "line" on each of its lines below it (our own export, docs/splits.md). */
  split?: number;
}

/** Column names for the header: empty cells become "Column N", repeats get " (2)". */
export function headerNames(cells: string[], width: number): string[] {
  const seen = new Map<string, number>();
  const names: string[] = [];
  for (let i = 0; i < width; i++) {
    let name = (cells[i] ?? '').trim() || `Column ${i + 1}`;
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    if (n > 1) name = `${name} (${n})`;
    names.push(name);
  }
  return names;
}

export function columnValues(rows: string[][], col: number): string[] {
  const out: string[] = [];
  for (const r of rows) {
    const v = r[col];
    if (v) out.push(v);
  }
  return out;
}

const numericShare = (values: string[]) => {
  if (values.length === 0) return 0;
  let ok = 0;
  for (const v of values) if (readAmount(v, '.') || readAmount(v, ',')) ok++;
  return ok / values.length;
};

/** The first column whose values are mostly dates (at least half of the rows have one). */
export function findDateColumn(rows: string[][], width: number): number | null {
  for (let c = 0; c < width; c++) {
    const values = columnValues(rows, c);
    if (values.length < Math.max(1, rows.length * 0.3)) continue;
    const detected = detectDateFormat(values);
    if (detected && detected.share >= 0.5) return c;
  }
  return null;
}

interface Pick {
  col: number;
  score: number;
}

function bestByHeader(header: string[], role: Role, usable: (c: number) => boolean): Pick | null {
  let best: Pick | null = null;
  header.forEach((cell, col) => {
    if (!usable(col)) return;
    const s = headerScore(cell, role);
    if (s > 0 && (!best || s > best.score)) best = { col, score: s };
  });
  return best;
}

/** A column of D/K, debit/credit, inflow/outflow or CR marks (possibly with blanks). */
function findDirectionColumn(
  header: string[],
  rows: string[][],
  taken: Set<number>,
): { col: number; sides: Set<1 | -1> } | null {
  for (let col = 0; col < header.length; col++) {
    if (taken.has(col)) continue;
    const values = columnValues(rows, col);
    if (values.length === 0) continue;
    const sides = new Set<1 | -1>();
    let ok = true;
    for (const v of values) {
      const d = directionOf(v);
      if (d === null) {
        ok = false;
        break;
      }
      sides.add(d);
    }
    if (!ok) continue;
    const singleLetters = values.every(isSingleLetterMark);
    const hinted = headerScore(header[col]!, 'direction') > 0 || /[/|]/.test(header[col]!);
    if (singleLetters && !(sides.size === 2 || hinted)) continue;
    // one-sided columns must be sparse flags (like a CR beside card payments), not a constant
    if (sides.size === 1 && values.length === rows.filter((r) => r.some((c) => c)).length && !hinted) continue;
    return { col, sides };
  }
  return null;
}

export interface DetectedColumns {
  roles: ColumnRoles;
  /** For a direction column: which sides occur (a lone side means blanks are the other). */
  directionSides?: Set<1 | -1>;
  guessedAmount: boolean;
}

/** Assigns roles to columns from header words and the values under them. */
export function detectColumns(header: string[], rows: string[][], dateCol: number): DetectedColumns {
  const width = header.length;
  const numeric = header.map((_, c) => numericShare(columnValues(rows, c)));
  const filled = header.map((_, c) => columnValues(rows, c).length);
  const taken = new Set<number>([dateCol]);
  const isNumeric = (c: number) => !taken.has(c) && filled[c]! > 0 && numeric[c]! >= 0.6;
  const excluded = (c: number) => headerScore(header[c]!, 'balance') > 0 || headerScore(header[c]!, 'date') >= 2;

  const roles: ColumnRoles = { date: dateCol, description: [] };
  let guessedAmount = false;

  // a signed amount column: the best-named numeric one that is not a balance, fee or original amount
  const amount = bestByHeader(header, 'amount', (c) => isNumeric(c) && !excluded(c));
  // a debit or credit column may be empty in a short file (no deposits this month)
  const moneyColumn = (c: number) => !taken.has(c) && (numeric[c]! >= 0.6 || filled[c] === 0) && !excluded(c);
  const debit = bestByHeader(header, 'debit', moneyColumn);
  const credit = bestByHeader(header, 'credit', moneyColumn);
  if (amount && !(debit && credit && amount.score < Math.min(debit.score, credit.score))) {
    roles.amount = amount.col;
  } else if (debit && credit && debit.col !== credit.col) {
    roles.debit = debit.col;
    roles.credit = credit.col;
  } else {
    const fallback = header.findIndex(
      (h, c) => isNumeric(c) && !excluded(c) && !/\b(id|no|nr|number|nummer)\b/i.test(normaliseHeader(h)),
    );
    if (fallback >= 0) {
      roles.amount = fallback;
      guessedAmount = true;
    }
  }
  for (const c of [roles.amount, roles.debit, roles.credit]) if (c !== undefined) taken.add(c);

  const direction = roles.amount !== undefined ? findDirectionColumn(header, rows, taken) : null;
  if (direction) {
    roles.direction = direction.col;
    taken.add(direction.col);
  }

  const textual = (c: number) => !taken.has(c) && numeric[c]! < 0.9 && filled[c]! > 0;
  const counterparty = (c: number) => headerScore(header[c]!, 'counterparty') > 0;
  const payee = bestByHeader(
    header,
    'payee',
    (c) =>
      textual(c) &&
      headerScore(header[c]!, 'account') < headerScore(header[c]!, 'payee') &&
      !(headerScore(header[c]!, 'counterparty') > 0 && headerScore(header[c]!, 'payee') < 3),
  );
  if (payee) {
    roles.payee = payee.col;
    taken.add(payee.col);
  }
  for (let c = 0; c < width; c++) {
    if (textual(c) && headerScore(header[c]!, 'description') > 0 && !counterparty(c)) roles.description.push(c);
  }
  if (roles.description.length === 0 && roles.payee === undefined) {
    // no named description: the wordiest remaining text column
    let best = -1;
    let bestLen = 0;
    for (let c = 0; c < width; c++) {
      if (!textual(c) || counterparty(c) || headerScore(header[c]!, 'account') > 0) continue;
      const values = columnValues(rows, c);
      const avg = values.reduce((n, v) => n + v.length, 0) / values.length;
      if (avg > bestLen && /\p{L}/u.test(values.join(''))) {
        bestLen = avg;
        best = c;
      }
    }
    if (best >= 0) roles.description.push(best);
  }
  roles.description.forEach((c) => taken.add(c));

  const other = (role: Role) =>
    bestByHeader(header, role, (c) => !taken.has(c) && !counterparty(c) && filled[c]! > 0)?.col;
  roles.account = other('account');
  roles.category = other('category');
  roles.status = other('status');
  roles.tags = other('tags');
  // Only a header cell that is exactly "Split" (our export's); its values are checked per row.
  const split = header.findIndex((h, c) => !taken.has(c) && normaliseHeader(h) === 'split');
  if (split >= 0) roles.split = split;
  const id = other('id');
  if (id !== undefined) {
    const ids = columnValues(rows, id);
    if (ids.length === rows.filter((r) => r.some((c) => c)).length && new Set(ids).size === ids.length) roles.id = id;
  }
  return { roles, directionSides: direction?.sides, guessedAmount };
}

export function detectDecimal(rows: string[][], roles: ColumnRoles, delimiter: string): DecimalMark {
  const values: string[] = [];
  for (const c of [roles.amount, roles.debit, roles.credit]) if (c !== undefined) values.push(...columnValues(rows, c));
  return detectDecimalMark(values, delimiter === ';' ? ',' : '.');
}
