/**
 * Amounts as banks print them: decimal comma or point, thousands marks `,` `.` `'` `’` and
 * spaces, currency signs and codes, leading +/-, trailing minus, parentheses, CR/DR markers,
 * and more than two decimals (rounded half away from zero per posting). No library reads all
 * of these locale forms leniently and exactly in integer cents, so this is hand-written.
 */

import { MAX_AMOUNT_TEXT } from './types.js';

export type DecimalMark = '.' | ',';

export interface ReadAmount {
  /** Signed cents as printed (before any sign convention of the file). */
  cents: number;
  /** The text carried an explicit sign: -, +, parentheses, trailing minus, CR or DR. */
  signed: boolean;
}

const CURRENCY_CHARS = /[$£€¥₹₽₩₪₺₴₦฿₫₱¢]|\b(?:[A-Z]{3})\b|\bkr\.?|\bKč|\bzł|\bFt\b|\bLei\b|\bSFr\.?|\bFr\.?/g;
const SPACES = /[\s\u00a0\u2007\u202f]/g;

const PLAIN = /^([+-]?)(\d[\d.,]*)$/;

const CR_DR_HEAD = /^(CR|DR|Cr|Dr|cr|dr)\.?\s*/;
const CR_DR_TAIL = /(CR|DR|Cr|Dr|cr|dr)\.?$/;

/**
 * Normalises the text and pulls off sign markers; returns the bare digits-and-marks core. Text
 * longer than any amount is refused first, and every pattern here is anchored or looks at a
 * fixed number of characters: an unanchored `\s*CR$` once took 111 s over a 160 KB cell.
 */
function split(raw: string): { core: string; negative: boolean; signed: boolean } | null {
  if (raw.length > MAX_AMOUNT_TEXT && raw.trim().length > MAX_AMOUNT_TEXT) return null;
  const plain = PLAIN.exec(raw);
  if (plain) return { core: plain[2]!, negative: plain[1] === '-', signed: plain[1] !== '' };
  let s = raw.trim();
  if (s === '') return null;
  let negative = false;
  let signed = false;
  let mark: string | undefined;
  const head = CR_DR_HEAD.exec(s);
  if (head) {
    mark = head[1]!;
    s = s.slice(head[0].length);
  } else {
    const end = s.slice(-3);
    const tail = CR_DR_TAIL.exec(end);
    if (tail) {
      mark = tail[1]!;
      s = s.slice(0, s.length - end.length + tail.index).trimEnd();
    }
  }
  if (mark) {
    signed = true;
    negative = mark.toUpperCase() === 'DR';
  }
  s = s
    .replace(/\u2212/g, '-')
    .replace(CURRENCY_CHARS, '')
    .replace(SPACES, ' ')
    .trim();
  if (s.startsWith('(') && s.endsWith(')')) {
    s = s.slice(1, -1).trim();
    negative = !negative;
    signed = true;
  }
  if (/^[-+]/.test(s)) {
    if (s[0] === '-') negative = !negative;
    signed = true;
    s = s.slice(1).trim();
  } else if (s.endsWith('-') || s.endsWith('+')) {
    if (s.endsWith('-')) negative = !negative;
    signed = true;
    s = s.slice(0, -1).trim();
  }
  s = s.trim();
  if (!(/^[\d.,' ’]+$/.test(s) && /\d/.test(s)) && !/^[.,]\d+$/.test(s)) return null;
  return { core: s, negative, signed };
}

/**
 * What the text says about the decimal mark: '.' or ',' when certain, 'either' when it could be
 * a thousands mark ("1,234"), null when it has no mark at all.
 */
export function decimalHint(raw: string): DecimalMark | 'either' | null {
  const parts = split(raw);
  if (!parts) return null;
  const s = parts.core.replace(/[ '’]/g, '');
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) return lastDot > lastComma ? '.' : ',';
  const mark = lastDot >= 0 ? '.' : lastComma >= 0 ? ',' : null;
  if (!mark) return null;
  const count = s.split(mark).length - 1;
  if (count > 1) return mark === '.' ? ',' : '.';
  const after = s.length - s.lastIndexOf(mark) - 1;
  if (after === 3 && s.indexOf(mark) > 0 && s.indexOf(mark) <= 3) return 'either';
  return mark;
}

/** Decides one decimal mark for a set of values; `fallback` when nothing decides. */
export function detectDecimalMark(values: Iterable<string>, fallback: DecimalMark): DecimalMark {
  let dot = 0;
  let comma = 0;
  for (const v of values) {
    const hint = decimalHint(v);
    if (hint === '.') dot++;
    else if (hint === ',') comma++;
  }
  if (dot === comma) return fallback;
  return dot > comma ? '.' : ',';
}

/** Exact decimal text → cents, rounded half away from zero at the third decimal. */
function toCents(intDigits: string, fracDigits: string): number | null {
  const intPart = intDigits === '' ? 0 : Number(intDigits);
  if (!Number.isSafeInteger(intPart) || intPart > 9_000_000_000_000) return null;
  const frac = (fracDigits + '000').slice(0, 3);
  let cents = intPart * 100 + Number(frac.slice(0, 2));
  if (Number(frac[2]) >= 5) cents += 1;
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Reads an amount with a known decimal mark; null when the text is not an amount. */
export function readAmount(raw: string, decimal: DecimalMark): ReadAmount | null {
  const parts = split(raw);
  if (!parts) return null;
  const thousands = decimal === '.' ? ',' : '.';
  let s = parts.core.replace(/[ '’]/g, '');
  const decimalAt = s.lastIndexOf(decimal);
  let intText = decimalAt >= 0 ? s.slice(0, decimalAt) : s;
  const fracText = decimalAt >= 0 ? s.slice(decimalAt + 1) : '';
  if (intText.includes(decimal) || fracText.includes(thousands) || fracText.includes(decimal)) return null;
  if (intText.includes(thousands)) {
    // thousands groups must be three digits, or the mark was really a decimal of another locale
    if (!/^\d{1,3}(?:[.,]\d{3})+$/.test(intText)) return null;
    intText = intText.split(thousands).join('');
  }
  s = intText;
  if (!/^\d*$/.test(s) || !/^\d*$/.test(fracText) || (s === '' && fracText === '')) return null;
  const cents = toCents(s, fracText);
  if (cents === null) return null;
  return { cents: parts.negative && cents !== 0 ? -cents : cents, signed: parts.signed };
}
