/** Money travels as integer cents inside the system; only the edges see decimals. */

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

/** Cents to a number in major units (exact for any amount we store). */
export function fromCents(cents: number): number {
  return cents / 100;
}
