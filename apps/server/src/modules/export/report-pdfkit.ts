import type { ReportFonts } from './report-fonts.js';

type Doc = PDFKit.PDFDocument;

/** The text, or as much of it as fits followed by '…', and its width. */
export function fit(doc: Doc, text: string, width: number): { text: string; width: number } {
  const full = doc.widthOfString(text);
  if (full <= width) return { text, width: full };
  const chars = Array.from(text); // code points, so a cut never splits a surrogate pair
  const cut = (n: number) => `${chars.slice(0, n).join('').trimEnd()}…`;
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (doc.widthOfString(cut(mid)) <= width) lo = mid;
    else hi = mid - 1;
  }
  return { text: cut(lo), width: doc.widthOfString(cut(lo)) };
}

/**
 * pdfkit keeps the shaped layout of every distinct word of an embedded font for the whole
 * document (`layoutCache`, a speed-up): with thousands of unique amounts and descriptions the
 * memory grows with the report. Emptying it at each page break keeps memory flat and the cache
 * still serves the words a page repeats (dates, categories). If a pdfkit version stops having
 * these fields, this does nothing.
 */
export function forgetWordLayouts(doc: Doc): void {
  const families = (doc as unknown as { _fontFamilies?: Record<string, { layoutCache?: object }> })._fontFamilies;
  for (const font of Object.values(families ?? {})) {
    if (font.layoutCache) font.layoutCache = Object.create(null) as object;
  }
}

/** Registers the report's fonts under the names the writer uses. */
export function registerFonts(doc: Doc, fonts: ReportFonts): void {
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
}
