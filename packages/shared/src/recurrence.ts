/**
 * Occurrence math of recurring items (DESIGN.md §4), pure and shared by server and browser.
 *
 * Occurrence k (k = 0, 1, 2, …) is always computed from the start date, never by stepping from
 * the previous occurrence, so a monthly item on the 31st falls on 30 April and 28/29 February
 * and returns to the 31st in May, and a yearly item on 29 February falls on 28 February in
 * common years and returns to the 29th in leap years. Nothing falls after the end date.
 * Every function jumps straight to the right k: cost does not grow with the distance from
 * the start date.
 */
import type { Frequency } from './constants.js';
import { daysBetween, daysInMonth, isoDate } from './dates.js';

export interface RecurrenceRule {
  frequency: Frequency;
  /** First occurrence (k = 0), YYYY-MM-DD. */
  startDate: string;
  /** Last day an occurrence may fall on (inclusive), or none. */
  endDate?: string | null;
}

/** Calendar dates stop at 9999-12-31 (the largest YYYY-MM-DD). */
const MAX_YEAR = 9999;
const DAY_MS = 86_400_000;

function parts(date: string): [number, number, number] {
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
}

function dayNumber(date: string): number {
  const [y, m, d] = parts(date);
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

function fromDayNumber(n: number): string | null {
  const d = new Date(n * DAY_MS);
  const y = d.getUTCFullYear();
  return y > MAX_YEAR ? null : isoDate(y, d.getUTCMonth() + 1, d.getUTCDate());
}

/** The day of `day` clamped to the length of the month (31 → 30 April, 29 → 28 February). */
function clampedDate(year: number, month: number, day: number): string | null {
  if (year > MAX_YEAR) return null;
  return isoDate(year, month, Math.min(day, daysInMonth(year, month)));
}

/** Occurrence k ignoring the end date; null past year 9999. */
function rawOccurrence(rule: RecurrenceRule, k: number): string | null {
  const [y, m, d] = parts(rule.startDate);
  switch (rule.frequency) {
    case 'daily':
      return fromDayNumber(dayNumber(rule.startDate) + k);
    case 'weekly':
      return fromDayNumber(dayNumber(rule.startDate) + 7 * k);
    case 'monthly': {
      const months = m - 1 + k;
      return clampedDate(y + Math.floor(months / 12), (months % 12) + 1, d);
    }
    case 'yearly':
      return clampedDate(y + k, m, d);
  }
}

/** Occurrence k (0 is the start date), or null when k < 0 or it falls after the end date. */
export function occurrenceAt(rule: RecurrenceRule, k: number): string | null {
  if (!Number.isSafeInteger(k) || k < 0) return null;
  const date = rawOccurrence(rule, k);
  if (date === null || (rule.endDate && date > rule.endDate)) return null;
  return date;
}

/** The smallest k whose occurrence is on or after `date` (the end date is not considered). */
export function indexOnOrAfter(rule: RecurrenceRule, date: string): number {
  if (date <= rule.startDate) return 0;
  const [y, m] = parts(rule.startDate);
  const [year, month] = parts(date);
  let k: number;
  switch (rule.frequency) {
    case 'daily':
      return daysBetween(rule.startDate, date);
    case 'weekly':
      return Math.ceil(daysBetween(rule.startDate, date) / 7);
    case 'monthly':
      k = (year - y) * 12 + (month - m);
      break;
    case 'yearly':
      k = year - y;
      break;
  }
  // Occurrence k falls in the same month (year) as `date`; if earlier in it, the next one is the answer.
  const candidate = rawOccurrence(rule, k);
  return candidate !== null && candidate < date ? k + 1 : k;
}

/** The first occurrence on or after `date`, or null if the series has ended by then. */
export function firstOccurrenceOnOrAfter(rule: RecurrenceRule, date: string): string | null {
  return occurrenceAt(rule, indexOnOrAfter(rule, date));
}

/** The first occurrence strictly after `date`, or null if the series has ended by then. */
export function nextOccurrenceAfter(rule: RecurrenceRule, date: string): string | null {
  const next = fromDayNumber(dayNumber(date) + 1);
  return next === null ? null : firstOccurrenceOnOrAfter(rule, next);
}

/** True if `date` is an occurrence of the rule. */
export function isOccurrence(rule: RecurrenceRule, date: string): boolean {
  return firstOccurrenceOnOrAfter(rule, date) === date;
}

/** Occurrences from `from` through `to` (both inclusive), oldest first, lazily. */
export function* iterateOccurrences(
  rule: RecurrenceRule,
  from: string,
  to: string,
): Generator<string, void, undefined> {
  for (let k = indexOnOrAfter(rule, from); ; k++) {
    const date = occurrenceAt(rule, k);
    if (date === null || date > to) return;
    yield date;
  }
}

/**
 * Occurrences from `from` through `to` (both inclusive), oldest first; at most `limit` of them
 * (default: all — mind long daily ranges).
 */
export function occurrencesBetween(rule: RecurrenceRule, from: string, to: string, limit = Infinity): string[] {
  const out: string[] = [];
  if (limit <= 0) return out;
  for (const date of iterateOccurrences(rule, from, to)) {
    out.push(date);
    if (out.length >= limit) break;
  }
  return out;
}

/** The spec's relative label of a next date: 'Overdue', 'Today', 'Tomorrow' or 'In N days'. */
export function relativeDayLabel(date: string, today: string): string {
  const days = daysBetween(today, date);
  if (days < 0) return 'Overdue';
  if (days === 0) return 'Today';
  if (days === 1) return 'Tomorrow';
  return `In ${days} days`;
}
