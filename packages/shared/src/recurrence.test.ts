import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Frequency } from './constants.js';
import { FREQUENCIES } from './constants.js';
import { addDays, daysBetween, daysInMonth } from './dates.js';
import {
  type RecurrenceRule,
  firstOccurrenceOnOrAfter,
  indexOnOrAfter,
  isOccurrence,
  nextOccurrenceAfter,
  occurrenceAt,
  occurrencesBetween,
  relativeDayLabel,
} from './recurrence.js';

/**
 * The oracle: walk the calendar one day at a time and keep the days that match the rule's
 * description. Deliberately naive; it shares no arithmetic with the module under test.
 */
function oracle(rule: RecurrenceRule, horizon: string): string[] {
  const [, sm, sd] = rule.startDate.split('-').map(Number) as [number, number, number];
  const out: string[] = [];
  for (let day = rule.startDate; day <= horizon; day = addDays(day, 1)) {
    if (rule.endDate && day > rule.endDate) break;
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    const wanted = Math.min(sd, daysInMonth(y, m));
    const matches =
      rule.frequency === 'daily' ||
      (rule.frequency === 'weekly' && daysBetween(rule.startDate, day) % 7 === 0) ||
      (rule.frequency === 'monthly' && d === wanted) ||
      (rule.frequency === 'yearly' && m === sm && d === wanted);
    if (matches) out.push(day);
  }
  return out;
}

/** How far the oracle walks per frequency: enough for many occurrences, cheap enough to run often. */
const SPAN_DAYS: Record<Frequency, number> = { daily: 120, weekly: 400, monthly: 1500, yearly: 365 * 13 };

const pad = (n: number) => String(n).padStart(2, '0');
/** Start dates biased to the awkward ends of months and to 29 February. */
const startDate = fc.oneof(
  fc
    .record({
      y: fc.integer({ min: 1970, max: 2100 }),
      m: fc.integer({ min: 1, max: 12 }),
      d: fc.integer({ min: 28, max: 31 }),
    })
    .map(({ y, m, d }) => `${y}-${pad(m)}-${pad(Math.min(d, daysInMonth(y, m)))}`),
  fc.integer({ min: 0, max: 31 }).map((i) => `${1972 + 4 * i}-02-29`), // leap years 1972–2096
  fc
    .record({
      y: fc.integer({ min: 1970, max: 2100 }),
      m: fc.integer({ min: 1, max: 12 }),
      d: fc.integer({ min: 1, max: 31 }),
    })
    .map(({ y, m, d }) => `${y}-${pad(m)}-${pad(Math.min(d, daysInMonth(y, m)))}`),
);
const ruleArb = fc
  .record({
    frequency: fc.constantFrom(...FREQUENCIES),
    startDate,
    endOffset: fc.option(fc.integer({ min: 0, max: 365 * 13 }), { nil: undefined }),
  })
  .map(({ frequency, startDate: start, endOffset }) => ({
    frequency,
    startDate: start,
    endDate: endOffset === undefined ? null : addDays(start, endOffset),
  }));

describe('recurrence math against a day-by-day oracle', () => {
  it('occurrence k is the k-th matching day', () => {
    fc.assert(
      fc.property(ruleArb, (rule) => {
        const horizon = addDays(rule.startDate, SPAN_DAYS[rule.frequency]);
        const expected = oracle(rule, horizon);
        expected.forEach((date, k) => expect(occurrenceAt(rule, k)).toBe(date));
        // Past the horizon's last match, the next k is beyond the horizon (or ended).
        const after = occurrenceAt(rule, expected.length);
        if (after !== null) expect(after > horizon).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('occurrencesBetween, firstOccurrenceOnOrAfter and nextOccurrenceAfter agree with the oracle', () => {
    fc.assert(
      fc.property(
        ruleArb,
        fc.integer({ min: -60, max: 365 * 12 }),
        fc.integer({ min: 0, max: 400 }),
        (rule, fromOffset, length) => {
          const from = addDays(rule.startDate, Math.min(fromOffset, SPAN_DAYS[rule.frequency]));
          const to = addDays(from, length);
          const horizon = addDays(to, 800); // far enough to hold the next occurrence after `to`
          const all = oracle(rule, horizon);
          expect(occurrencesBetween(rule, from, to)).toEqual(all.filter((d) => d >= from && d <= to));
          // "today" anywhere in the window: next on/after and strictly after.
          const onOrAfter = all.find((d) => d >= to) ?? null;
          const strictlyAfter = all.find((d) => d > to) ?? null;
          if (onOrAfter === null || onOrAfter <= horizon) expect(firstOccurrenceOnOrAfter(rule, to)).toBe(onOrAfter);
          if (strictlyAfter === null || strictlyAfter <= horizon)
            expect(nextOccurrenceAfter(rule, to)).toBe(strictlyAfter);
          expect(isOccurrence(rule, to)).toBe(all.includes(to));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never places an occurrence after the end date; the end date itself can be one', () => {
    fc.assert(
      fc.property(ruleArb, fc.integer({ min: 0, max: 400 }), (rule, k) => {
        const date = occurrenceAt(rule, k);
        if (date !== null && rule.endDate) expect(date <= rule.endDate).toBe(true);
        const open = { ...rule, endDate: null };
        const last = occurrenceAt(open, k)!;
        expect(occurrenceAt({ ...rule, endDate: last }, k)).toBe(last);
      }),
      { numRuns: 300 },
    );
  });
});

describe('recurrence math by hand', () => {
  const monthly31: RecurrenceRule = { frequency: 'monthly', startDate: '2025-01-31' };

  it('monthly on the 31st: last day of short months, back to the 31st', () => {
    expect(occurrencesBetween(monthly31, '2025-01-01', '2025-06-30')).toEqual([
      '2025-01-31',
      '2025-02-28',
      '2025-03-31',
      '2025-04-30',
      '2025-05-31',
      '2025-06-30',
    ]);
    expect(occurrenceAt({ frequency: 'monthly', startDate: '2024-01-31' }, 1)).toBe('2024-02-29');
    expect(occurrenceAt({ frequency: 'monthly', startDate: '2024-01-31' }, 2)).toBe('2024-03-31');
    expect(nextOccurrenceAfter(monthly31, '2025-02-28')).toBe('2025-03-31');
    expect(occurrenceAt(monthly31, 12)).toBe('2026-01-31');
  });

  it('yearly on 29 February: 28 February in common years, 29 in leap years', () => {
    const rule: RecurrenceRule = { frequency: 'yearly', startDate: '2024-02-29' };
    expect([0, 1, 2, 3, 4].map((k) => occurrenceAt(rule, k))).toEqual([
      '2024-02-29',
      '2025-02-28',
      '2026-02-28',
      '2027-02-28',
      '2028-02-29',
    ]);
    expect(occurrenceAt(rule, 76)).toBe('2100-02-28'); // 2100 is not a leap year
  });

  it('daily and weekly count whole days from the start', () => {
    expect(occurrencesBetween({ frequency: 'daily', startDate: '2024-02-27' }, '2024-02-28', '2024-03-01')).toEqual([
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
    const weekly: RecurrenceRule = { frequency: 'weekly', startDate: '2025-12-29' };
    expect(occurrencesBetween(weekly, '2025-12-30', '2026-01-13')).toEqual(['2026-01-05', '2026-01-12']);
  });

  it('respects the end date and the start date', () => {
    const rule: RecurrenceRule = { frequency: 'monthly', startDate: '2025-01-15', endDate: '2025-03-15' };
    expect(occurrencesBetween(rule, '2020-01-01', '2030-01-01')).toEqual(['2025-01-15', '2025-02-15', '2025-03-15']);
    expect(nextOccurrenceAfter(rule, '2025-03-15')).toBeNull();
    expect(occurrenceAt(rule, 3)).toBeNull();
    expect(occurrenceAt(rule, -1)).toBeNull();
    expect(firstOccurrenceOnOrAfter(rule, '2000-01-01')).toBe('2025-01-15');
    expect(nextOccurrenceAfter(rule, '2000-01-01')).toBe('2025-01-15');
  });

  it('jumps straight to far occurrences and stops at year 9999', () => {
    const daily: RecurrenceRule = { frequency: 'daily', startDate: '1970-01-01' };
    expect(indexOnOrAfter(daily, '2026-01-01')).toBe(20454);
    expect(occurrenceAt(daily, 20454)).toBe('2026-01-01');
    expect(occurrenceAt({ frequency: 'yearly', startDate: '9999-12-31' }, 1)).toBeNull();
    expect(nextOccurrenceAfter({ frequency: 'daily', startDate: '9999-12-30' }, '9999-12-31')).toBeNull();
    expect(occurrenceAt({ frequency: 'monthly', startDate: '9999-11-30' }, 1)).toBe('9999-12-30');
    expect(occurrenceAt({ frequency: 'monthly', startDate: '9999-11-30' }, 2)).toBeNull();
  });

  it('labels next dates relative to today', () => {
    expect(relativeDayLabel('2025-05-01', '2025-05-02')).toBe('Overdue');
    expect(relativeDayLabel('2025-05-02', '2025-05-02')).toBe('Today');
    expect(relativeDayLabel('2025-05-03', '2025-05-02')).toBe('Tomorrow');
    expect(relativeDayLabel('2025-06-01', '2025-05-02')).toBe('In 30 days');
  });
});
