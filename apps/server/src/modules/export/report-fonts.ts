import { existsSync, readFileSync } from 'node:fs';

/**
 * The fonts of the PDF report. DejaVu Sans (Debian package `fonts-dejavu-core`) is embedded
 * (subset) when installed: it draws every currency symbol of the app (₹ ₩ ₱ ฿ included) and
 * the Latin, Greek and Cyrillic scripts. Without it the report falls back to PDF's built-in
 * Helvetica, which knows only the Windows-1252 characters. Either way `covers` says which
 * characters the font can draw, read from the font's own character map.
 */
export interface ReportFonts {
  regular: string | Buffer;
  bold: string | Buffer;
  /** True for an embedded TrueType font, false for the built-in Helvetica. */
  embedded: boolean;
  /** Whether the font has a glyph for the code point. */
  covers(codePoint: number): boolean;
}

const FONT_DIRS = ['/usr/share/fonts/truetype/dejavu', '/usr/local/share/fonts/truetype/dejavu'];

// Characters Helvetica can show in a PDF (WinAnsiEncoding): printable Latin-1 plus these.
const CP1252_EXTRAS = new Set(Array.from('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ').map((c) => c.codePointAt(0)));

export const STANDARD_FONTS: ReportFonts = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
  embedded: false,
  covers: (cp) => (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff) || CP1252_EXTRAS.has(cp),
};

let cached: ReportFonts | undefined;

/** DejaVu Sans if installed (read once), else the built-in Helvetica. */
export function reportFonts(): ReportFonts {
  if (cached) return cached;
  cached = STANDARD_FONTS;
  for (const dir of FONT_DIRS) {
    const regularPath = `${dir}/DejaVuSans.ttf`;
    const boldPath = `${dir}/DejaVuSans-Bold.ttf`;
    if (!existsSync(regularPath) || !existsSync(boldPath)) continue;
    const regular = readFileSync(regularPath);
    const bold = readFileSync(boldPath);
    const regularMap = coveredCodePoints(regular);
    const boldMap = coveredCodePoints(bold);
    // A character is drawn only if both weights have it.
    cached = { regular, bold, embedded: true, covers: (cp) => regularMap.has(cp) && boldMap.has(cp) };
    break;
  }
  return cached;
}

/**
 * The code points a TrueType font maps to a real glyph, from its 'cmap' table (format 12, else
 * format 4, of the Unicode encodings).
 */
export function coveredCodePoints(font: Buffer): Set<number> {
  const covered = new Set<number>();
  const numTables = font.readUInt16BE(4);
  let cmap = -1;
  for (let i = 0; i < numTables; i++) {
    const record = 12 + i * 16;
    if (font.toString('latin1', record, record + 4) === 'cmap') cmap = font.readUInt32BE(record + 8);
  }
  if (cmap < 0) return covered;
  const subtables = new Map<number, number>();
  for (let i = 0; i < font.readUInt16BE(cmap + 2); i++) {
    const record = cmap + 4 + i * 8;
    const offset = cmap + font.readUInt32BE(record + 4);
    subtables.set(font.readUInt16BE(offset), offset);
  }
  const format12 = subtables.get(12);
  const format4 = subtables.get(4);
  if (format12 !== undefined) {
    const groups = font.readUInt32BE(format12 + 12);
    for (let g = 0; g < groups; g++) {
      const at = format12 + 16 + g * 12;
      const [start, end, glyph] = [font.readUInt32BE(at), font.readUInt32BE(at + 4), font.readUInt32BE(at + 8)];
      for (let cp = start; cp <= end; cp++) if (glyph + (cp - start) !== 0) covered.add(cp);
    }
  } else if (format4 !== undefined) {
    const segments = font.readUInt16BE(format4 + 6) / 2;
    const ends = format4 + 14;
    const starts = ends + segments * 2 + 2;
    const deltas = starts + segments * 2;
    const rangeOffsets = deltas + segments * 2;
    for (let s = 0; s < segments; s++) {
      const start = font.readUInt16BE(starts + s * 2);
      const end = font.readUInt16BE(ends + s * 2);
      const delta = font.readInt16BE(deltas + s * 2);
      const rangeOffset = font.readUInt16BE(rangeOffsets + s * 2);
      for (let cp = start; cp <= end && cp !== 0xffff; cp++) {
        let glyph: number;
        if (rangeOffset === 0) glyph = (cp + delta) & 0xffff;
        else {
          const raw = font.readUInt16BE(rangeOffsets + s * 2 + rangeOffset + (cp - start) * 2);
          glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
        }
        if (glyph !== 0) covered.add(cp);
      }
    }
  }
  return covered;
}
