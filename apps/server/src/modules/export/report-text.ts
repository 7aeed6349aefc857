import { currencySymbol } from '@ledgerly/shared';
import type { ReportFonts } from './report-fonts.js';

// Emoji and their joiners: left out when the font has no glyph, rather than drawn as '?'.
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
const INVISIBLE = /\u200d|\ufe0e|\ufe0f/gu;
const CONTROL = /[\p{Cc}\u2028\u2029]/gu;

/**
 * Text the font can draw: control characters become spaces, emoji it lacks are left out and any
 * other character it lacks becomes '?' (so a CJK description shows as '???', not as boxes).
 */
export function drawable(text: string, fonts: ReportFonts): string {
  let out = '';
  for (const ch of text.replace(CONTROL, ' ').replace(INVISIBLE, '')) {
    if (fonts.covers(ch.codePointAt(0) ?? 0)) out += ch;
    else if (!PICTOGRAPHIC.test(ch)) out += '?';
  }
  return out.replace(/\s{2,}/g, ' ').trim();
}

/** True if the font has every character of the text. */
export const canDraw = (text: string, fonts: ReportFonts) =>
  [...text].every((ch) => fonts.covers(ch.codePointAt(0) ?? 0));

/** 123456789 cents → "1,234,567.89": exact, from the integer. */
export function groupedAmount(cents: number): string {
  const abs = Math.abs(cents);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Money as the app shows it: symbol, thousands separators, two decimals ("-₹1,234.56"); the ISO
 * code instead of a symbol the font cannot draw ("-INR 1,234.56").
 */
export function formatMoney(cents: number, currency: string, fonts: ReportFonts): string {
  const symbol = currencySymbol(currency);
  const sign = cents < 0 ? '-' : '';
  const prefix = canDraw(symbol, fonts) ? symbol : `${currency} `;
  return `${sign}${prefix}${groupedAmount(cents)}`;
}

/** "+$12.00" for income, "-$12.00" for an expense. */
export function formatSigned(cents: number, type: 'income' | 'expense', currency: string, fonts: ReportFonts): string {
  return `${type === 'income' ? '+' : '-'}${formatMoney(Math.abs(cents), currency, fonts)}`;
}

const DATE_FORMAT = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "2025-03-05" → "Mar 5, 2025" (en-US short, as in the app). */
export function formatDate(isoDate: string): string {
  return DATE_FORMAT.format(new Date(`${isoDate}T00:00:00Z`));
}

/** The period line of the report. */
export function describePeriod(startDate?: string, endDate?: string): string {
  if (startDate && endDate) return `${formatDate(startDate)} – ${formatDate(endDate)}`;
  if (startDate) return `From ${formatDate(startDate)}`;
  if (endDate) return `Up to ${formatDate(endDate)}`;
  return 'All time';
}
