import { describe, expect, it } from 'vitest';
import { fromCents, groupedAmount, isOverMaxAmount, toCents } from './money.js';

describe('toCents', () => {
  it.each([
    [12.5, 1250],
    [1234.56, 123456],
    [0.01, 1],
    ['0.1', 10],
    ['  7 ', 700],
    ['9999999999.99', 999999999999],
    [0.29, 29],
    [1.005 * 100, 10050],
  ])('%j → %d cents', (input, cents) => {
    expect(toCents(input)).toBe(cents);
  });

  it.each([
    0,
    -1,
    0.001,
    1.234,
    '1.234',
    '',
    'abc',
    '1e3',
    '-5',
    NaN,
    Infinity,
    null,
    undefined,
    {},
    '10000000000',
    1e10,
  ])('refuses %j', (input) => {
    expect(toCents(input)).toBeNull();
  });

  it('round-trips', () => {
    expect(fromCents(toCents(1234.56)!)).toBe(1234.56);
  });
});

describe('isOverMaxAmount', () => {
  it('is true only for well-formed positive amounts above 9,999,999,999.99', () => {
    for (const v of ['10000000000', '10000000000.00', '99999999999999', ' 12345678901.5 ', 1e10, 10000000000.01])
      expect(isOverMaxAmount(v), String(v)).toBe(true);
    for (const v of [
      '9999999999.99',
      '0009999999999.99',
      9999999999.99,
      '1',
      '-10000000000',
      'abc',
      '1e11',
      '1.234',
      NaN,
      Infinity,
      null,
    ])
      expect(isOverMaxAmount(v), String(v)).toBe(false);
  });
});

describe('groupedAmount', () => {
  it('groups thousands exactly from integer cents', () => {
    expect(groupedAmount(0)).toBe('0.00');
    expect(groupedAmount(100)).toBe('1.00');
    expect(groupedAmount(99_999_999_999_999)).toBe('999,999,999,999.99');
    expect(groupedAmount(-123_456_78)).toBe('123,456.78');
  });
});
