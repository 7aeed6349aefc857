import Papa from 'papaparse';

const CANDIDATES = [',', ';', '\t', '|'] as const;

/**
 * Picks the delimiter under which most lines of the first part of the file split into the same
 * number (≥ 2) of fields. Papaparse's own guess looks only at the first lines and is thrown off
 * by the metadata lines banks put above the header, so we score candidates ourselves.
 */
export function detectDelimiter(text: string): string {
  const sample = text.slice(0, 64 * 1024);
  let best: { delimiter: string; score: number; width: number } = { delimiter: ',', score: -1, width: 0 };
  for (const delimiter of CANDIDATES) {
    const rows = Papa.parse<string[]>(sample, { delimiter, preview: 80, skipEmptyLines: true }).data;
    const counts = new Map<number, number>();
    for (const row of rows) {
      const n = row.length;
      if (n >= 2) counts.set(n, (counts.get(n) ?? 0) + 1);
    }
    let modeWidth = 0;
    let modeCount = 0;
    for (const [width, count] of counts) {
      if (count > modeCount || (count === modeCount && width > modeWidth)) {
        modeWidth = width;
        modeCount = count;
      }
    }
    // rows at least as wide as the mode count too: trailing delimiters vary row by row
    const score = rows.filter((r) => r.length >= modeWidth && modeWidth >= 2).length;
    if (score > best.score || (score === best.score && modeWidth > best.width))
      best = { delimiter, score, width: modeWidth };
  }
  return best.delimiter;
}

/** All rows of the file as trimmed cells; blank lines stay as empty rows so line numbers hold. */
export function splitRows(text: string, delimiter: string): string[][] {
  const rows = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: false }).data;
  for (const row of rows) for (let i = 0; i < row.length; i++) row[i] = row[i]!.trim();
  return rows;
}
