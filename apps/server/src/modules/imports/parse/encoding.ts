import chardet from 'chardet';
import iconv from 'iconv-lite';
import { ImportFileError } from './types.js';

export interface Decoded {
  text: string;
  /** The WHATWG name of the encoding used (TextDecoder's own `encoding`). */
  encoding: string;
}

const utf8Strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

function canonical(label: string): string | null {
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return null;
  }
}

/** WHATWG names iconv-lite spells differently. */
const ICONV_NAME: Record<string, string> = { 'x-mac-cyrillic': 'maccyrillic' };

/**
 * Decodes bytes in a WHATWG-named encoding. Only UTF-8 and UTF-16 go through `TextDecoder`: on
 * the Node versions we support its legacy decoders can be wrong (windows-1252 decodes as
 * Latin-1, so € ’ – — become C1 controls; nodejs/node#60888). Every other encoding goes through
 * iconv-lite's published tables; bytes an encoding leaves undefined become U+FFFD. The two
 * encodings iconv-lite lacks (iso-2022-jp, x-user-defined) fall back to `TextDecoder`.
 */
export function decodeAs(bytes: Uint8Array, encoding: string): string {
  const iconvName = ICONV_NAME[encoding] ?? encoding;
  if (encoding === 'utf-8' || encoding.startsWith('utf-16') || !iconv.encodingExists(iconvName)) {
    // ignoreBOM: false strips a BOM that matches the encoding.
    return new TextDecoder(encoding, { ignoreBOM: false }).decode(bytes);
  }
  return iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), iconvName);
}

/** Files we can name for the user even though they are not statements. */
function describeBinary(bytes: Uint8Array): string | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x25, 0x50, 0x44, 0x46))
    return 'This is a PDF document, not a statement export. Download the CSV, OFX, QIF or CAMT file from your bank instead.';
  if (starts(0x50, 0x4b, 0x03, 0x04) || starts(0xd0, 0xcf, 0x11, 0xe0))
    return 'This looks like an Excel workbook or an archive. Save it as CSV (or download the CSV, OFX, QIF or CAMT export) and import that.';
  if (starts(0x89, 0x50, 0x4e, 0x47) || starts(0xff, 0xd8, 0xff) || starts(0x47, 0x49, 0x46))
    return 'This is an image, not a statement export.';
  if (starts(0x1f, 0x8b)) return 'This is a compressed file. Unpack it and import the statement inside.';
  return null;
}

/** Guesses UTF-16 without a BOM from zero bytes in every other position. */
function utf16WithoutBom(bytes: Uint8Array): string | null {
  const n = Math.min(bytes.length - (bytes.length % 2), 4096);
  if (n < 4) return null;
  let evenZero = 0;
  let oddZero = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZero++;
    if (bytes[i + 1] === 0) oddZero++;
  }
  const pairs = n / 2;
  if (oddZero > pairs * 0.4 && evenZero < pairs * 0.05) return 'utf-16le';
  if (evenZero > pairs * 0.4 && oddZero < pairs * 0.05) return 'utf-16be';
  return null;
}

function looksBinary(text: string): boolean {
  const sample = text.slice(0, 8192);
  if (sample.length === 0) return false;
  let controls = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if (c === 0 || (c < 32 && c !== 9 && c !== 10 && c !== 13 && c !== 12) || c === 0xfffd) controls++;
  }
  return controls > sample.length * 0.02 || sample.includes('\u0000');
}

/**
 * Picks a legacy single-byte encoding for bytes that are not UTF-8. chardet ranks candidates by
 * language statistics; we keep the first one TextDecoder knows, and name ISO-8859-1/2 by their
 * Windows supersets when the bytes decode the same (banks' "latin-1" is nearly always cp1252).
 */
function guessLegacy(bytes: Uint8Array): string {
  const ranked = chardet.analyse(bytes);
  let best = 'windows-1252';
  for (const candidate of ranked) {
    const name = canonical(candidate.name);
    if (!name || name === 'utf-8' || name.startsWith('utf-16')) continue;
    best = name;
    break;
  }
  if (best === 'iso-8859-2') {
    // The two agree on letters used in practice unless bytes 0x80–0x9F (controls in ISO) or the
    // few differing positions occur; cp1250 is what Central European banks actually write.
    const a = decodeAs(bytes, 'iso-8859-2');
    const b = decodeAs(bytes, 'windows-1250');
    if (a === b || /[\u0080-\u009f]/.test(a)) best = 'windows-1250';
  }
  return best;
}

/**
 * Turns the file's bytes into text: a BOM decides, then UTF-16 by its zero bytes, then valid
 * UTF-8, then a statistical guess among the legacy single-byte encodings. `given` (a WHATWG
 * label chosen by the user) wins over all of that.
 */
export function decodeBytes(bytes: Uint8Array, given?: string): Decoded {
  if (bytes.length === 0) throw new ImportFileError('EMPTY_FILE', 'The file is empty.');
  const known = describeBinary(bytes);
  if (known) throw new ImportFileError('BINARY_FILE', known);

  let encoding: string;
  let text: string;
  if (given) {
    const name = canonical(given);
    if (!name) throw new ImportFileError('BAD_OPTIONS', `Unknown text encoding "${given}".`);
    encoding = name;
    text = decodeAs(bytes, name);
  } else if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    encoding = 'utf-8';
    text = decodeAs(bytes, encoding);
  } else if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    encoding = 'utf-16le';
    text = decodeAs(bytes, encoding);
  } else if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    encoding = 'utf-16be';
    text = decodeAs(bytes, encoding);
  } else {
    const utf16 = utf16WithoutBom(bytes);
    if (utf16) {
      encoding = utf16;
      text = decodeAs(bytes, encoding);
    } else {
      try {
        text = utf8Strict.decode(bytes);
        encoding = 'utf-8';
      } catch {
        encoding = guessLegacy(bytes);
        text = decodeAs(bytes, encoding);
      }
    }
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (looksBinary(text)) {
    throw new ImportFileError(
      'BINARY_FILE',
      'This file is not text. Export your statement from your bank as CSV, OFX, QIF or CAMT and import that.',
    );
  }
  if (text.trim() === '') throw new ImportFileError('EMPTY_FILE', 'The file is empty.');
  return { text, encoding };
}
