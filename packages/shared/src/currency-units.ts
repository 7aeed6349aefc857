/**
 * Every ISO 4217 code and its minor units (DESIGN §12, docs/currencies.md). The settings list of
 * 25 (`CURRENCIES`) is the spec's and stays as it is; accounts take any code of this registry.
 */
import { ISO_4217 } from './currency-registry.js';
import { currencySymbol, CURRENCIES } from './currencies.js';
import { MAX_AMOUNT_CENTS } from './money.js';

export interface CurrencyInfo {
  code: string;
  /** Digits after the decimal point of its minor unit: JPY 0, USD 2, KWD 3. */
  digits: number;
  name: string;
  /** When ISO withdrew it (YYYY-MM), null while current. */
  withdrawn: string | null;
}

export const CURRENCY_REGISTRY: ReadonlyMap<string, CurrencyInfo> = new Map(
  ISO_4217.map(([code, digits, name, withdrawn]) => [code, { code, digits, name, withdrawn }]),
);

/** Every code, current first (alphabetical), then the withdrawn ones: the account form's list. */
export const ALL_CURRENCIES: readonly CurrencyInfo[] = [...CURRENCY_REGISTRY.values()].sort(
  (a, b) => Number(a.withdrawn !== null) - Number(b.withdrawn !== null) || a.code.localeCompare(b.code),
);

export const UNKNOWN_CURRENCY_MESSAGE = 'Currency must be an ISO 4217 code such as USD, EUR or JPY';

export function isCurrencyCode(code: unknown): code is string {
  return typeof code === 'string' && CURRENCY_REGISTRY.has(code);
}

/** Minor-unit digits of a registry code; throws for an unknown code (validate first). */
export function currencyDigits(code: string): number {
  const info = CURRENCY_REGISTRY.get(code);
  if (!info) throw new Error(`Unknown currency ${code}`);
  return info.digits;
}

/** The currency's name for lists ("Lithuanian Litas"), the code itself when unknown. */
export function currencyName(code: string): string {
  return CURRENCY_REGISTRY.get(code)?.name ?? code;
}

export type MinorUnitsResult =
  { ok: true; minor: number } | { ok: false; reason: 'invalid' | 'decimals' | 'too_large' | 'not_positive' };

/**
 * A decimal amount in major units (a string such as "1234.5" or "-0.125", or a number) into
 * integer minor units of `code`, refusing more decimals than the currency has ("1.5" in JPY,
 * "1.2345" in KWD), exponents, and anything past MAX_AMOUNT_CENTS minor units. Exact: the digits
 * are moved, never multiplied as a float.
 */
export function parseMinorUnits(
  value: unknown,
  code: string,
  options: { signed?: boolean; allowZero?: boolean } = {},
): MinorUnitsResult {
  const digits = currencyDigits(code);
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { ok: false, reason: 'invalid' };
    text = String(value);
    if (text.includes('e')) return { ok: false, reason: Math.abs(value) >= 1 ? 'too_large' : 'decimals' };
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return { ok: false, reason: 'invalid' };
  }
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return { ok: false, reason: 'invalid' };
  const [, minus, whole = '0', frac = ''] = match;
  if (minus && !options.signed) return { ok: false, reason: 'not_positive' };
  // Trailing zeros say nothing more: "12.50" is fine in a currency of one decimal.
  const significant = frac.replace(/0+$/, '');
  if (significant.length > digits) return { ok: false, reason: 'decimals' };
  const wholeDigits = whole.replace(/^0+(?=\d)/, '');
  if (wholeDigits.length + digits > 15) return { ok: false, reason: 'too_large' };
  const abs = Number(wholeDigits + significant.padEnd(digits, '0'));
  if (abs > MAX_AMOUNT_CENTS) return { ok: false, reason: 'too_large' };
  if (abs === 0 && !options.allowZero) return { ok: false, reason: 'not_positive' };
  return { ok: true, minor: minus && abs !== 0 ? -abs : abs };
}

/** A sentence for a refused amount, naming the field and, for decimals, the currency's rule. */
export function minorUnitsMessage(
  field: string,
  code: string,
  reason: Exclude<MinorUnitsResult, { ok: true }>['reason'],
): string {
  const digits = CURRENCY_REGISTRY.get(code)?.digits ?? 2;
  switch (reason) {
    case 'decimals':
      return digits === 0
        ? `${field} in ${code} must be a whole number (${code} has no decimals)`
        : `${field} in ${code} can have at most ${digits} decimal${digits === 1 ? '' : 's'}`;
    case 'too_large':
      return `${field} is too large`;
    case 'not_positive':
      return `${field} must be more than zero`;
    default:
      return `${field} must be a number such as 12.50`;
  }
}

/** Integer minor units as a plain decimal string in the currency's digits: (1250, USD) → "12.50", (5, JPY) → "5". */
export function minorToDecimalString(minor: number, code: string): string {
  const digits = currencyDigits(code);
  const sign = minor < 0 ? '-' : '';
  const abs = String(Math.abs(minor)).padStart(digits + 1, '0');
  if (digits === 0) return `${sign}${abs}`;
  return `${sign}${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
}

/**
 * Minor units as the app writes money in that currency: sign, symbol (the settings list's, else
 * the code and a space), thousands separators, the currency's own decimals:
 * (-123456, USD) → "-$1,234.56", (1234, JPY) → "¥1,234", (1234567, KWD) → "KWD 1,234.567".
 */
export function formatMinorUnits(minor: number, code: string): string {
  const [whole = '0', frac] = minorToDecimalString(Math.abs(minor), code).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  const prefix = CURRENCIES.some((c) => c.code === code) ? currencySymbol(code) : `${code} `;
  return `${minor < 0 ? '-' : ''}${prefix}${grouped}${frac === undefined ? '' : `.${frac}`}`;
}
