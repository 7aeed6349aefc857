import { type RecurrenceRule, nextOccurrenceAfter } from '@ledgerly/shared';

/**
 * Skipped occurrences (docs/recurring.md, "Skipping"). An item's `skippedDates` lists scheduled
 * dates that are never generated; `nextDate` never rests on one of them.
 */

/** `date`, or the first occurrence after it that is not skipped; null past the end. */
export function nextUnskipped(rule: RecurrenceRule, date: string | null, skipped: readonly string[]): string | null {
  let next = date;
  while (next !== null && skipped.includes(next)) next = nextOccurrenceAfter(rule, next);
  return next;
}

/** The skips still worth keeping: those after the last generated occurrence (shown on the card). */
export function keptSkips(skipped: readonly string[], lastGenerated: string | null): string[] {
  return lastGenerated ? skipped.filter((d) => d > lastGenerated) : [...skipped];
}
