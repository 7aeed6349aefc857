import { describe, expect, it } from 'vitest';
import { decodeAs, decodeBytes } from './encoding.js';
import { ImportFileError } from './types.js';

/** Undefined in the published table: decoded as U+FFFD. */
const UNDEF = 0xfffd;
const identity = Array.from({ length: 256 }, (_, b) => b);
/** Code points for bytes 0x00–0x7F then `high` (0x80–0xFF), as one table. */
const table = (high: number[]) => {
  expect(high).toHaveLength(128);
  return [...identity.slice(0, 0x80), ...high];
};
const patch = (base: number[], changes: Record<number, number>) => base.map((cp, b) => changes[b] ?? cp);

// The published mappings, written out from the standards (unicode.org MAPPINGS: ISO8859/8859-1.TXT,
// 8859-15.TXT, VENDORS/MICSFT/WINDOWS/CP1250.TXT, CP1252.TXT), not produced by the decoder.
const ISO_8859_1 = identity;
const ISO_8859_15 = patch(ISO_8859_1, {
  0xa4: 0x20ac, // €
  0xa6: 0x0160, // Š
  0xa8: 0x0161, // š
  0xb4: 0x017d, // Ž
  0xb8: 0x017e, // ž
  0xbc: 0x0152, // Œ
  0xbd: 0x0153, // œ
  0xbe: 0x0178, // Ÿ
});
// prettier-ignore
const CP1252_80_9F = [
  0x20ac, UNDEF, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, UNDEF, 0x017d, UNDEF,
  UNDEF, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, UNDEF, 0x017e, 0x0178,
];
const WINDOWS_1252 = table([...CP1252_80_9F, ...identity.slice(0xa0)]);
// prettier-ignore
const WINDOWS_1250 = table([
  0x20ac, UNDEF, 0x201a, UNDEF, 0x201e, 0x2026, 0x2020, 0x2021, UNDEF, 0x2030, 0x0160, 0x2039, 0x015a, 0x0164, 0x017d, 0x0179,
  UNDEF, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, UNDEF, 0x2122, 0x0161, 0x203a, 0x015b, 0x0165, 0x017e, 0x017a,
  0x00a0, 0x02c7, 0x02d8, 0x0141, 0x00a4, 0x0104, 0x00a6, 0x00a7, 0x00a8, 0x00a9, 0x015e, 0x00ab, 0x00ac, 0x00ad, 0x00ae, 0x017b,
  0x00b0, 0x00b1, 0x02db, 0x0142, 0x00b4, 0x00b5, 0x00b6, 0x00b7, 0x00b8, 0x0105, 0x015f, 0x00bb, 0x013d, 0x02dd, 0x013e, 0x017c,
  0x0154, 0x00c1, 0x00c2, 0x0102, 0x00c4, 0x0139, 0x0106, 0x00c7, 0x010c, 0x00c9, 0x0118, 0x00cb, 0x011a, 0x00cd, 0x00ce, 0x010e,
  0x0110, 0x0143, 0x0147, 0x00d3, 0x00d4, 0x0150, 0x00d6, 0x00d7, 0x0158, 0x016e, 0x00da, 0x0170, 0x00dc, 0x00dd, 0x0162, 0x00df,
  0x0155, 0x00e1, 0x00e2, 0x0103, 0x00e4, 0x013a, 0x0107, 0x00e7, 0x010d, 0x00e9, 0x0119, 0x00eb, 0x011b, 0x00ed, 0x00ee, 0x010f,
  0x0111, 0x0144, 0x0148, 0x00f3, 0x00f4, 0x0151, 0x00f6, 0x00f7, 0x0159, 0x016f, 0x00fa, 0x0171, 0x00fc, 0x00fd, 0x0163, 0x02d9,
]);

const hex = (n: number) => n.toString(16).toUpperCase().padStart(2, '0');
/** Byte-by-byte comparison that names every wrong byte ("0x92 → U+0092, want U+2019"). */
function mismatches(decoded: string, bytesIn: number[], expected: number[]) {
  const got = Array.from(decoded, (c) => c.codePointAt(0) ?? -1);
  expect(got).toHaveLength(bytesIn.length);
  return bytesIn
    .map((b, i) => [b, got[i] ?? -1, expected[b] ?? -1] as const)
    .filter(([, g, want]) => g !== want)
    .map(([b, g, want]) => `0x${hex(b)} → U+${hex(g).padStart(4, '0')}, want U+${hex(want).padStart(4, '0')}`);
}

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)));

describe('decodeBytes', () => {
  it('reads UTF-8 with and without a BOM', () => {
    expect(decodeBytes(new TextEncoder().encode('Dátum;Összeg\n'))).toEqual({
      text: 'Dátum;Összeg\n',
      encoding: 'utf-8',
    });
    expect(decodeBytes(bytes([0xef, 0xbb, 0xbf], 'Date,Amount'))).toEqual({ text: 'Date,Amount', encoding: 'utf-8' });
  });

  it('reads UTF-16 with a BOM and without one', () => {
    const le = Buffer.from('\uFEFFDatum;Betrag\n', 'utf16le');
    expect(decodeBytes(le)).toEqual({ text: 'Datum;Betrag\n', encoding: 'utf-16le' });
    expect(decodeBytes(Buffer.from('Datum;Betrag\n', 'utf16le')).encoding).toBe('utf-16le');
  });

  it('tells Central European windows-1250 from Western windows-1252', () => {
    // "Částka zúčtování" in cp1250
    const czech = bytes([0xc8], '\xe1stka z\xfa', [0xe8], 't', [0xf8], 'ov\xe1n\xed;P\xf8\xedjemce platby;\n');
    expect(decodeBytes(czech).encoding).toBe('windows-1250');
    const german = bytes('Buchungstag;Verwendungszweck;Betrag\n01.02.2024;M\xfcller Gr\xf6\xdfe Stra\xdfe;-5,00\n');
    const decoded = decodeBytes(german);
    expect(decoded.encoding).toBe('windows-1252');
    expect(decoded.text).toContain('Müller Größe Straße');
  });

  const TABLES: [string, number[]][] = [
    ['windows-1250', WINDOWS_1250],
    ['windows-1252', WINDOWS_1252],
    ['iso-8859-1', ISO_8859_1],
    ['iso-8859-15', ISO_8859_15],
  ];

  it.each(TABLES)('decodes every byte 0x00–0xFF of %s as the published table says', (encoding, expected) => {
    expect(mismatches(decodeAs(Uint8Array.from(identity), encoding), identity, expected)).toEqual([]);
  });

  // What a file goes through: the user's (WHATWG) label, its canonical name, then the decoder.
  // Controls 0x00–0x1F other than tab and newlines make a file binary, so those are left out here.
  // WHATWG names "iso-8859-1"/"latin1" windows-1252, so that label reads 0x80–0x9F as cp1252 does.
  const TEXT_BYTES = [0x09, 0x0a, 0x0d, ...identity.slice(0x20)];
  it.each([
    ['windows-1250', 'windows-1250', WINDOWS_1250],
    ['cp1252', 'windows-1252', WINDOWS_1252],
    ['iso-8859-1', 'windows-1252', patch(ISO_8859_1, Object.fromEntries(CP1252_80_9F.map((cp, i) => [0x80 + i, cp])))],
    ['l9', 'iso-8859-15', ISO_8859_15],
  ])('a file the user says is %s reads as %s, every text byte right', (label, name, expected) => {
    const padding = bytes('Date;Description;Amount\n'.repeat(20));
    const decoded = decodeBytes(Uint8Array.from([...padding, ...TEXT_BYTES]), label);
    expect(decoded.encoding).toBe(name);
    expect(decoded.text.slice(0, padding.length)).toBe('Date;Description;Amount\n'.repeat(20));
    expect(mismatches(decoded.text.slice(padding.length), TEXT_BYTES, expected)).toEqual([]);
  });

  it('guesses windows-1252 for a Western file and keeps € ’ – — (not C1 controls)', () => {
    // "McDonald’s", "Café Métro €uro", "A – B — C" in cp1252
    const file = bytes(
      'Date,Description,Amount\n2024-03-01,McDonald',
      [0x92],
      's,-8.50\n2024-03-02,Caf\xe9 M\xe9tro ',
      [0x80],
      'uro,-12.00\n2024-03-03,A ',
      [0x96],
      ' B ',
      [0x97],
      ' C,-1.00\n',
    );
    const decoded = decodeBytes(file);
    expect(decoded.encoding).toBe('windows-1252');
    expect(decoded.text).toContain('McDonald\u2019s');
    expect(decoded.text).toContain('Café Métro €uro');
    expect(decoded.text).toContain('A \u2013 B \u2014 C');
    expect(decoded.text).not.toMatch(/[\u0080-\u009f]/);
  });

  it('uses the encoding the user chose', () => {
    expect(decodeBytes(bytes('caf\xe9'), 'iso-8859-1')).toEqual({ text: 'café', encoding: 'windows-1252' });
  });

  it('refuses empty, binary and unknown-encoding input with a reason', () => {
    expect(() => decodeBytes(new Uint8Array())).toThrow(ImportFileError);
    expect(() => decodeBytes(bytes('\n\n  \n'))).toThrow(/empty/);
    expect(() => decodeBytes(bytes('%PDF-1.4 ...'))).toThrow(/PDF/);
    expect(() => decodeBytes(bytes([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toThrow(/Excel/);
    expect(() => decodeBytes(bytes([1, 2, 3, 0, 0, 7, 8, 200, 201, 0, 3, 4, 5, 6, 7]))).toThrow(/not text/);
    expect(() => decodeBytes(bytes('a'), 'klingon')).toThrow(/Unknown text encoding/);
  });
});
