import { describe, expect, it } from 'vitest';
import { decimalHint, detectDecimalMark, readAmount } from './amount.js';

const cents = (raw: string, mark: '.' | ',') => readAmount(raw, mark)?.cents ?? null;

describe('readAmount', () => {
  it('reads decimal points and commas with every thousands mark', () => {
    expect(cents('1,234.56', '.')).toBe(123456);
    expect(cents('1.234,56', ',')).toBe(123456);
    expect(cents("11'373.94", '.')).toBe(1137394);
    expect(cents('11’373.94', '.')).toBe(1137394);
    expect(cents('1 234 567,89', ',')).toBe(123456789);
    expect(cents('1\u00a0234,5', ',')).toBe(123450);
    expect(cents('-350', '.')).toBe(-35000);
    expect(cents('.5', '.')).toBe(50);
  });

  it('reads currency signs and codes, explicit signs, trailing minus, parentheses and CR/DR', () => {
    expect(cents('£1,183.23', '.')).toBe(118323);
    expect(cents('+ £1,100.00', '.')).toBe(110000);
    expect(cents('$-57.27', '.')).toBe(-5727);
    expect(cents('-€ 5,00', ',')).toBe(-500);
    expect(cents('5,00 EUR', ',')).toBe(500);
    expect(cents('12,50-', ',')).toBe(-1250);
    expect(cents('(42.10)', '.')).toBe(-4210);
    expect(cents('42.10 DR', '.')).toBe(-4210);
    expect(cents('42.10 CR', '.')).toBe(4210);
    expect(cents('−7.5', '.')).toBe(-750);
    expect(readAmount('+3', '.')).toEqual({ cents: 300, signed: true });
    expect(readAmount('3', '.')).toEqual({ cents: 300, signed: false });
  });

  it('rounds more than two decimals half away from zero per amount', () => {
    expect(cents('-00000000001500.0000', '.')).toBe(-150000);
    expect(cents('+00000000000115.8331', '.')).toBe(11583);
    expect(cents('-197.1063', '.')).toBe(-19711);
    expect(cents('0.125', '.')).toBe(13);
    expect(cents('-0.125', '.')).toBe(-13);
  });

  it('refuses text that is not an amount', () => {
    for (const raw of ['', 'abc', 'Partner 1', '12/04/2020', '1.2.3,4,5', '1,23,456.00', '12 apples', '--5']) {
      expect(readAmount(raw, '.'), raw).toBeNull();
    }
    expect(readAmount('1.234', ',')?.cents).toBe(123400);
    expect(readAmount('1,2345', ',')?.cents).toBe(123);
  });
});

describe('decimal mark detection', () => {
  it('tells a decimal mark from a thousands mark when the value decides it', () => {
    expect(decimalHint('1.234,56')).toBe(',');
    expect(decimalHint('1,234.56')).toBe('.');
    expect(decimalHint('12,5')).toBe(',');
    expect(decimalHint('1,234')).toBe('either');
    expect(decimalHint('1.234.567')).toBe(',');
    expect(decimalHint('350')).toBeNull();
  });

  it('decides a column by its values, else the fallback', () => {
    expect(detectDecimalMark(['49,37', '-1,78', '4.626,81'], '.')).toBe(',');
    expect(detectDecimalMark(['1,000.00', '2,500.00'], ',')).toBe('.');
    expect(detectDecimalMark(['-350', '1290'], ',')).toBe(',');
    expect(detectDecimalMark(['1,234'], '.')).toBe('.');
  });
});
