import Papa from 'papaparse';
import { ImportFileError, MAX_CSV_COLUMNS, MAX_CSV_LINE, MAX_CSV_ROWS, MAX_POSTINGS } from './types.js';

const count = (n: number) => n.toLocaleString('en-US');

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

/**
 * Refuses a physical line longer than any statement's before anything splits the text: a 19 MB
 * file of one line once took 1.9 GB and 7.8 s to split. One pass, no pattern.
 */
export function checkLineLengths(text: string): void {
  let start = 0;
  let line = 1;
  const n = text.length;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? text.charCodeAt(i) : 10;
    if (c !== 10 && c !== 13) continue;
    if (i - start > MAX_CSV_LINE) {
      throw new ImportFileError(
        'LINE_TOO_LONG',
        `Line ${count(line)} of this file is longer than ${count(MAX_CSV_LINE)} characters, far longer than a statement's lines; it was not read. Export the statement from your bank again as CSV.`,
      );
    }
    if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
    start = i + 1;
    line++;
  }
}

/**
 * All rows of the file as trimmed cells; blank lines stay as empty rows so line numbers hold.
 * Read row by row, so a file of more fields or rows than any statement has is refused as soon
 * as it shows, not after all of it was split.
 */
export function splitRows(text: string, delimiter: string): string[][] {
  const rows: string[][] = [];
  let refusal: ImportFileError | undefined;
  Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: false,
    step: (result, parser) => {
      const row = result.data;
      if (row.length > MAX_CSV_COLUMNS) {
        refusal = new ImportFileError(
          'TOO_WIDE',
          `Line ${count(rows.length + 1)} of this file has ${count(row.length)} fields; a statement has far fewer (at most ${count(MAX_CSV_COLUMNS)} are read). Check the file, or choose another delimiter.`,
        );
      } else if (rows.length >= MAX_CSV_ROWS) {
        refusal = new ImportFileError(
          'TOO_MANY_POSTINGS',
          `This file has more than ${count(MAX_CSV_ROWS)} lines; at most ${count(MAX_POSTINGS)} postings can be imported at once. Split it into smaller periods.`,
        );
      }
      if (refusal) {
        parser.abort();
        return;
      }
      for (let i = 0; i < row.length; i++) row[i] = row[i]!.trim();
      rows.push(row);
    },
  });
  if (refusal) throw refusal;
  return rows;
}
