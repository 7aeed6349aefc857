/** Calendar dates are 'YYYY-MM-DD' strings; "today" depends on the user's time zone. */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written as YYYY-MM-DD (rejects 2025-02-30). */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || y > 9999 || mo < 1 || mo > 12 || d < 1) return false;
  return d <= daysInMonth(y, mo);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** True if the string names an IANA time zone this runtime knows. */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/**
 * One formatter per time zone: building an Intl.DateTimeFormat costs far more than using one, and
 * the server asks for "today" on most requests. Bounded (a zone is a user setting, the list is
 * finite), and cleared if ever full.
 */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = dayFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    if (dayFormatters.size >= 1000) dayFormatters.clear();
    dayFormatters.set(timeZone, f);
  }
  return f;
}

/** Today's date in the given IANA time zone as YYYY-MM-DD. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = dayFormatter(timeZone).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Adds days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from a to b (b - a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

export function firstOfMonth(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

export function firstOfYear(date: string): string {
  return `${date.slice(0, 4)}-01-01`;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** A date from its parts (month 1–12): (2026, 3, 5) → "2026-03-05". */
export function isoDate(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** 'YYYY-MM' moved by n months (n may be negative). */
export function shiftMonth(month: string, n: number): string {
  const index = monthIndex(month) + n;
  return `${pad(Math.floor(index / 12), 4)}-${pad((index % 12) + 1, 2)}`;
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

/** The last day of a 'YYYY-MM' month (or of the month of a 'YYYY-MM-DD' date) as 'YYYY-MM-DD'. */
export function lastDayOfMonth(month: string): string {
  return `${month.slice(0, 7)}-${pad(daysInMonth(Number(month.slice(0, 4)), Number(month.slice(5, 7))), 2)}`;
}

/** The time zone of the machine or browser running this (its IANA name), else UTC. */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

// Display formats: en-US, as DESIGN §5 fixes them. Calendar dates are read as UTC midnight so
// the viewer's own offset never moves them by a day.

const SHORT_DATE = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "2026-03-05" (or a timestamp starting so) → "Mar 5, 2026" (en-US short). */
export function formatDate(isoDate: string): string {
  return SHORT_DATE.format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`));
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** "2026-03" → "Mar" (also "2026-03-05" → "Mar"). */
export function monthTick(month: string): string {
  return MONTH_NAMES[Number(month.slice(5, 7)) - 1] ?? month;
}

/** "2026-03" → "Mar 2026". */
export function monthLabel(month: string): string {
  return `${monthTick(month)} ${month.slice(0, 4)}`;
}

/** "2026-03-05" → "Mar 5". */
export function dayLabel(date: string): string {
  return `${MONTH_NAMES[Number(date.slice(5, 7)) - 1] ?? ''} ${Number(date.slice(8, 10))}`;
}
