import { describe, expect, it } from 'vitest';
import { CURRENCIES } from './currencies.js';
import {
  ALL_CURRENCIES,
  CURRENCY_REGISTRY,
  currencyDigits,
  formatMinorUnits,
  isCurrencyCode,
  minorToDecimalString,
  minorUnitsMessage,
  parseMinorUnits,
} from './currency-units.js';

describe('currency registry', () => {
  it('has current and withdrawn codes with their minor units', () => {
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('USD')).toBe(2);
    expect(currencyDigits('KWD')).toBe(3);
    expect(currencyDigits('CLF')).toBe(4);
    expect(CURRENCY_REGISTRY.get('LTL')).toMatchObject({ digits: 2, withdrawn: '2014-12' });
    expect(CURRENCY_REGISTRY.get('ITL')).toMatchObject({ digits: 0 });
    expect(CURRENCY_REGISTRY.get('EUR')?.withdrawn).toBeNull();
    expect(isCurrencyCode('BTC')).toBe(false);
    expect(isCurrencyCode('XXX')).toBe(false);
    expect(isCurrencyCode('usd')).toBe(false);
    expect(() => currencyDigits('BTC')).toThrow();
  });

  it('holds every code of the settings list, and lists current codes before withdrawn ones', () => {
    for (const c of CURRENCIES) expect(isCurrencyCode(c.code)).toBe(true);
    expect(ALL_CURRENCIES.length).toBeGreaterThan(300);
    const firstWithdrawn = ALL_CURRENCIES.findIndex((c) => c.withdrawn);
    expect(ALL_CURRENCIES.slice(firstWithdrawn).every((c) => c.withdrawn)).toBe(true);
    expect(new Set(ALL_CURRENCIES.map((c) => c.code)).size).toBe(ALL_CURRENCIES.length);
  });
});

describe('parseMinorUnits', () => {
  it.each([
    ['12.5', 'USD', 1250],
    ['12.50', 'USD', 1250],
    [12.5, 'USD', 1250],
    ['1234', 'JPY', 1234],
    ['1234.00', 'JPY', 1234],
    ['1.234', 'KWD', 1234],
    [0.1, 'KWD', 100],
    ['0.0001', 'CLF', 1],
    ['9999999999.99', 'USD', 999999999999],
  ])('%j %s → %d', (value, code, minor) => {
    expect(parseMinorUnits(value, code)).toEqual({ ok: true, minor });
  });

  it.each([
    ['1.5', 'JPY', 'decimals'],
    [1.5, 'JPY', 'decimals'],
    ['1.2345', 'KWD', 'decimals'],
    ['0.001', 'USD', 'decimals'],
    [1e-7, 'USD', 'decimals'],
    ['1e3', 'USD', 'invalid'],
    ['', 'USD', 'invalid'],
    ['abc', 'USD', 'invalid'],
    [null, 'USD', 'invalid'],
    [Number.NaN, 'USD', 'invalid'],
    ['-5', 'USD', 'not_positive'],
    ['0', 'USD', 'not_positive'],
    ['10000000000', 'USD', 'too_large'],
    ['1000000000000', 'JPY', 'too_large'],
    [1e21, 'USD', 'too_large'],
  ])('refuses %j in %s (%s)', (value, code, reason) => {
    expect(parseMinorUnits(value, code)).toEqual({ ok: false, reason });
  });

  it('takes signed and zero amounts when asked', () => {
    expect(parseMinorUnits('-0.125', 'KWD', { signed: true })).toEqual({ ok: true, minor: -125 });
    expect(parseMinorUnits('0', 'JPY', { allowZero: true })).toEqual({ ok: true, minor: 0 });
    expect(parseMinorUnits('-0', 'JPY', { signed: true, allowZero: true })).toEqual({ ok: true, minor: 0 });
  });

  it('names the field and the currency’s rule in its message', () => {
    expect(minorUnitsMessage('Amount', 'JPY', 'decimals')).toBe(
      'Amount in JPY must be a whole number (JPY has no decimals)',
    );
    expect(minorUnitsMessage('Amount', 'KWD', 'decimals')).toBe('Amount in KWD can have at most 3 decimals');
  });

  it('round-trips through the decimal string for every code', () => {
    for (const c of ALL_CURRENCIES) {
      for (const minor of [0, 1, 7, 123456789, -42]) {
        const text = minorToDecimalString(minor, c.code);
        expect(parseMinorUnits(text, c.code, { signed: true, allowZero: true })).toEqual({ ok: true, minor });
      }
    }
  });
});

describe('formatMinorUnits', () => {
  it.each([
    [-123456, 'USD', '-$1,234.56'],
    [5, 'USD', '$0.05'],
    [1234, 'JPY', '¥1,234'],
    [1234567, 'KWD', 'KWD 1,234.567'],
    [100, 'LTL', 'LTL 1.00'],
    [0, 'EUR', '€0.00'],
  ])('%d %s → %s', (minor, code, text) => {
    expect(formatMinorUnits(minor, code)).toBe(text);
  });
});
