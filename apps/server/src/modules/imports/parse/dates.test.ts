import { describe, expect, it } from 'vitest';
import { detectDateFormat, formatFromPattern, readDate } from './dates.js';

describe('detectDateFormat', () => {
  it('finds the pattern of a column and keeps its separators and widths', () => {
    expect(detectDateFormat(['31.12.2022', '01.02.2023'])?.format.pattern).toBe('DD.MM.YYYY');
    expect(detectDateFormat(['6/12/15', '6/13/15'])?.format.pattern).toBe('M/D/YY');
    expect(detectDateFormat(['12-Dec-2019', '03-Dec-2019'])?.format.pattern).toBe('DD-MMM-YYYY');
    expect(detectDateFormat(['2019.04.19.', '2019.04.17.'])?.format.pattern).toBe('YYYY.MM.DD.');
    expect(detectDateFormat(['2014-10-01'])?.format.pattern).toBe('YYYY-MM-DD');
    expect(detectDateFormat(['20240131'])?.format.pattern).toBe('YYYYMMDD');
    expect(detectDateFormat(['01/10/2019', '12/15/2018'])?.format.pattern).toBe('MM/DD/YYYY');
    expect(detectDateFormat(['20.02.18'])?.format.pattern).toBe('DD.MM.YY');
  });

  it('calls a column ambiguous only when day and month could swap, and then prefers sorted dates', () => {
    const both = detectDateFormat(['01/04/20', '02/04/20']);
    expect(both?.ambiguous).toBe(true);
    expect(both?.format.order).toBe('DMY');
    expect(detectDateFormat(['03/03/10'])?.ambiguous).toBe(false);
    // read month-first the list runs in order; day-first it jumps about
    const sorted = detectDateFormat(['01/02/2024', '01/05/2024', '02/01/2024', '03/12/2024']);
    expect(sorted?.format.order).toBe('MDY');
    expect(sorted?.ambiguous).toBe(true);
    expect(detectDateFormat(['01/02/2024'], 'MDY')?.format.order).toBe('MDY');
  });

  it('reports the share of values it can read and null for a column without dates', () => {
    expect(detectDateFormat(['Pending', '12-Dec-2019', '02-Dec-2019'])?.share).toBeCloseTo(2 / 3);
    expect(detectDateFormat(['Posted', 'ACH', '558'])).toBeNull();
    expect(detectDateFormat(['1.234,56', '99'])).toBeNull();
  });
});

describe('readDate', () => {
  it('reads Quicken forms, times, month names in several languages and 2-digit years', () => {
    expect(readDate('6/ 1/94', { order: 'MDY' })).toBe('1994-06-01');
    expect(readDate("8/31' 0", { order: 'MDY' })).toBe('2000-08-31');
    expect(readDate("1/ 5'12", { order: 'MDY' })).toBe('2012-01-05');
    expect(readDate('2020-01-02 11:05:56', { order: 'YMD' })).toBe('2020-01-02');
    expect(readDate('2020-01-02T11:05:56Z', { order: 'YMD' })).toBe('2020-01-02');
    expect(readDate('05.12.2023 14:30', { order: 'DMY' })).toBe('2023-12-05');
    expect(readDate('3 Mär 2024', { order: 'DMY' })).toBe('2024-03-03');
    expect(readDate('15-janv.-2024', { order: 'DMY' })).toBe('2024-01-15');
    expect(readDate('1-juil-2024', { order: 'DMY' })).toBe('2024-07-01');
    expect(readDate('Jan 5, 2024', { order: 'MDY' })).toBe('2024-01-05');
    expect(readDate('01/02/69', { order: 'DMY' })).toBe('2069-02-01');
    expect(readDate('01/02/70', { order: 'DMY' })).toBe('1970-02-01');
  });

  it('refuses impossible dates and text', () => {
    expect(readDate('31/02/2024', { order: 'DMY' })).toBeNull();
    expect(readDate('29/02/2023', { order: 'DMY' })).toBeNull();
    expect(readDate('29/02/2024', { order: 'DMY' })).toBe('2024-02-29');
    expect(readDate('13/13/2024', { order: 'DMY' })).toBeNull();
    expect(readDate('Pending', { order: 'DMY' })).toBeNull();
    expect(readDate('', { order: 'YMD' })).toBeNull();
  });
});

describe('formatFromPattern', () => {
  it('reads the user patterns of DESIGN §7', () => {
    expect(formatFromPattern('DD.MM.YYYY')).toMatchObject({ order: 'DMY', monthName: false });
    expect(formatFromPattern('M/D/YY')).toMatchObject({ order: 'MDY' });
    expect(formatFromPattern('DD-MMM-YYYY')).toMatchObject({ order: 'DMY', monthName: true });
    expect(formatFromPattern('YYYY.MM.DD.')).toMatchObject({ order: 'YMD' });
    expect(formatFromPattern('MM/YYYY')).toBeNull();
    expect(formatFromPattern('DD/DD/YYYY')).toBeNull();
  });
});
