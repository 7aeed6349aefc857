/**
 * Dates in the forms banks print: DD.MM.YYYY, M/D/YY, DD-MMM-YYYY, YYYY.MM.DD., YYYYMMDD,
 * Quicken's `6/ 1/94` and `8/31' 0`, with or without a time after them. The order (day or
 * month first) is decided per column from all its values; every day ≤ 12 leaves it ambiguous.
 * Date libraries parse one known pattern strictly; detecting the pattern of a whole column
 * leniently is not something they do, hence this file.
 */

import { MAX_DATE_TEXT } from './types.js';

export type DateOrder = 'DMY' | 'MDY' | 'YMD';

/** A parsed date format: field order, year width, month as a name, and how to print it back. */
export interface DateFormat {
  order: DateOrder;
  monthName: boolean;
  pattern: string;
}

const MONTHS: Record<string, number> = {};
(
  [
    [
      1,
      'jan',
      'janv',
      'januar',
      'january',
      'janvier',
      'ene',
      'enero',
      'gen',
      'gennaio',
      'janeiro',
      'jänner',
      'jän',
      'led',
      'sty',
      'tammi',
    ],
    [
      2,
      'feb',
      'febr',
      'februar',
      'february',
      'fev',
      'févr',
      'fevr',
      'février',
      'febrero',
      'febbraio',
      'fevereiro',
      'úno',
      'lut',
    ],
    [3, 'mar', 'mär', 'mrz', 'mrt', 'march', 'märz', 'mars', 'marzo', 'março', 'maart', 'bře', 'mart'],
    [4, 'apr', 'april', 'avr', 'avril', 'abr', 'abril', 'aprile', 'dub', 'kwi'],
    [5, 'may', 'mai', 'mei', 'mayo', 'mag', 'maggio', 'maio', 'kvě', 'maj'],
    [6, 'jun', 'june', 'juni', 'juin', 'junio', 'giu', 'giugno', 'junho', 'čer', 'cze'],
    [7, 'jul', 'july', 'juli', 'juil', 'juillet', 'julio', 'lug', 'luglio', 'julho', 'čvc', 'lip'],
    [8, 'aug', 'august', 'août', 'aout', 'ago', 'agosto', 'srp', 'sie'],
    [9, 'sep', 'sept', 'september', 'septembre', 'septiembre', 'set', 'settembre', 'setembro', 'zář', 'wrz'],
    [10, 'oct', 'okt', 'october', 'oktober', 'octobre', 'octubre', 'ott', 'ottobre', 'out', 'outubro', 'říj', 'paź'],
    [11, 'nov', 'november', 'novembre', 'noviembre', 'novembro', 'lis', 'lis'],
    [
      12,
      'dec',
      'dez',
      'dic',
      'déc',
      'december',
      'dezember',
      'décembre',
      'diciembre',
      'dicembre',
      'dezembro',
      'pro',
      'gru',
    ],
  ] as const
).forEach(([n, ...names]) => names.forEach((name) => (MONTHS[name] = n)));

function monthFromName(word: string): number | null {
  const w = word.toLowerCase().replace(/\.$/, '');
  return MONTHS[w] ?? MONTHS[w.slice(0, 4)] ?? MONTHS[w.slice(0, 3)] ?? null;
}

const TIME_SUFFIX = /(?:[ T]+\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?\s*(?:[AaPp]\.?[Mm]\.?)?\s*(?:Z|[+-]\d{2}:?\d{2})?)$/;

interface Shape {
  parts: string[];
  seps: string[];
  trailing: string;
  apostropheYear: boolean;
}

/**
 * Splits "12-Dec-2019", "2019.04.19.", "6/ 1/94", "8/31' 0" into three parts and separators.
 * Text longer than any date is refused before the patterns see it: they backtrack over runs of
 * spaces, and a cell of `1`, 80,000 spaces, `x` once held the server for 90 seconds.
 */
function shapeOf(raw: string): Shape | null {
  if (raw.length > MAX_DATE_TEXT) return null;
  const s = raw.trim().replace(TIME_SUFFIX, '').trim();
  if (/^\d{8}$/.test(s))
    return { parts: [s.slice(0, 4), s.slice(4, 6), s.slice(6)], seps: ['', ''], trailing: '', apostropheYear: false };
  const m =
    /^(\d{1,4}|\p{L}{3,9}\.?)(\s*[./\-,' ]\s*|\s+)(\d{1,2}|\p{L}{3,9}\.?)(\s*[./\-,' ]\s*|\s+)(\d{1,4})(\.?)$/u.exec(s);
  if (!m) return null;
  const [, a, s1, b, s2, c, trailing] = m as unknown as [string, string, string, string, string, string, string];
  return {
    parts: [a, b, c],
    seps: [s1.trim() || ' ', s2.trim() || ' '],
    trailing,
    apostropheYear: s2.includes("'"),
  };
}

const isNum = (p: string) => /^\d+$/.test(p);

function fullYear(y: string, apostrophe: boolean): number {
  const n = Number(y);
  if (y.length >= 3) return n;
  if (apostrophe) return 2000 + n; // Quicken writes years from 2000 as ' 0, '01 ...
  return n < 70 ? 2000 + n : 1900 + n;
}

function iso(y: number, m: number, d: number): string | null {
  if (y < 1900 || y > 2200 || m < 1 || m > 12 || d < 1) return null;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d > days) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

// Statements repeat the same few hundred dates over thousands of rows: remember the answers.
const cache = new Map<string, string | null>();
const CACHE_MAX = 20_000;

/** Reads one date with a known field order; null when it is not a real date in that order. */
export function readDate(raw: string, format: Pick<DateFormat, 'order'>): string | null {
  if (raw.length > MAX_DATE_TEXT) return null;
  const key = format.order + raw;
  const known = cache.get(key);
  if (known !== undefined) return known;
  const result = readDateUncached(raw, format.order);
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(key, result);
  return result;
}

function readDateUncached(raw: string, order: DateOrder): string | null {
  const shape = shapeOf(raw);
  if (!shape) return null;
  const [a, b, c] = shape.parts as [string, string, string];
  let y: string;
  let mo: string;
  let d: string;
  if (order === 'YMD') [y, mo, d] = [a, b, c];
  else if (order === 'DMY') [d, mo, y] = [a, b, c];
  else [mo, d, y] = [a, b, c];
  if (!isNum(y) || !isNum(d) || (order === 'YMD' && y.length !== 4) || (order !== 'YMD' && y.length === 3)) return null;
  const month = isNum(mo) ? Number(mo) : monthFromName(mo);
  if (month === null) return null;
  return iso(fullYear(y, shape.apostropheYear), month, Number(d));
}

/** Turns a user's pattern ("DD.MM.YYYY", "M/D/YY", "DD-MMM-YYYY") into a format. */
export function formatFromPattern(pattern: string): DateFormat | null {
  const tokens = pattern.toUpperCase().match(/Y+|M+|D+/g);
  if (!tokens || tokens.length !== 3) return null;
  const order = tokens.map((t) => t[0]).join('');
  if (order !== 'DMY' && order !== 'MDY' && order !== 'YMD') return null;
  return { order, monthName: tokens.some((t) => t === 'MMM' || t === 'MMMM'), pattern };
}

export interface DetectedDateFormat {
  format: DateFormat;
  /** Day and month could each be the other for every value. */
  ambiguous: boolean;
  /** Share of the values that parse. */
  share: number;
}

function buildPattern(
  order: DateOrder,
  sample: Shape,
  width: { shortDM: boolean; year: number; name: boolean },
): string {
  const fields = order.split('').map((f) => {
    if (f === 'Y') return width.year === 2 ? 'YY' : 'YYYY';
    if (f === 'M') return width.name ? 'MMM' : width.shortDM ? 'M' : 'MM';
    return width.shortDM ? 'D' : 'DD';
  });
  return `${fields[0]!}${sample.seps[0] ?? ''}${fields[1]!}${sample.seps[1] ?? ''}${fields[2]!}${sample.trailing}`;
}

/**
 * Finds the one field order that reads a column's values. When both day-first and month-first
 * read every value, prefers the one under which the dates run in order (statements are sorted),
 * else `preferred`, and says it was ambiguous.
 */
export function detectDateFormat(values: string[], preferred: 'DMY' | 'MDY' = 'DMY'): DetectedDateFormat | null {
  const shapes: Shape[] = [];
  for (const v of new Set(values)) {
    const s = shapeOf(v);
    if (s) shapes.push(s);
  }
  if (values.length === 0 || shapes.length === 0) return null;
  const orders: DateOrder[] = ['YMD', 'DMY', 'MDY'];
  const scored = orders.map((order) => {
    const read = values.map((v) => readDate(v, { order }));
    return { order, read, ok: read.filter((r) => r !== null).length };
  });
  const best = Math.max(...scored.map((s) => s.ok));
  if (best === 0) return null;
  let winners = scored.filter((s) => s.ok === best);
  let ambiguous = false;
  if (winners.length > 1) {
    const dayMonth = winners.filter((w) => w.order !== 'YMD');
    if (dayMonth.length < winners.length) winners = winners.filter((w) => w.order === 'YMD');
    else {
      ambiguous = dayMonth.some((w) => w.read.some((r, i) => r !== dayMonth.find((o) => o !== w)?.read[i]));
      const sorted = dayMonth.filter((w) => isMonotonic(w.read));
      if (sorted.length === 1) winners = sorted;
      else winners = dayMonth.filter((w) => w.order === preferred);
    }
  }
  const order = winners[0]!.order;
  const sample = shapes[0]!;
  const shortDM = shapes.some((s) =>
    s.parts.some((p, i) => isNum(p) && p.length === 1 && (order === 'YMD' ? i > 0 : i < 2)),
  );
  const yearPart = order === 'YMD' ? 0 : 2;
  const year = shapes.every((s) => s.parts[yearPart]!.length <= 2) ? 2 : 4;
  const name = shapes.some((s) => !isNum(s.parts[order === 'MDY' ? 0 : 1]!));
  return {
    format: { order, monthName: name, pattern: buildPattern(order, sample, { shortDM, year, name }) },
    ambiguous,
    share: best / values.length,
  };
}

function isMonotonic(dates: (string | null)[]): boolean {
  const list = dates.filter((d): d is string => d !== null);
  let up = true;
  let down = true;
  for (let i = 1; i < list.length; i++) {
    if (list[i]! < list[i - 1]!) up = false;
    if (list[i]! > list[i - 1]!) down = false;
  }
  return up || down;
}
