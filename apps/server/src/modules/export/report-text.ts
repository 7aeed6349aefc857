import { formatDate, type MoneyFormatOptions } from '@ledgerly/shared';
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
  Array.from(text).every((ch) => fonts.covers(ch.codePointAt(0) ?? 0));

/** Money options for text drawn in these fonts: the ISO code stands in for a symbol they lack. */
export const moneyOptions = (fonts: ReportFonts): MoneyFormatOptions => ({
  symbolFits: (symbol) => canDraw(symbol, fonts),
});

/** The period line of the report. */
export function describePeriod(startDate?: string, endDate?: string): string {
  if (startDate && endDate) return `${formatDate(startDate)} – ${formatDate(endDate)}`;
  if (startDate) return `From ${formatDate(startDate)}`;
  if (endDate) return `Up to ${formatDate(endDate)}`;
  return 'All time';
}
