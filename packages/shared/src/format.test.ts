import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatShare, formatSigned } from './index.js';

describe('format', () => {
  it('formats money with symbol, separators and two decimals', () => {
    expect(formatMoney(1234.56)).toBe('$1,234.56');
    expect(formatMoney(1234.56, 'EUR')).toBe('€1,234.56');
    expect(formatMoney(1234.56, 'MYR')).toBe('RM1,234.56');
    expect(formatMoney(-5, 'GBP')).toBe('-£5.00');
    expect(formatMoney(1, 'XXX')).toBe('$1.00');
  });

  it('signs amounts by type', () => {
    expect(formatSigned(12, 'income')).toBe('+$12.00');
    expect(formatSigned(12, 'expense', 'JPY')).toBe('-¥12.00');
  });

  it('writes a share with its one decimal, as the server rounded it', () => {
    expect(formatShare(41.9)).toBe('41.9%');
    expect(formatShare(42)).toBe('42.0%');
    expect(formatShare(100)).toBe('100.0%');
  });

  it('formats dates en-US short', () => {
    expect(formatDate('2026-03-05')).toBe('Mar 5, 2026');
  });
});
