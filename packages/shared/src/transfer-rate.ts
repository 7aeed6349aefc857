import { currencyDigits } from './currency-units.js';
import { RATE_DECIMALS } from './rates.js';

/*
 * The exact arithmetic of a transfer between two currencies (DESIGN §12), on integers only:
 * amounts are integer minor units (hundredths, as every amount is stored today), a rate is a
 * decimal string ("1.0834"). Nothing passes through a float.
 */

/** Whole minor units of the stored hundredths for `code`: JPY 100 (no decimals), USD 1. */
export function storedUnit(code: string): number {
  return 10 ** Math.max(0, 2 - currencyDigits(code));
}

/** Whether `cents` (hundredths) has no more decimals than `code` has (¥1.50 has too many). */
export const fitsCurrency = (cents: number, code: string) => cents % storedUnit(code) === 0;

/** n / d rounded half to even, d > 0. */
function divideHalfEven(n: bigint, d: bigint): bigint {
  const negative = n < 0n;
  const a = negative ? -n : n;
  let q = a / d;
  const r = a % d;
  if (r * 2n > d || (r * 2n === d && q % 2n === 1n)) q += 1n;
  return negative ? -q : q;
}

function splitRate(rate: string): { int: bigint; scale: bigint } {
  const [whole = '0', frac = ''] = rate.split('.');
  return { int: BigInt(whole + frac), scale: 10n ** BigInt(frac.length) };
}

/**
 * `cents` of one currency at `rate` (units of `toCode` per unit of the other): hundredths of
 * `toCode`, rounded half-even once to that currency's digits.
 */
export function applyRate(cents: number, rate: string, toCode: string): number {
  const { int, scale } = splitRate(rate);
  const unit = BigInt(storedUnit(toCode));
  return Number(divideHalfEven(BigInt(cents) * int, scale * unit) * unit);
}

/** The rate two amounts imply (`inCents` per one of `outCents`), a decimal string of at most 12 decimals. */
export function impliedRate(outCents: number, inCents: number): string {
  const scale = 10n ** BigInt(RATE_DECIMALS);
  const scaled = divideHalfEven(BigInt(Math.abs(inCents)) * scale, BigInt(Math.abs(outCents)));
  const text = scaled.toString().padStart(RATE_DECIMALS + 1, '0');
  const whole = text.slice(0, -RATE_DECIMALS);
  const frac = text.slice(-RATE_DECIMALS).replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole;
}

/** A rate for people: at most 6 significant decimals ("0.923456", "153.2"). */
export function showRate(rate: string | number): string {
  const n = Number(rate);
  return n >= 1 ? String(Number(n.toFixed(4))) : String(Number(n.toPrecision(6)));
}
