import { addDays, daysBetween } from '@ledgerly/shared';

/** 'YYYY-MM' moved by n months (n may be negative). */
export function shiftMonth(month: string, n: number): string {
  const index = Number(month.slice(0, 4)) * 12 + (Number(month.slice(5, 7)) - 1) + n;
  const year = Math.floor(index / 12);
  return `${String(year).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

/**
 * Every 'YYYY-MM' from first to last inclusive. Counted, not compared: the month after 9999-12
 * is not a 'YYYY-MM' string and would compare below it, so a comparison loop never ended.
 */
export function eachMonth(first: string, last: string): string[] {
  const count = monthIndex(last) - monthIndex(first) + 1;
  return Array.from({ length: Math.max(0, count) }, (_, i) => shiftMonth(first, i));
}

/** Every 'YYYY-MM-DD' from first to last inclusive (counted, for the same reason as eachMonth). */
export function eachDay(first: string, last: string): string[] {
  const count = daysBetween(first, last) + 1;
  return Array.from({ length: Math.max(0, count) }, (_, i) => addDays(first, i));
}

/** The last day of a 'YYYY-MM' month as 'YYYY-MM-DD'. */
export function lastDayOfMonth(month: string): string {
  return addDays(`${shiftMonth(month, 1)}-01`, -1);
}

/** Puts the rows found on their keys and zeros on every other key, in the keys' order. */
export function fillSeries<R extends { key: string }, T>(
  keys: string[],
  rows: R[],
  make: (key: string, row?: R) => T,
): T[] {
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return keys.map((key) => make(key, byKey.get(key)));
}
