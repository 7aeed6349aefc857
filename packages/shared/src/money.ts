/** Money travels as integer cents inside the system; only the edges see decimals. */
import { DEFAULT_CURRENCY, currencySymbol } from './currencies.js';

/** Largest amount accepted anywhere: 9,999,999,999.99. */
export const MAX_AMOUNT_CENTS = 999_999_999_999;

const DECIMAL = /^\d{1,10}(\.\d{1,2})?$/;

/**
 * Parses a decimal amount in major units (a number or a numeric string) into cents.
 * Returns null for anything that is not a positive amount with at most two decimals.
 */
export function toCents(value: unknown): number | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    const cents = Math.round(value * 100);
    if (Math.abs(cents - value * 100) > 1e-6) return null;
    if (cents <= 0 || cents > MAX_AMOUNT_CENTS) return null;
    return cents;
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return null;
  }
  if (!DECIMAL.test(text)) return null;
  const [whole, frac = ''] = text.split('.');
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  if (cents <= 0 || cents > MAX_AMOUNT_CENTS) return null;
  return cents;
}

/**
 * A signed amount (balances, opening balances, limits): like toCents, but zero and negative
 * amounts ("-12.50", -12.5) are allowed. Null when unreadable or beyond the maximum.
 */
export function toSignedCents(value: unknown): number | null {
  if (value === 0 || value === '0' || value === '0.00' || value === '0.0') return 0;
  if (typeof value === 'number') {
    if (value === 0) return 0;
    const cents = toCents(Math.abs(value));
    return cents === null ? null : value < 0 ? -cents : cents;
  }
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const negative = text.startsWith('-');
  const rest = negative ? text.slice(1) : text;
  if (/^0+(\.0+)?$/.test(rest)) return 0;
  const cents = toCents(rest);
  return cents === null ? null : negative ? -cents : cents;
}

/**
 * Whether a value that `toCents` refuses is a well-formed positive amount that is only too large
 * (so the message can name the maximum rather than call it invalid).
 */
export function isOverMaxAmount(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value) && value * 100 > MAX_AMOUNT_CENTS;
  if (typeof value !== 'string') return false;
  const text = value.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return false;
  const whole = (text.split('.')[0] ?? '').replace(/^0+(?=\d)/, '');
  return whole.length > 10 || (whole.length === 10 && Number(text) * 100 > MAX_AMOUNT_CENTS);
}

/** Cents to a number in major units (exact for any amount we store). */
export function fromCents(cents: number): number {
  return cents / 100;
}

/** Integer cents as a plain decimal string with two decimals: 1250 → "12.50", -5 → "-0.05". */
export function centsToDecimalString(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 123456789 cents → "1,234,567.89": unsigned, thousands separators, exact from the integer. */
export function groupedAmount(cents: number): string {
  const [whole = '0', frac = '00'] = centsToDecimalString(Math.abs(cents)).split('.');
  return `${whole.replace(/\B(?=(\d{3})+$)/g, ',')}.${frac}`;
}

export interface MoneyFormatOptions {
  /**
   * Whether the output can show this symbol (a PDF font may lack "₹"); when it cannot, the
   * ISO code and a space stand in for it ("INR 1,234.56"). Every symbol fits by default.
   */
  symbolFits?: (symbol: string) => boolean;
}

/** Sign, symbol (or code) and grouped digits: the one way money is written. */
function compose(negative: boolean, absCents: number, currency: string, options: MoneyFormatOptions): string {
  const symbol = currencySymbol(currency);
  const prefix = options.symbolFits && !options.symbolFits(symbol) ? `${currency} ` : symbol;
  // What Intl.NumberFormat writes for these, should a broken figure ever reach the screen.
  const digits = Number.isNaN(absCents) ? 'NaN' : absCents === Infinity ? '∞' : groupedAmount(absCents);
  return `${negative ? '-' : ''}${prefix}${digits}`;
}

/**
 * Integer cents as the app shows money: symbol, thousands separators, two decimals
 * (-123456 → "-$1,234.56"). Unknown currencies take the fallback symbol.
 */
export function formatCents(
  cents: number,
  currency: string = DEFAULT_CURRENCY,
  options: MoneyFormatOptions = {},
): string {
  return compose(cents < 0, Math.abs(cents), currency, options);
}

/**
 * A non-negative amount in major units to whole cents, rounded half up on its shortest decimal
 * form, as Intl.NumberFormat rounds (1.005 → 101, although the double is 1.00499…).
 */
function roundToCents(amount: number): number {
  const text = String(amount);
  // NaN, Infinity and exponent forms (below 1e-6, from 1e21 up) are no real amount: as they are.
  if (!Number.isFinite(amount) || text.includes('e')) return Math.round(amount * 100);
  const [whole = '0', frac = ''] = text.split('.');
  const cents = Number(whole + frac.slice(0, 2).padEnd(2, '0'));
  return Number(frac[2] ?? '0') >= 5 ? cents + 1 : cents;
}

/** An amount in major units as the app shows money (1234.56 → "$1,234.56"). */
export function formatMoney(
  amount: number,
  currency: string = DEFAULT_CURRENCY,
  options: MoneyFormatOptions = {},
): string {
  return compose(amount < 0, roundToCents(Math.abs(amount)), currency, options);
}

/** A signed amount in cents: "+$12.00" for income, "-$12.00" for an expense. */
export function formatSignedCents(
  cents: number,
  type: 'income' | 'expense',
  currency: string = DEFAULT_CURRENCY,
  options: MoneyFormatOptions = {},
): string {
  return `${type === 'income' ? '+' : '-'}${formatCents(Math.abs(cents), currency, options)}`;
}

/** A signed amount in major units: "+$12.00" for income, "-$12.00" for an expense. */
export function formatSigned(amount: number, type: 'income' | 'expense', currency: string = DEFAULT_CURRENCY): string {
  return `${type === 'income' ? '+' : '-'}${formatMoney(Math.abs(amount), currency)}`;
}

/**
 * A category's share of a total, the one way it is written on the dashboard and in the PDF:
 * the server rounds the exact share once to one decimal (SQL `round(…, 1)`, half away from
 * zero), and every screen shows that figure with its one decimal: 41.9 → "41.9%", 42 → "42.0%".
 */
export function formatShare(percentage: number): string {
  return `${percentage.toFixed(1)}%`;
}
