import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defuseFormula, restoreFormula } from './spreadsheet-text.js';

describe('spreadsheet-safe text cells', () => {
  it('defuses the OWASP formula starters and nothing else', () => {
    expect(['=1+1', '+1', '-1', '@A1', '\tx', '\rx'].map(defuseFormula)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@A1",
      "'\tx",
      "'\rx",
    ]);
    expect(['Coffee', ' =1', "'x", '', '1-2'].map(defuseFormula)).toEqual(['Coffee', ' =1', "'x", '', '1-2']);
    // Already marked text gets one more mark, so reading back is exact.
    expect(defuseFormula("'=x")).toBe("''=x");
  });

  it('reads back exactly what was written, for any text, and never leaves a formula starter in front', () => {
    const text = fc.oneof(
      fc.string(),
      fc
        .tuple(fc.constantFrom("'", "''", ''), fc.constantFrom('=', '+', '-', '@', '\t', '\r', 'a'), fc.string())
        .map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(text, (s) => {
        const cell = defuseFormula(s);
        expect(cell).not.toMatch(/^[=+\-@\t\r]/);
        expect(restoreFormula(cell)).toBe(s);
      }),
      { numRuns: 2000 },
    );
  });
});
