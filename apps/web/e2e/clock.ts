/**
 * The e2e users' time zone: a fixed-offset zone where it is about midday when the run starts,
 * chosen once in playwright.config.ts (E2E_TZ) and used by the browser (timezoneId) and by every
 * user the tests register. "Today" then stays the same day for hours, so no test can straddle a
 * midnight between creating its data and checking it, whatever the hour CI runs at.
 */
export const E2E_TZ = process.env.E2E_TZ ?? 'UTC';

/** The IANA name of a fixed-offset zone where the local hour is about 12 at `now`. */
export function middayZone(now = new Date()): string {
  // Etc/GMT-N is N hours ahead of UTC (the sign is inverted); the zones run from +14 to -12.
  const ahead = Math.max(-12, Math.min(14, 12 - now.getUTCHours()));
  return ahead === 0 ? 'Etc/GMT' : `Etc/GMT${ahead > 0 ? '-' : '+'}${Math.abs(ahead)}`;
}

/** Today as YYYY-MM-DD in the e2e time zone. */
export function today(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: E2E_TZ,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

/** A calendar date moved by whole days. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
