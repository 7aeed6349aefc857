import { describe, expect, it } from 'vitest';
import { decodeBytes } from './encoding.js';
import { ImportFileError } from './types.js';

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
